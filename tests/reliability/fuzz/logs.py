"""The game-log surface: files given to ``conquian verify`` and ``conquian import``.

A case is a genuine exported log of a finished game (a few seeds and variants, and games played
on a ``ManualClock`` with every time-control event: timeouts, an extension, a pause and its early
end, a claim on time, quiet hours recorded) with mutations: lines dropped, repeated, swapped or replaced, a value
anywhere inside a line's JSON replaced (by another type, a huge number, odd text, a card out of
range, a time at either end of the calendar, a timeout policy), a key removed or added, an
event's time or a deadline it sets moved (by a second to centuries, either way), the bytes cut
short or broken as UTF-8.  The file goes through the function behind both commands
(``logs._verified``): it must verify or be refused as ``Invalid``/``Refused``, never raise
anything else; a log that verifies is then imported into a store (``append_log``).
"""

from __future__ import annotations

import json
import random
import tempfile
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from adapters.cli.logs import Refused, _verified, append_log
from service.log.file import export_lines, format_time
from service.ports.memory import InMemoryEventStore
from service.rules.variants import DEFAULT
from tests.random_games import play
from tests.reliability.fuzz.inputs import EXAMPLES, LARGE, json_value, large_texts, seeded
from tests.service.test_clock_checks import claimed_game, quiet_hours_game, timed_out_game
from tests.service.test_talk import talked_game
from tests.service.test_time_control_logs import finished_game_with_every_clock_event

SEEDS = (1, 2, 3)
MOVES = (None, 12, 25)
"""One finished game and two cut short (a shorter log is cheaper to verify, case after case)."""
CLOCKED = (
    lambda: finished_game_with_every_clock_event("bot"),
    claimed_game,
    lambda: timed_out_game(max_timeouts=1),
    quiet_hours_game,
    talked_game,
)
"""Games on a time control whose logs hold every kind of time-control event (quiet hours too),
and a game with every kind of talk at the table (issue 20)."""

VALUES = (
    *(2**63, 10**30, -(10**30), 1.5, 1e308, "", "x", "7H", -1, 40, 45, [], [-1, 40], {}),
    *("1970-01-01T00:00:00Z", "0001-01-01T00:00:00+01:00", "9999-12-31T23:59:59-01:00"),
    *("2026-01-01", "9999-12-31T23:59:59.999999Z", "0001-01-01T00:00:00Z", "forfeit", "bot"),
    *("22:00-08:00", "25:00-08:00", "Europe/Kyiv", "a/" * 600, "../../etc/passwd"),
    *("withheld", "good_game", "draw", "adjourn", "rematch", "https://x.example", "7♥", True),
)
KINDS = ("drop", "repeat", "swap", "line", "value", "value", "value", "key", "cut", "time", "time")
SHIFTS = (1, 55, 3600, 86400, 31 * 86400, 10 * 365 * 86400, 5000 * 365 * 86400)
"""Seconds an event's time (or the deadline it sets) is moved by, forward or back."""
ENCODINGS = ("utf-8", "utf-8", "latin-1", "broken")


def case_of(rng: random.Random) -> tuple[int, list[tuple[str, int, int, Any]], str]:
    """A genuine log (by index), one to four mutations, and how the file is encoded."""
    changes = [
        (rng.choice(KINDS), rng.randrange(10**6), rng.randrange(10**6), _value(rng))
        for _ in range(rng.randrange(1, 5))
    ]
    return rng.randrange(len(SEEDS) + len(CLOCKED)), changes, rng.choice(ENCODINGS)


def _value(rng: random.Random) -> Any:
    return rng.choice(VALUES) if rng.randrange(2) else json_value(rng)


