"""What fuzzing the game logs found, each as the smallest input that showed it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.cli.logs import Invalid, _verified
from service.game.codec import CodecError
from service.game.codec import decode as decode_event
from service.log.file import LogFormatError, export_lines, read_log
from tests.random_games import play

# -- game logs -------------------------------------------------------------------------------------


def test_log_lines_that_break_the_json_parser_are_format_errors() -> None:
    header = json.dumps({"format": "conquian-log", "format_version": 1, "schema_version": 1})
    for bad in ("[" * 100_000, '{"a": ' + "9" * 5000 + "}"):
        with pytest.raises(LogFormatError):
            read_log([header, bad])


def test_fields_of_the_wrong_type_are_codec_errors() -> None:
    for name, data in (
        ("CardDiscarded", {"seat": 1, "card": None}),
        ("DealWon", {"seat": 1, "amount": "5"}),
    ):
        with pytest.raises(CodecError):
            decode_event(name, data)


def test_a_time_out_of_range_in_utc_and_a_file_not_utf8_are_invalid(tmp_path: Path) -> None:
    lines = export_lines(play(1).log)
    event = json.loads(lines[1])
    event["at"] = "0001-01-01T00:00:00+01:00"
    with pytest.raises(LogFormatError):
        read_log([lines[0], json.dumps(event)])
    path = tmp_path / "game.jsonl"
    path.write_bytes("\n".join(lines).encode() + b"\n\xff\n")
    with pytest.raises(Invalid):
        _verified(str(path))
