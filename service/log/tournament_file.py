"""An exported tournament: JSON Lines with a header, then one event per line, like a game's log
(docs/log-format.md).  Its games' logs are exported beside it, one file per game named by its
id (``GAME_ID.jsonl``), so ``conquian verify`` finds them.  Pure: callers read and write."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from service.log.file import format_time
from service.tournaments.codec import decode, encode, name_of
from service.tournaments.events import Stored, TournamentId

FORMAT = "conquian-tournament"
FORMAT_VERSION = 1


class TournamentFormatError(ValueError):
    """A file that cannot be read as a tournament, with the line that says why."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")


def export_lines(stored: Sequence[Stored]) -> list[str]:
    """The tournament whose log is ``stored`` as lines of JSON: header, then events."""
    header = {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "tournament_id": stored[0].tournament_id,
        "events": len(stored),
    }
    lines = [header]
    for one in stored:
        event = {"seq": one.seq, "at": format_time(one.at), "name": name_of(one.event)}
        lines.append({**event, "data": encode(one.event)})
    return [json.dumps(line, ensure_ascii=False) for line in lines]


def is_tournament(first_line: str) -> bool:
    """Whether a file whose first line this is holds a tournament (not a game)."""
    try:
        header = json.loads(first_line)
    except ValueError:
        return False
    return isinstance(header, dict) and header.get("format") == FORMAT


def read_tournament(lines: Iterable[str]) -> list[Stored]:
    """Parse an exported tournament.  Raises ``TournamentFormatError``."""
    numbered = [(number, text) for number, text in enumerate(lines, start=1) if text.strip()]
    if not numbered:
        raise TournamentFormatError(1, "the file is empty")
    header = _object(*numbered[0])
    if header.get("format") != FORMAT or header.get("format_version") != FORMAT_VERSION:
        raise TournamentFormatError(numbered[0][0], f"not a {FORMAT} file of version 1")
    tournament_id = TournamentId(str(header.get("tournament_id")))
    if header.get("events") != len(numbered) - 1:
        raise TournamentFormatError(numbered[-1][0], "the file does not hold every event")
    stored = []
    for expected, (number, text) in enumerate(numbered[1:], start=1):
        value = _object(number, text)
        try:
            if value["seq"] != expected:
                raise ValueError(f"event {expected} is numbered {value['seq']}")
            at = datetime.fromisoformat(str(value["at"]).replace("Z", "+00:00"))
            event = decode(str(value["name"]), value["data"])
        except (KeyError, TypeError, ValueError) as error:
            raise TournamentFormatError(number, str(error)) from None
        stored.append(Stored(tournament_id, expected, at, event))
    return stored


def _object(number: int, text: str) -> dict[str, Any]:
    try:
        value = json.loads(text)
    except ValueError:
        raise TournamentFormatError(number, "not JSON") from None
    if not isinstance(value, dict):
        raise TournamentFormatError(number, "not a JSON object")
    return value
