"""The time control's commands in the shared grammar: claim, extend, vacation and auto."""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.game.instruction_errors import (
    InstructionCardMissing,
    InstructionNotACard,
    InstructionOneCard,
    InstructionRepeatedCard,
    InstructionRepeatedWord,
    UnknownInstruction,
)
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, DeckFaces
from service.rules.view import PlayerView
from service.words.grammar import UnexpectedWords, parse_command
from service.words.time_commands import (
    BadDuration,
    BadVacationDays,
    ClaimWin,
    ExtendDeadline,
    GiveInstruction,
    ShowInstructions,
    TakeVacation,
    VacationDaysMissing,
    WithdrawInstruction,
)
from tests.positions import started, to_act

FIRST = Seat.FIRST


@pytest.fixture
def opening() -> PlayerView:
    return to_act(started())


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("claim", ClaimWin(FIRST)),
        ("CLAIM", ClaimWin(FIRST)),
        ("extend", ExtendDeadline(FIRST, timedelta(hours=24))),
        ("extend 2h", ExtendDeadline(FIRST, timedelta(hours=2))),
        ("extend 30m", ExtendDeadline(FIRST, timedelta(minutes=30))),
        ("extend 1d", ExtendDeadline(FIRST, timedelta(days=1))),
        ("vacation 3d", TakeVacation(FIRST, 3)),
        ("vacation 3 days", TakeVacation(FIRST, 3)),
        ("vacation 1", TakeVacation(FIRST, 1)),
        ("auto", ShowInstructions(FIRST)),
        ("auto pass", GiveInstruction(FIRST, "pass unmeldable")),
        ("auto no force", GiveInstruction(FIRST, "never force")),
        ("auto Always Force", GiveInstruction(FIRST, "always force")),
        (
            "auto take 7h with 5h, 6h discard ks",
            GiveInstruction(FIRST, "take 7H with 5H 6H discard KS"),
        ),
        (
            "auto take 7h discard ks with 6h 5h",
            GiveInstruction(FIRST, "take 7H with 5H 6H discard KS"),
        ),
        ("auto off", WithdrawInstruction(FIRST)),
        ("auto off take 7♥", WithdrawInstruction(FIRST, "take 7H")),
    ],
)
def test_each_clock_command_reads_as_its_value(
    opening: PlayerView, text: str, expected: object
) -> None:
    assert parse_command(text, opening) == expected


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("claim now", UnexpectedWords),
        ("extend 2", BadDuration),
        ("extend 0h", BadDuration),
        ("extend 2w", BadDuration),
        ("vacation", VacationDaysMissing),
        ("vacation 0d", BadVacationDays),
        ("vacation 2h", BadVacationDays),
        ("auto sing", UnknownInstruction),
        ("auto take", InstructionCardMissing),
        ("auto take 7h with", InstructionCardMissing),
        ("auto take 7h 6h", InstructionOneCard),
        ("auto take 7h discard ks qs", InstructionOneCard),
        ("auto take 7h with 7h", InstructionRepeatedCard),
        ("auto take 7h with 5h with 6h", InstructionRepeatedWord),
        ("auto take 9h", InstructionNotACard),
    ],
)
def test_each_mistake_in_a_clock_command_has_its_own_error(
    opening: PlayerView, text: str, error: type
) -> None:
    with pytest.raises(error):
        parse_command(text, opening)


def test_instructions_are_written_in_the_deck_faces_in_use() -> None:
    spanish = to_act(started(DEFAULT.with_flags({"deck_faces": "spanish"})))
    parsed = parse_command("auto take 7o with 5o 6o", spanish)
    assert parsed == GiveInstruction(spanish.seat, "take 7D with 5D 6D")
    assert spanish.variant.deck_faces is DeckFaces.SPANISH
