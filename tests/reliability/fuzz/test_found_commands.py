"""What fuzzing the text commands found, each as the smallest input that showed it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.clock.deadlines import (
    ClockSettings,
    SettingError,
    check_timezone,
    parse_offset,
    reminder_times,
)
from service.rules.errors import LONGEST_ECHO
from service.words.grammar import CommandTooLong, UnknownCommand, parse_command
from service.words.time_commands import BadDuration, ExtensionTooLong, clock_command
from tests.reliability.fuzz.commands import POSITIONS, build


@pytest.fixture(scope="module")
def view():  # type: ignore[no-untyped-def]
    table = build(POSITIONS[1])
    game = table.service.game(table.game_id)
    seat = game.rules.to_act
    assert seat is not None
    return table.service.view(table.game_id, game.players[seat])[1]


# -- text commands ---------------------------------------------------------------------------------


def test_a_huge_extension_is_refused_not_an_overflow(view) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ExtensionTooLong):
        clock_command("extend", ["99999999d"], view)
    with pytest.raises(BadDuration):
        clock_command("extend", ["9" * 5000 + "d"], view)  # more digits than int() reads


def test_a_reminder_is_at_most_30_days_before_the_deadline() -> None:
    assert parse_offset("30d").days == 30
    with pytest.raises(SettingError):
        parse_offset("999999d")  # counted back from a deadline, it left the calendar
    due = datetime(2026, 3, 1, tzinfo=UTC)
    stored = ClockSettings(reminders=("999999d", "1h"))  # stored before offsets had a limit
    assert reminder_times(due - timedelta(days=1), due, stored) == (due - timedelta(hours=1),)


def test_a_long_path_as_a_time_zone_is_refused_not_a_recursion() -> None:
    with pytest.raises(SettingError):  # Telegram's /settings tz=… hands it over as is
        check_timezone("a/" * 30_000)  # ZoneInfo imported a module per path part


def test_a_refusal_echoes_a_long_input_cut_short(view) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(UnknownCommand) as refused:
        parse_command("x" * 400, view)
    assert len(str(refused.value.params["word"])) == LONGEST_ECHO
    assert len(refused.value.message) < 400


def test_a_command_over_500_characters_is_refused_at_once(view) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(CommandTooLong) as refused:
        parse_command("take " + "| " * 30_000, view)  # read word by word, this took 0.1 s
    assert refused.value.message == "A command is at most 500 characters; yours has 60005."
