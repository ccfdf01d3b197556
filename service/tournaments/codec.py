"""A tournament's events as JSON objects and back: the format of its stored rows and of its
exported file (docs/log-format.md, "Tournaments").  The match terms are written as a game's log
writes them (``service.game.codec``), so a tournament's games and its terms read alike."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any

from service.game import codec as game_codec
from service.game.events import GameId, PlayerId
from service.tournaments import events

Json = dict[str, Any]
_VARIANT, _TERMS, _TIME_CONTROL = game_codec.VARIANT, game_codec.TERMS, game_codec.TIME_CONTROL


def encode(event: events.TournamentEvent) -> Json:
    match event:
        case events.TournamentCreated(tournament_id, creator, terms):
            return {"tournament_id": tournament_id, "creator": creator, "terms": _terms(terms)}
        case events.PlayerEntered(player, rating):
            return {"player": player, "rating": rating}
        case events.PlayerWithdrew(player):
            return {"player": player}
        case events.RoundPaired(number, pairings, bye, deadline):
            return {
                "number": number,
                "pairings": [[one.first, one.second, one.game] for one in pairings],
                "bye": bye,
                "deadline": None if deadline is None else deadline.isoformat(),
            }
        case events.ResultRecorded(number, board, score, ending):
            return {"number": number, "board": board, "score": score, "ending": ending.value}
        case events.RoundEnded(number):
            return {"number": number}
        case events.TournamentFinished(order):
            return {"order": list(order)}


def _terms(terms: events.Terms) -> Json:
    return {
        "format": terms.format.value,
        "size": terms.size,
        "rounds": terms.rounds,
        "double": terms.double,
        "variant": _VARIANT[0](terms.variant),
        "match": _TERMS[0](terms.match),
        "time_control": _TIME_CONTROL[0](terms.time_control),
        "rated": terms.rated,
        "join_closes": terms.join_closes.isoformat(),
        "late_until": terms.late_until,
        "round_end": terms.round_end.value,
        "round_days": terms.round_days,
    }


def _read_terms(data: Mapping[str, Any]) -> events.Terms:
    return events.Terms(
        events.Format(data["format"]),
        _int(data["size"]),
        _int(data["rounds"]),
        bool(data["double"]),
        _VARIANT[1](data["variant"]),
        _TERMS[1](data["match"]),
        _TIME_CONTROL[1](data["time_control"]),
        bool(data["rated"]),
        _time(data["join_closes"]),
        _int(data["late_until"]),
        events.RoundEnd(data["round_end"]),
        _int(data["round_days"]),
    )


def _int(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"a whole number, not {value!r}")
    return value


def _text(value: Any) -> str:
    if type(value) is not str or not value:
        raise TypeError(f"a name, not {value!r}")
    return value


def _time(value: Any) -> datetime:
    at = datetime.fromisoformat(_text(value))
    if at.tzinfo is None:
        raise TypeError(f"a time with its offset, not {value!r}")
    return at


def _pairing(value: Any) -> events.Pairing:
    first, second, game = value
    return events.Pairing(
        PlayerId(_text(first)), PlayerId(_text(second)), None if game is None else GameId(game)
    )


_DECODERS: dict[str, Callable[[Mapping[str, Any]], events.TournamentEvent]] = {
    "TournamentCreated": lambda d: events.TournamentCreated(
        events.TournamentId(_text(d["tournament_id"])),
        PlayerId(_text(d["creator"])),
        _read_terms(d["terms"]),
    ),
    "PlayerEntered": lambda d: events.PlayerEntered(
        PlayerId(_text(d["player"])), float(d["rating"])
    ),
    "PlayerWithdrew": lambda d: events.PlayerWithdrew(PlayerId(_text(d["player"]))),
    "RoundPaired": lambda d: events.RoundPaired(
        _int(d["number"]),
        tuple(_pairing(one) for one in d["pairings"]),
        None if d["bye"] is None else PlayerId(_text(d["bye"])),
        None if d["deadline"] is None else _time(d["deadline"]),
    ),
    "ResultRecorded": lambda d: events.ResultRecorded(
        _int(d["number"]), _int(d["board"]), _int(d["score"]), events.Ending(d["ending"])
    ),
    "RoundEnded": lambda d: events.RoundEnded(_int(d["number"])),
    "TournamentFinished": lambda d: events.TournamentFinished(
        tuple(PlayerId(_text(one)) for one in d["order"])
    ),
}


def name_of(event: events.TournamentEvent) -> str:
    return type(event).__name__


def decode(name: str, data: Mapping[str, Any]) -> events.TournamentEvent:
    """The event ``name`` with ``data``; ``ValueError`` for an unknown name or bad data."""
    decoder = _DECODERS.get(name)
    if decoder is None:
        raise ValueError(f"unknown tournament event {name!r}")
    try:
        return decoder(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ValueError(f"{name} cannot be read: {error}") from None
