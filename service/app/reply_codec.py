"""The one codec of replies (``replies``): ``encode``/``decode`` are the only way a reply is
stored in the inbox or read back.  A stored reply is a JSON object with a ``type`` tag beside the
fields the inbox held before replies were typed (``ok``, ``events``, ``error`` …); ``decode``
reads rows written before the tag too (``_legacy``).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from service.app.replies import (
    Answered,
    Cancelled,
    HintShown,
    Ignored,
    Joined,
    Linked,
    LinkOffered,
    MoveApplied,
    OnVacation,
    Opened,
    Rematched,
    Reply,
    SettingChanged,
    Shown,
    Told,
)
from service.game.events import GameId
from service.rules.variants import DeckFaces
from service.seeks.requests import (
    PairingLeft,
    PairingWaited,
    SeekAccepted,
    SeekPublished,
    SeekWithdrawn,
)
from service.seeks.seeks import SeekId
from service.tournaments.events import TournamentId
from service.tournaments.requests import TournamentEntered, TournamentLeft, TournamentOpened
from service.words.refusals import Reason, Refused


def encode(reply: Reply) -> str:
    """``reply`` as the inbox stores it."""
    return json.dumps({"type": type(reply).__name__, **_fields(reply)})


def decode(text: str) -> Reply:
    """A stored reply; rows written before replies were typed read as what they meant."""
    fields = json.loads(text)
    tag = fields.get("type")
    return _legacy(fields) if tag is None else _typed(tag, fields)


def _fields(reply: Reply) -> dict[str, object]:
    """The reply's fields, in the shape the inbox held before replies were typed."""
    match reply:
        case MoveApplied(game_id=game_id, first=first, last=last):
            return {"ok": True, "game_id": game_id, "version": last, "events": [first, last]}
        case Refused():
            return {"ok": False, "game_id": reply.game_id, "error": _error(reply)}
        case Answered(game_id=game_id, version=version, query=query):
            return {"ok": True, "game_id": game_id, "version": version, "query": query}
        case OnVacation(game_id=game_id, version=version, until=until, games=games, moved=moved):
            vacation: dict[str, object] = {"until": until.isoformat(), "games": list(games)}
            if moved is not None:
                vacation["moved"] = list(moved)
            return {"ok": True, "game_id": game_id, "version": version, "vacation": vacation}
        case SettingChanged():
            settings = {
                "language": reply.language,
                "timezone": reply.timezone,
                "quiet_hours": reply.quiet_hours,
                "reminders": list(reply.reminders),
            }
            return {
                "ok": True,
                "game_id": reply.game_id,
                "version": reply.version,
                "settings": settings,
            }
        case HintShown(game_id=game_id, version=version):
            hint = {"move": reply.move, "melds": list(reply.melds), "fears": reply.fears}
            return {
                "ok": True,
                "game_id": game_id,
                "version": version,
                "hint": hint | {"rate": reply.rate},
            }
        case Opened(game_id=game_id):
            return {"ok": True, "opened": game_id}
        case Joined(game_id=game_id):
            return {"ok": True, "joined": game_id}
        case Cancelled(game_id=game_id):
            return {"ok": True, "cancelled": game_id}
        case Rematched(started=started, to=to):
            return {"ok": True, "started": started, "to": to}
        case LinkOffered(code=code):
            return {"ok": True, "link_code": code}
        case Linked(player=player):
            return {"ok": True, "linked": player}
        case Shown(what=what, refused=refused):
            return {"ok": not refused, "command": what}
        case Told(text=text, refused=refused):
            return {"ok": not refused, "said": text}
        case Ignored():
            return {"ok": True, "ignored": True}
        case SeekPublished(seek_id=seek_id, expires=expires):
            return {"ok": True, "seek": seek_id, "expires": expires.isoformat()}
        case SeekAccepted(seek_id=seek_id, game_id=game_id):
            return {"ok": True, "seek": seek_id, "accepted": game_id}
        case SeekWithdrawn(seek_id=seek_id):
            return {"ok": True, "seek": seek_id, "withdrawn": True}
        case PairingWaited(since=since):
            return {"ok": True, "waiting_since": since.isoformat()}
        case PairingLeft(was_waiting=was_waiting):
            return {"ok": True, "left_pairing": was_waiting}
        case TournamentOpened(tournament_id=tournament_id):
            return {"ok": True, "tournament": tournament_id, "did": "created"}
        case TournamentEntered(tournament_id=tournament_id):
            return {"ok": True, "tournament": tournament_id, "did": "entered"}
        case TournamentLeft(tournament_id=tournament_id):
            return {"ok": True, "tournament": tournament_id, "did": "withdrew"}


