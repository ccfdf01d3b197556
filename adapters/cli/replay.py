"""A finished game shown step by step: as text for the terminal viewer, and as JSON objects.

Both hands are shown, so these are only ever given steps that ``service.log.replays.steps`` allowed
(a finished game, or an operator).  Cards are written as in ``render.py``: ``7H``, or the Spanish
faces when the game uses them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

from service.game.codec import encode, name_of
from service.game.state import Game
from service.language.notation import card_text, cards_text
from service.log.file import format_time
from service.log.replays import Step
from service.rules.cards import Card, CardSet
from service.rules.seats import Seat
from service.words.narration import center_text, describe, table_text

HELP = "n or Enter: next · b: back · j N: jump to step N · q: quit"


def sentence(step: Step) -> str:
    """What the step's event did, in one sentence."""
    return describe(step.event, step.game.variant)


def step_json(step: Step) -> dict[str, object]:
    """One step: the event as the log writes it, a sentence, and the whole game after it."""
    return {
        "seq": step.seq,
        "at": format_time(step.at),
        "name": name_of(step.event),
        "data": encode(step.event),
        "text": sentence(step),
        "state": state_json(step.game),
    }


def state_json(game: Game) -> dict[str, object]:
    """Everything in the game, both hands included."""
    rules, faces = game.rules, game.variant.deck_faces

    def names(cards: Iterable[Card]) -> list[str]:
        return [card_text(one, faces) for one in cards]

    return {
        "status": game.status,
        "players": list(game.players),
        "phase": rules.phase.value,
        "deal": rules.deal_number,
        "dealer": rules.dealer.number if rules.deal_number else None,
        "player": rules.player.number if rules.deal_number else None,
        "to_act": _number(rules.to_act),
        "hands": [names(CardSet(hand)) for hand in rules.hands],
        "tables": [[names(combo) for combo in table] for table in rules.tables],
        "center": None if rules.center is None else card_text(rules.center, faces),
        "center_source": None if rules.source is None else rules.source.value,
        "stock": rules.stock_size,
        "dead": len(rules.dead),
        "dead_cards": names(rules.dead),
        "scores": list(rules.scores),
        "multiplier": rules.match.multiplier,
        "results": [
            {
                "deal": r.number,
                "dealer": r.dealer.number,
                "winner": _number(r.winner),
                "amount": r.amount,
            }
            for r in rules.results
        ],
        "match_winner": _number(rules.match.winner),
    }


def _number(seat: Seat | None) -> int | None:
    return None if seat is None else seat.number


def step_text(step: Step, index: int, count: int) -> str:
    """The terminal picture of one step: what happened, then the whole table."""
    game, rules = step.game, step.game.rules
    faces = game.variant.deck_faces
    lines = [
        f"Step {index + 1}/{count} · {step.at:%Y-%m-%d %H:%M:%S} UTC · {name_of(step.event)}",
        sentence(step),
    ]
    if rules.deal_number:
        scores = rules.scores
        lines.append(
            f"Deal {rules.deal_number} · dealer: player {rules.dealer.number} · stock "
            f"{rules.stock_size} · dead {len(rules.dead)} · stake ×{rules.match.multiplier} · "
            f"score {scores[0]}–{scores[1]}"
        )
        for seat in Seat:
            hand = cards_text(CardSet(rules.hands[seat]), faces) or "(empty)"
            lines.append(
                f"Player {seat.number} ({game.players[seat]}): hand {hand} · table "
                f"{table_text(rules.tables[seat], faces)}"
            )
        if rules.center is not None and rules.source is not None:
            center = center_text(rules.center, rules.source, rules.player, faces)
            lines.append(f"Center card: {center}")
        if rules.dead:
            lines.append(f"Dead cards: {cards_text(rules.dead, faces)}")
    return "\n".join(lines)


def view(steps: Sequence[Step], commands: Iterator[str], write: Callable[[str], None]) -> int:
    """The step-by-step viewer: reads commands until ``q`` or the end of input."""
    at = 0
    write(step_text(steps[at], at, len(steps)))
    write(HELP)
    for line in commands:
        word, _, rest = line.strip().lower().partition(" ")
        if word in ("q", "quit"):
            return 0
        if word in ("", "n", "next"):
            moved = min(at + 1, len(steps) - 1)
            note = "" if moved != at else "That was the last step."
        elif word in ("b", "back"):
            moved = max(at - 1, 0)
            note = "" if moved != at else "This is the first step."
        elif word in ("j", "jump") and rest.strip().isdigit():
            wanted = int(rest)
            moved = min(max(wanted, 1), len(steps)) - 1
            note = "" if wanted == moved + 1 else f"There are steps 1 to {len(steps)}."
        else:
            write(f"Unknown command {line.strip()!r}. {HELP}")
            continue
        if note:
            write(note)
        at = moved
        write(step_text(steps[at], at, len(steps)))
    return 0