class Logs:
    """Mutated logs through verify, and import when they verify."""

    name = "game logs"
    examples = EXAMPLES
    cases = seeded(case_of)

    def __init__(self, data_dir: Path | None = None) -> None:
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        self.where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        self.logs = [
            *(
                export_lines(play(seed, DEFAULT, moves=moves).log)
                for seed, moves in zip(SEEDS, MOVES, strict=True)
            ),
            *(export_lines(game()) for game in CLOCKED),
        ]
        self.imported = 0

    def close(self) -> None:
        if self._temporary is not None:
            self._temporary.cleanup()

    def check(self, case: tuple[int, list[tuple[str, int, int, Any]], str] | bytes) -> None:
        if isinstance(case, bytes):
            self.check_bytes(case)
            return
        index, changes, encoding = case
        lines = list(self.logs[index])
        for change in changes:
            lines = _mutated(lines, *change)
        self.check_bytes(_encoded("\n".join(lines) + "\n", encoding))

    def check_bytes(self, data: bytes) -> None:
        path = self.where / "game.jsonl"
        path.write_bytes(data)
        try:
            log = _verified(str(path))
        except Refused:
            return
        append_log(InMemoryEventStore(), log.events)
        self.imported += 1

    @staticmethod
    def large_cases(rng: random.Random) -> list[bytes]:
        """64 KB files: one long line, many blank lines, deep nesting, a genuine log padded."""
        header = json.dumps({"format": "conquian-log", "format_version": 1, "schema_version": 1})
        texts = [*large_texts(rng), "\n" * LARGE, header + "\n" + "[" * LARGE]
        texts.append(header + "\n" + '{"seq": 1, "at": "x", "name": "y", "data": ' + "[" * LARGE)
        return [text.encode()[:LARGE] for text in texts]


def _mutated(lines: list[str], kind: str, at: int, other: int, value: Any) -> list[str]:
    if not lines:
        return lines
    i, j = at % len(lines), other % len(lines)
    if kind == "drop":
        return lines[:i] + lines[i + 1 :]
    if kind == "repeat":
        return lines[: i + 1] + lines[i:]
    if kind == "swap":
        lines[i], lines[j] = lines[j], lines[i]
        return lines
    if kind == "line":
        lines[i] = value if isinstance(value, str) else json.dumps(value)
        return lines
    if kind == "time":
        return [*lines[:i], _shifted(lines[i], other), *lines[i + 1 :]]
    if kind == "cut":
        joined = "\n".join(lines)
        return joined[: at % (len(joined) + 1)].split("\n")
    try:
        parsed = json.loads(lines[i])
    except ValueError:
        return lines
    lines[i] = json.dumps(_changed(parsed, other, value, kind == "key"), ensure_ascii=False)
    return lines


def _shifted(line: str, pick: int) -> str:
    """The event line with its time, or the ``until`` it sets, moved by one of ``SHIFTS``."""
    try:
        event = json.loads(line)
        data = event["data"]
        field = "until" if pick % 3 == 0 and "until" in data else "at"
        holder = data if field == "until" else event
        shift = timedelta(seconds=SHIFTS[pick // 3 % len(SHIFTS)] * (-1) ** (pick // 2))
        holder[field] = format_time(datetime.fromisoformat(holder[field]) + shift)
    except (ValueError, TypeError, KeyError, OverflowError):
        return line
    return json.dumps(event)


def _changed(tree: Any, pick: int, value: Any, key: bool) -> Any:
    """``tree`` with one node (the ``pick``-th, depth first) replaced by ``value``, or with a key
    of one object removed (``key``: or added, when ``pick`` is odd)."""
    nodes: list[tuple[Any, Any]] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for name in node:
                nodes.append((node, name))
                walk(node[name])
        elif isinstance(node, list):
            for position in range(len(node)):
                nodes.append((node, position))
                walk(node[position])

    walk(tree)
    if not nodes:
        return value
    parent, name = nodes[pick % len(nodes)]
    if key and isinstance(parent, dict):
        if pick % 2:
            parent[str(value)[:10]] = value
        else:
            del parent[name]
    else:
        parent[name] = value
    return tree


def _encoded(text: str, encoding: str) -> bytes:
    if encoding == "broken":
        data = text.encode("utf-8", "surrogatepass")
        middle = len(data) // 2
        return data[:middle] + b"\xff\xc3" + data[middle:]
    return text.encode(encoding, "replace")
