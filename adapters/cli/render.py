"""A player's view as text for the terminal, and as a JSON-ready dict for scripts."""

from __future__ import annotations

from collections.abc import Iterable

from service.language.notation import card_text, cards_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card
from service.rules.seats import Phase, Seat
from service.rules.view import PlayerView
from service.words.narration import center_text, table_text
from service.words.prompts import action_text, options_text


def view_text(view: PlayerView, tr: Translator = ENGLISH) -> str:
    """The table as ``view.seat`` sees it, then what they can do, in ``tr``'s language."""
    faces = view.variant.deck_faces
    me, them = view.seat, view.opponent
    match = view.match
    empty = tr.gettext("(empty)")
    lines = [
        tr.gettext(
            "Deal {deal} · you are player {me} · dealer: player {dealer} · stock {stock} · "
            "dead {dead} · stake ×{stake} · score {mine}–{theirs}",
            deal=view.deal_number,
            me=me.number,
            dealer=view.dealer.number,
            stock=view.stock_size,
            dead=view.dead_size,
            stake=match.multiplier,
            mine=match.scores[me],
            theirs=match.scores[them],
        ),
        tr.ngettext(
            "Player {number}'s table: {table}   ({n} card in hand)",
            "Player {number}'s table: {table}   ({n} cards in hand)",
            view.hand_sizes[them],
            number=them.number,
            table=table_text(view.tables[them], faces, tr),
        ),
        tr.gettext("Your table: {table}", table=table_text(view.tables[me], faces, tr)),
    ]
    if view.center is not None and view.source is not None:
        center = center_text(view.center, view.source, view.player, faces, tr)
        lines.append(tr.gettext("Center card: {card}", card=center))
    if view.dead:
        lines.append(tr.gettext("Dead cards: {cards}", cards=cards_text(view.dead, faces)))
    lines.append(tr.gettext("Your hand: {cards}", cards=cards_text(view.hand, faces) or empty))
    if view.revealed is not None:
        revealed = cards_text(view.revealed, faces) or empty
        lines.append(
            tr.gettext("Player {number}'s hand was: {cards}", number=them.number, cards=revealed)
        )
    lines.append(options_text(view, tr))
    return "\n".join(lines)


def view_json(view: PlayerView, tr: Translator = ENGLISH) -> dict[str, object]:
    """Everything in the view, with cards written as ``7H`` and seats numbered 1 and 2."""
    faces = view.variant.deck_faces

    def names(cards: Iterable[Card]) -> list[str]:
        return [card_text(one, faces) for one in cards]

    def seat(value: Seat | None) -> int | None:
        return None if value is None else value.number

    match = view.match
    return {
        "seat": view.seat.number,
        "phase": view.phase.value,
        "to_act": seat(view.to_act),
        "player": view.player.number,
        "dealer": view.dealer.number,
        "deal": view.deal_number,
        "turns": view.turns,
        "hand": names(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "tables": [[names(combo) for combo in table] for table in view.tables],
        "center": None if view.center is None else card_text(view.center, faces),
        "center_source": None if view.source is None else view.source.value,
        "stock": view.stock_size,
        "dead": view.dead_size,
        "dead_cards": names(view.dead),
        "revealed": None if view.revealed is None else names(view.revealed),
        "scores": list(match.scores),
        "multiplier": match.multiplier,
        "results": [
            {
                "deal": r.number,
                "dealer": r.dealer.number,
                "winner": seat(r.winner),
                "amount": r.amount,
            }
            for r in match.results
        ],
        "match_winner": seat(match.winner),
        "variant": view.variant.changed_flags(),
        "legal": [action_text(action, faces) for action in view.legal_actions],
        "options": options_text(view, tr),
        "over": view.phase is Phase.OVER,
    }
