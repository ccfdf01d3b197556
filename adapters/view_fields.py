"""A player's view, and a seek's terms, as JSON-ready fields: what the API's answers and the
terminal's ``--json`` lines both show of them, so that the two formats cannot drift apart where
they say the same thing.

Cards are written as players type them (``7H``; Spanish faces ``7C``), seats numbered 1 and 2.
Built from the player's own ``PlayerView`` only, or a spectator's ``SpectatorView``: nothing
here reads a hand but the player's own (or both, shown at a deal's end).
"""

from __future__ import annotations

from collections.abc import Iterable

from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card
from service.rules.seats import Phase, Seat
from service.rules.spectator import SpectatorView
from service.rules.variants import DeckFaces
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
    return {
        "seat": view.seat.number,
        "hand": _names(view.hand, faces),
        **table_fields(view),
        "revealed": None if view.revealed is None else _names(view.revealed, faces),
        "legal": [action_text(one, faces, commands or tr) for one in view.legal_actions],
        "options": options_text(view, tr),
    }


def spectator_fields(view: SpectatorView) -> dict[str, object]:
    """Everything a spectator's view holds: the table, and both hands by seat once the deal has
    ended (``shown``)."""
    faces = view.variant.deck_faces
    shown = None if view.shown is None else [_names(hand, faces) for hand in view.shown]
    return {**table_fields(view), "shown": shown}


def table_fields(view: PlayerView | SpectatorView) -> dict[str, object]:
    """What a player's view and a spectator's both show: the public table."""
    faces = view.variant.deck_faces
    match = view.match
    return {
        "phase": view.phase.value,
        "to_act": seat_number(view.to_act),
        "dealer": view.dealer.number,
        "deal": view.deal_number,
        "hand_sizes": list(view.hand_sizes),
        "tables": [[_names(combo, faces) for combo in table] for table in view.tables],
        "center": None if view.center is None else card_text(view.center, faces),
        "center_source": None if view.source is None else view.source.value,
        "stock": view.stock_size,
        "dead": view.dead_size,
        "dead_cards": _names(view.dead, faces),
        "scores": list(match.scores),
        "multiplier": match.multiplier,
        "match_winner": seat_number(match.winner),
        "variant": view.variant.changed_flags(),
        "over": view.phase is Phase.OVER,
    }


def _names(cards: Iterable[Card], faces: DeckFaces) -> list[str]:
    return [card_text(one, faces) for one in cards]


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
