"""Exported game logs: JSON Lines with a header, then one event per line (docs/log-format.md).

``export_lines`` writes a game's stored events; ``read_log`` parses such lines back into a
``LogFile`` and raises ``LogFormatError`` (with the line and, where known, the event number) for
anything that is not well-formed.  Whether a well-formed log is *true to the rules* is
``service.log.verify``'s question.  Pure: callers read and write the files.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from service.game import codec
from service.game.codec import CodecError, LogEvent
from service.game.events import GameId, PlayerId
from service.game.state import fold
from service.game.stored import StoredEvent
from service.rules.variants import MatchTerms, Variant, VariantError

FORMAT = "conquian-log"
FORMAT_VERSION = 1
"""Counts changes of the file layout (header and envelope); ``codec.SCHEMA_VERSION`` counts
changes of the events inside it."""


class LogFormatError(ValueError):
    """A log that cannot be read: bad JSON, a bad header, or an event that does not decode."""

    def __init__(self, line: int, message: str, seq: int | None = None) -> None:
        super().__init__(message)
        self.line = line
        self.seq = seq
        self.message = message

    def __str__(self) -> str:
        where = f"line {self.line}" if self.seq is None else f"line {self.line} (event {self.seq})"
        return f"{where}: {self.message}"


@dataclass(frozen=True, slots=True)
class Header:
    """The first line: what the log is and the game it claims to hold."""

    game_id: GameId
    players: tuple[PlayerId | None, PlayerId | None]
    variant: Variant
    terms: MatchTerms
    events: int
    """How many event lines follow, so a log cut short at its end is noticed."""
    format_version: int = FORMAT_VERSION
    schema_version: int = codec.SCHEMA_VERSION


@dataclass(frozen=True, slots=True)
class LogFile:
    header: Header
    events: tuple[StoredEvent, ...]


# -- writing -----------------------------------------------------------------------------------


def export_lines(stored: Sequence[StoredEvent]) -> list[str]:
    """The game whose log is ``stored`` as lines of JSON (without newlines): header, then events."""
    game = fold(stored)
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "schema_version": codec.SCHEMA_VERSION,
        "game_id": game.id,
        "players": list(game.players),
        "variant": codec.VARIANT[0](game.variant),
        "terms": codec.TERMS[0](game.terms),
        "events": len(stored),
    }
    return [_dumps(header), *(_dumps(event_object(one)) for one in stored)]


def event_object(stored: StoredEvent) -> dict[str, object]:
    """One event line: its number, when it was appended, its name and its fields."""
    return {
        "seq": stored.seq,
        "at": format_time(stored.at),
        "name": codec.name_of(stored.event),
        "data": codec.encode(stored.event),
    }


def format_time(at: datetime) -> str:
    """ISO 8601 in UTC with a ``Z``: ``2026-01-01T12:00:00Z`` (microseconds when there are any)."""
    return at.astimezone(UTC).isoformat().replace("+00:00", "Z")


def _dumps(value: object) -> str:
    return json.dumps(value, ensure_ascii=False)


# -- reading -----------------------------------------------------------------------------------


def read_log(lines: Iterable[str]) -> LogFile:
    """Parse an exported log; blank lines are ignored.  Raises ``LogFormatError``."""
    numbered = [(number, text) for number, text in enumerate(lines, start=1) if text.strip()]
    if not numbered:
        raise LogFormatError(1, "the file is empty: a log starts with its header line")
    first, *rest = numbered
    header = _header(first[0], _object(*first))
    game_id = header.game_id
    events = tuple(
        _event(number, _object(number, text), game_id, header.schema_version)
        for number, text in rest
    )
    return LogFile(header, events)


def _object(number: int, text: str) -> dict[str, Any]:
    try:
        value = json.loads(text.strip())
    except json.JSONDecodeError as error:
        raise LogFormatError(number, f"not JSON ({error.msg} at column {error.colno})") from None
    except ValueError as error:  # a number of more digits than Python converts
        raise LogFormatError(number, f"not JSON ({error})") from None
    except RecursionError:
        raise LogFormatError(number, "not JSON: nested too deeply") from None
    if not isinstance(value, dict):
        raise LogFormatError(number, "each line must be a JSON object")
    return value


def _header(number: int, value: dict[str, Any]) -> Header:
    if value.get("format") != FORMAT:
        raise LogFormatError(
            number, f'the first line must be the header, with "format": "{FORMAT}"'
        )
    for key, supported in (
        ("format_version", {FORMAT_VERSION}),
        ("schema_version", codec.READABLE_SCHEMAS),
    ):
        found = value.get(key)
        if not isinstance(found, int) or isinstance(found, bool):
            raise LogFormatError(number, f"the header's {key} must be a number")
        if found not in supported:
            newer = "a newer" if found > max(supported) else "an older"
            reads = " to ".join(str(n) for n in sorted({min(supported), max(supported)}))
            raise LogFormatError(
                number, f"{key} {found} is from {newer} version; this program reads {reads}"
            )
    try:
        return Header(
            game_id=GameId(_text(value, "game_id")),
            players=_players(value.get("players")),
            variant=codec.VARIANT[1](_mapping(value, "variant")),
            terms=codec.TERMS[1](_mapping(value, "terms")),
            events=_count(value.get("events")),
            schema_version=value["schema_version"],
        )
    except (VariantError, KeyError, TypeError, ValueError) as error:
        raise LogFormatError(number, f"bad header: {error}") from None


def _text(value: dict[str, Any], key: str) -> str:
    found = value.get(key)
    if not isinstance(found, str) or not found:
        raise ValueError(f"{key} must be a non-empty string")
    return found


def _mapping(value: dict[str, Any], key: str) -> dict[str, Any]:
    found = value.get(key)
    if not isinstance(found, dict):
        raise ValueError(f"{key} must be an object")
    return found


def _players(value: object) -> tuple[PlayerId | None, PlayerId | None]:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("players must be a list of two (null for a free seat)")
    if not all(one is None or isinstance(one, str) for one in value):
        raise ValueError("each player is a string or null")
    first, second = value
    return (
        None if first is None else PlayerId(first),
        None if second is None else PlayerId(second),
    )


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError("events must be the number of event lines")
    return value


NEW_IN_SCHEMA = {
    "QuietHoursSet": 2,
    "MessageSaid": 3,
    "OfferMade": 3,
    "OfferAnswered": 3,
    "OfferWithdrawn": 3,
    "MessagesMuted": 3,
    "MessageReported": 3,
    "HintGiven": 4,
}
"""Events a file of an older schema cannot hold."""


def _event(number: int, value: dict[str, Any], game_id: GameId, schema: int) -> StoredEvent:
    seq = value.get("seq")
    if not isinstance(seq, int) or isinstance(seq, bool):
        raise LogFormatError(number, "an event line needs its number, seq")
    missing = [key for key in ("at", "name", "data") if key not in value]
    extra = sorted(set(value) - {"seq", "at", "name", "data"})
    if missing or extra:
        problem = f"lacks {', '.join(missing)}" if missing else f"has unknown {', '.join(extra)}"
        raise LogFormatError(number, f"the event line {problem}", seq)
    name, data = value["name"], value["data"]
    if not isinstance(name, str) or not isinstance(data, dict):
        raise LogFormatError(number, "name must be a string and data an object", seq)
    if NEW_IN_SCHEMA.get(name, 1) > schema:
        raise LogFormatError(number, f"{name} is not an event of schema_version {schema}", seq)
    try:
        event: LogEvent = codec.decode(name, data)
    except CodecError as error:
        raise LogFormatError(number, str(error), seq) from None
    return StoredEvent(game_id, seq, seq, event, _time(number, seq, value["at"]))


def _time(number: int, seq: int, text: object) -> datetime:
    if isinstance(text, str):
        try:
            at = datetime.fromisoformat(text)
            if at.tzinfo is not None:
                return at.astimezone(UTC)
        except (ValueError, OverflowError):  # not a time, or out of range once in UTC
            pass
    raise LogFormatError(
        number, f"at must be an ISO 8601 time with its time zone, not {text!r}", seq
    )
