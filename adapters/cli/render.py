"""A player's view as text for the terminal, and as a JSON-ready dict for scripts."""

from __future__ import annotations

from collections.abc import Iterable

from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card
from service.rules.seats import Phase, Seat
from service.rules.view import PlayerView
from service.words.cast import anonymous, named
from service.words.position import position
from service.words.prompts import action_text, options_text


def view_text(
    view: PlayerView, tr: Translator = ENGLISH, names: tuple[str, str] | None = None
) -> str:
    """The position as ``view.seat`` sees it (``service.words.position``), then what they can do, in
    ``tr``'s language; the seats are called by ``names``, by default by their numbers."""
    cast = anonymous(tr, view.seat) if names is None else named(names, tr, view.seat)
    seen = position(view, cast, tr)
    stake = tr.gettext(
        "Dealer: player {dealer} · stake ×{stake}",
        dealer=view.dealer.number,
        stake=view.match.multiplier,
    )
    return "\n".join([stake, *seen.all_lines])


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