def _error(refused: Refused) -> dict[str, object]:
    error: dict[str, object] = {
        "code": refused.code,
        "message": refused.message,
        "params": refused.params,
        "template": refused.template,
    }
    if refused.cards or refused.faces is not DeckFaces.FRENCH:
        error["faces"] = refused.faces.value
        error["cards"] = list(refused.cards)
    if refused.reasons:
        error["reasons"] = {
            name: {"template": reason.template, "params": reason.params}
            for name, reason in refused.reasons.items()
        }
    return error


def _typed(tag: str, fields: dict[str, Any]) -> Reply:
    reply = _legacy(fields)
    if type(reply).__name__ != tag:
        raise ValueError(f"a stored reply tagged {tag} reads as {reply!r}")
    return reply


def _legacy(fields: dict[str, Any]) -> Reply:
    """A reply from its stored fields (those ``_fields`` writes, which are the ones the inbox
    held before replies were typed)."""
    ok = bool(fields.get("ok"))
    game_id: Any = fields.get("game_id")
    if isinstance(fields.get("error"), dict):
        return _refused(fields["error"], game_id)
    if "events" in fields:
        first, last = (int(seq) for seq in fields["events"])
        return MoveApplied(game_id, first, last)
    if "vacation" in fields:
        vacation = fields["vacation"]
        until = datetime.fromisoformat(vacation["until"])
        moved = vacation.get("moved")
        first_last = None if moved is None else (int(moved[0]), int(moved[1]))
        return OnVacation(
            game_id, int(fields["version"]), until, tuple(vacation["games"]), first_last
        )
    if "settings" in fields:
        settings = fields["settings"]
        return SettingChanged(
            game_id,
            int(fields["version"]),
            settings["language"],
            settings["timezone"],
            settings["quiet_hours"],
            tuple(settings["reminders"]),
        )
    if "hint" in fields:
        hint = fields["hint"]
        return HintShown(
            game_id,
            int(fields["version"]),
            str(hint["move"]),
            tuple(hint["melds"]),
            hint["fears"],
            int(hint["rate"]),
        )
    if "query" in fields:
        return Answered(game_id, int(fields["version"]), fields["query"])
    if "opened" in fields:
        return Opened(fields["opened"])
    if "joined" in fields:
        return Joined(fields["joined"])
    if "cancelled" in fields:
        return Cancelled(fields["cancelled"])
    if "started" in fields:
        return Rematched(fields["started"], str(fields.get("to", "")))
    if "link_code" in fields:
        return LinkOffered(str(fields["link_code"]))
    if "linked" in fields:
        return Linked(fields["linked"])
    if "command" in fields:
        return Shown(str(fields["command"]), refused=not ok)
    if "ignored" in fields:
        return Ignored()
    if "seek" in fields:
        return _seek(fields)
    if "tournament" in fields:
        return _tournament(fields)
    if "waiting_since" in fields:
        return PairingWaited(datetime.fromisoformat(fields["waiting_since"]))
    if "left_pairing" in fields:
        return PairingLeft(bool(fields["left_pairing"]))
    text = fields.get("said", fields.get("answer", ""))
    return Told(str(text), refused=not ok)


def _seek(fields: dict[str, Any]) -> Reply:
    """A reply about one seek: published, accepted or withdrawn (only typed rows hold these)."""
    seek_id = SeekId(str(fields["seek"]))
    if "accepted" in fields:
        return SeekAccepted(seek_id, fields["accepted"])
    if "expires" in fields:
        return SeekPublished(seek_id, datetime.fromisoformat(fields["expires"]))
    return SeekWithdrawn(seek_id)


def _tournament(fields: dict[str, Any]) -> Reply:
    """A reply about one tournament: created, entered or withdrawn from (typed rows only)."""
    tournament_id = TournamentId(str(fields["tournament"]))
    match fields["did"]:
        case "created":
            return TournamentOpened(tournament_id)
        case "entered":
            return TournamentEntered(tournament_id)
    return TournamentLeft(tournament_id)


def _refused(error: dict[str, Any], game_id: GameId | None) -> Refused:
    reasons = {
        name: Reason(str(reason["template"]), dict(reason["params"]))
        for name, reason in (error.get("reasons") or {}).items()
    }
    template = error.get("template")
    return Refused(
        str(error.get("code", "")),
        None if template is None else str(template),
        {name: str(value) for name, value in (error.get("params") or {}).items()},
        reasons,
        str(error.get("message", "")),
        game_id,
        DeckFaces(error.get("faces", DeckFaces.FRENCH)),
        tuple(str(name) for name in error.get("cards", ())),
    )
