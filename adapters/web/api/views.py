"""What the API and the pages show a player: built from their own ``PlayerView`` only.

``view_json`` is the whole picture a player may have of a game (their hand, both tables, the
center card, pile sizes, scores, what they can do); the game's public facts beside it — status,
version, whose turn, the deadline, the current deal's commitment digest (never its salt) — come
from ``public_json``.  Nothing here reads a hand but the player's own.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.game.state import Game
from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.log.file import format_time
from service.ports.protocols import GameSummary
from service.rules.cards import Card
from service.rules.seats import Phase, Seat
from service.rules.view import PlayerView
from service.words.prompts import action_text, options_text


def _seat(value: Seat | None) -> int | None:
    return None if value is None else value.number


def view_json(view: PlayerView, tr: Translator = ENGLISH) -> dict[str, object]:
    """Everything in the view, cards written as players write them (``7H``), seats as 1 and 2;
    the legal moves and what the player can do in ``tr``'s language (the player's own)."""
    faces = view.variant.deck_faces

    def names(cards: Iterable[Card]) -> list[str]:
        return [card_text(one, faces) for one in cards]

    match = view.match
    return {
        "seat": view.seat.number,
        "phase": view.phase.value,
        "to_act": _seat(view.to_act),
        "your_turn": view.is_my_decision,
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
        "match_winner": _seat(match.winner),
        "variant": view.variant.changed_flags(),
        "legal": [action_text(action, faces, tr) for action in view.legal_actions],
        "options": options_text(view, tr),
        "over": view.phase is Phase.OVER,
    }


def public_json(game: Game, due_at: str | None = None) -> dict[str, object]:
    """The game's public facts, the same for both players and for nobody in particular."""
    commitment = game.current_commitment
    return {
        "game_id": game.id,
        "status": game.status,
        "version": game.version,
        "players": list(game.players),
        "to_act": game.to_act,
        "since": format_time(game.turn_since),
        "due_at": due_at,
        "commitment": None
        if commitment is None
        else {"deal": commitment.number, "sha256": commitment.commitment},
    }


def summary_json(line: GameSummary) -> dict[str, object]:
    """One line of a player's list of games."""
    return {
        "game_id": line.game_id,
        "status": line.status,
        "players": list(line.players),
        "to_act": line.to_act,
        "since": format_time(line.since),
        "due_at": None if line.due_at is None else format_time(line.due_at),
        "version": line.version,
        "invitation": line.invitation,
    }
