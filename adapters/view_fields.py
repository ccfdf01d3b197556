"""A player's view, and a seek's terms, as JSON-ready fields: what the API's answers and the
terminal's ``--json`` lines both show of them, so that the two formats cannot drift apart where
they say the same thing.

Cards are written as players type them (``7H``; Spanish faces ``7C``), seats numbered 1 and 2.
Built from the player's own ``PlayerView`` only: nothing here reads a hand but theirs.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card
from service.rules.seats import Phase, Seat
from service.rules.view import PlayerView
from service.seeks.terms import SeekTerms
from service.words.prompts import action_text, options_text


def seat_number(value: Seat | None) -> int | None:
    return None if value is None else value.number


def view_fields(
    view: PlayerView, tr: Translator = ENGLISH, commands: Translator | None = None
) -> dict[str, object]:
    """Everything in the view; what the player can do (``options``) in ``tr``'s language, the
    legal moves as commands in ``commands``'s (by default ``tr``'s)."""
    faces = view.variant.deck_faces

    def names(cards: Iterable[Card]) -> list[str]:
        return [card_text(one, faces) for one in cards]

    match = view.match
    return {
        "seat": view.seat.number,
        "phase": view.phase.value,
        "to_act": seat_number(view.to_act),
        "dealer": view.dealer.number,
        "deal": view.deal_number,
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
        "match_winner": seat_number(match.winner),
        "variant": view.variant.changed_flags(),
        "legal": [action_text(one, faces, commands or tr) for one in view.legal_actions],
        "options": options_text(view, tr),
        "over": view.phase is Phase.OVER,
    }


def terms_fields(terms: SeekTerms) -> dict[str, object]:
    """A seek's terms in the names ``POST /api/v1/games`` takes them by."""
    match = terms.match
    return {
        "deals": match.deals,
        "target": match.target,
        "stake": match.stake,
        "move_seconds": terms.time_control.move_seconds,
        "rated": terms.rated,
        "variant": terms.variant.changed_flags(),
    }
