"""Answers to inbound messages, as JSON-ready objects a channel renders and the inbox stores.

The inbox keeps a message's first answer, so a message delivered again hears it again; an answer
therefore names what happened (versions, event range, error code and parameters), not how it
is worded.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.events import GameId, PlayerId
from service.language.translation import Phrase
from service.players.profiles import ShowSettings
from service.ports.protocols import Profile
from service.rules.errors import IllegalAction
from service.words.grammar import Query, ShowHand, ShowHelp
from service.words.time_commands import ShowInstructions


@dataclass(frozen=True, slots=True)
class Request:
    """What a channel made of an inbound message: who, which game, the command, the version seen."""

    player: PlayerId
    game_id: GameId
    command: str
    expected_version: int | None = None


def moved(game_id: GameId, first: int, last: int) -> dict[str, object]:
    """The reply to a move: the game's new version and the range of events it appended."""
    return {"ok": True, "game_id": game_id, "version": last, "events": [first, last]}


def rejected(game_id: GameId, error: IllegalAction) -> dict[str, object]:
    """The reply to a refused command: its code and parameters, and the English ``message``; the
    ``template`` (its catalog message id) lets a channel word it in its player's language, and
    a parameter that is a sentence itself keeps its own (``reasons``)."""
    params = {name: str(value) for name, value in error.params.items()}
    reasons = {
        name: {"template": value.template, "params": {k: str(v) for k, v in value.params.items()}}
        for name, value in error.params.items()
        if isinstance(value, Phrase)
    }
    wording: dict[str, object] = {"template": error.template}
    if reasons:
        wording["reasons"] = reasons
    return {
        "ok": False,
        "game_id": game_id,
        "error": {"code": error.code, "message": error.message, "params": params, **wording},
    }


_LOOKS = {
    ShowHand: "hand",
    ShowHelp: "help",
    ShowInstructions: "instructions",
    ShowSettings: "settings",
}


def looked(game_id: GameId, version: int, query: Query) -> dict[str, object]:
    """The reply to a look at the game (hand, help, standing instructions): nothing changed."""
    return {"ok": True, "game_id": game_id, "version": version, "query": _LOOKS[type(query)]}


def on_vacation(
    game_id: GameId, version: int, until: datetime, games: tuple[GameId, ...]
) -> dict[str, object]:
    """The reply to ``vacation``: when it ends and the games whose clocks it paused.

    Stored after the pauses are appended (they are several games' appends), so a message
    delivered again after a crash between the two hears that the player is on vacation already.
    """
    return {
        "ok": True,
        "game_id": game_id,
        "version": version,
        "vacation": {"until": until.isoformat(), "games": list(games)},
    }


def settings_changed(game_id: GameId, version: int, profile: Profile) -> dict[str, object]:
    """The reply to a change of the player's settings: the settings as they now are."""
    settings = {
        "language": profile.language,
        "timezone": profile.timezone,
        "quiet_hours": profile.quiet_hours,
        "reminders": list(profile.reminders),
    }
    return {"ok": True, "game_id": game_id, "version": version, "settings": settings}
