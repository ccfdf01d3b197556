"""What fuzzing the game logs found, each as the smallest input that showed it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adapters.cli.logs import Invalid, _verified
from service.game.codec import CodecError
from service.game.codec import decode as decode_event
from service.log.file import LogFormatError, export_lines, read_log
from service.log.verify import verify
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


def test_a_commitment_that_is_not_ascii_is_refused_at_its_deal() -> None:
    lines = export_lines(play(1).log)
    at = next(i for i, line in enumerate(lines) if '"DealCommitted"' in line)
    event = json.loads(lines[at])
    event["data"]["commitment"] = "4♠ is no digest"
    lines[at] = json.dumps(event)
    result = verify(read_log(lines))
    dealt = json.loads(lines[at + 1])
    assert (result.seq, result.reason.split(" ")[:2]) == (dealt["seq"], ["deal", "1's"])


def test_a_deadline_without_its_time_zone_or_out_of_range_in_utc_is_a_codec_error() -> None:
    for name in ("DeadlineExtended", "ClockPaused"):
        for until in ("2026-01-01", "9999-12-31T23:59:59-01:00", "0001-01-01T00:00:00+01:00"):
            with pytest.raises(CodecError, match="time zone"):
                decode_event(name, {"seat": 1, "until": until})


def test_a_revealed_salt_that_is_not_ascii_is_refused_not_raised(tmp_path: Path) -> None:
    lines = export_lines(play(1).log)
    events = [json.loads(line) for line in lines[1:]]
    for event in events:  # the salt committed to and revealed: the same, but not ASCII
        if event["name"] in ("DealCommitted", "DealRevealed"):
            event["data"]["salt"] = "salt\xa0"
    path = tmp_path / "log.jsonl"
    path.write_text("\n".join([lines[0], *(json.dumps(event) for event in events)]))
    with pytest.raises(Invalid, match="salt"):
        _verified(str(path))
