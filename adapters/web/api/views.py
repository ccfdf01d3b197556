"""What the API and the pages show a player: built from their own ``PlayerView`` only.

``view_json`` is the whole picture a player may have of a game (their hand, both tables, the
center card, pile sizes, scores, what they can do); the game's public facts beside it — status,
version, whose turn, the deadline, the current deal's commitment digest (never its salt) — come
from ``public_json``.  Nothing here reads a hand but the player's own.
"""

from __future__ import annotations

from adapters.view_fields import view_fields
from service.game.state import Game
from service.language.translation import ENGLISH, Translator
from service.log.file import format_time
from service.ports.protocols import GameSummary
from service.rules.view import PlayerView
from service.words.lessons import lessons_now, prompt_text


def view_json(view: PlayerView, tr: Translator = ENGLISH) -> dict[str, object]:
    """Everything in the view (``view_fields``), the legal moves and what the player can do in
    ``tr``'s language (the player's own), and whether it is their decision."""
    return {**view_fields(view, tr), "your_turn": view.is_my_decision}


def game_view_json(game: Game, view: PlayerView, tr: Translator = ENGLISH) -> dict[str, object]:
    """``view_json`` with the guided first deal's prompt at this decision, in ``tr``'s language
    (``words/lessons.py``, as every channel words it), or None: no prompt now, or no practice
    game."""
    prompt = prompt_text(lessons_now(game, view.seat), view, tr)
    return {**view_json(view, tr), "prompt": prompt or None}


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
