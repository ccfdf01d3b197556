"""The commands of the time control in the shared grammar (``commands.py`` dispatches to them).

    claim                     take the match once the opponent's deadline has passed
    extend [2h|1d|30m]        give the opponent more time instead (24 hours unless said)
    vacation 3d               pause the clocks of all my games (``vacations.py``)
    auto                      list my standing instructions in this game
    auto <instruction>        leave one (``instructions.py``)
    auto off [<instruction>]  withdraw one, or all

Pure, like the rest of the grammar: words and the player's view in, a command value out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta

from service.game.instructions import parse_instruction
from service.rules.errors import N_, IllegalAction
from service.rules.seats import Seat
from service.rules.view import PlayerView


@dataclass(frozen=True, slots=True)
class ShowInstructions:
    """List my standing instructions in this game."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ClaimWin:
    """Take the match: the opponent's deadline has passed."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ExtendDeadline:
    """Give the opponent ``more`` time, from now, for the decision whose deadline passed."""

    seat: Seat
    more: timedelta = timedelta(hours=24)


@dataclass(frozen=True, slots=True)
class TakeVacation:
    """Pause the clocks of all my games for ``days`` days (``vacations.py``)."""

    seat: Seat
    days: int


@dataclass(frozen=True, slots=True)
class GiveInstruction:
    """Leave a standing instruction (its canonical text, ``instructions.py``) in this game."""

    seat: Seat
    instruction: str


@dataclass(frozen=True, slots=True)
class WithdrawInstruction:
    """Withdraw one standing instruction in this game, or all of them (``None``)."""

    seat: Seat
    instruction: str | None = None


ClockCommand = ClaimWin | ExtendDeadline | GiveInstruction | WithdrawInstruction
"""Commands that append to this game's log without being a move of the rules."""


class BadDuration(IllegalAction):
    code = "bad_duration"
    template = N_("Write how much longer as a number with m, h or d, like extend 2h; not '{text}'.")


class ExtensionTooLong(IllegalAction):
    code = "extension_too_long"
    template = N_("An extension is at most 30 days, like extend 30d; not '{text}'.")


class VacationDaysMissing(IllegalAction):
    code = "vacation_days_missing"
    template = N_("Say how many whole days, for example: vacation 3d.")


class BadVacationDays(IllegalAction):
    code = "bad_vacation_days"
    template = N_("Say how many whole days, like vacation 3d; not '{text}'.")


_DURATION = re.compile(r"^(\d{1,9})([mhd])$")
_UNITS = {"m": 60, "h": 3600, "d": 86400}
_DAYS = re.compile(r"^(\d{1,9})(d|days?)?$")
LONGEST_EXTENSION = timedelta(days=30)
"""An extension is counted from now; more than this would leave the game waiting for good."""


def clock_command(
    verb: str, words: list[str], view: PlayerView
) -> ClockCommand | ShowInstructions | TakeVacation:
    """``extend``, ``vacation`` or ``auto`` with the words after it."""
    seat = view.seat
    if verb == "extend":
        return ExtendDeadline(seat, _duration("".join(words))) if words else ExtendDeadline(seat)
    if verb == "vacation":
        if not words:
            raise VacationDaysMissing()
        return TakeVacation(seat, _days("".join(words)))
    if not words:
        return ShowInstructions(seat)
    faces = view.variant.deck_faces
    if words[0] == "off":
        named = " ".join(words[1:])
        return WithdrawInstruction(seat, parse_instruction(named, faces) if named else None)
    return GiveInstruction(seat, parse_instruction(" ".join(words), faces))


def _duration(text: str) -> timedelta:
    found = _DURATION.match(text)
    if found is None or not int(found.group(1)):
        raise BadDuration(text=text)
    more = timedelta(seconds=int(found.group(1)) * _UNITS[found.group(2)])
    if more > LONGEST_EXTENSION:
        raise ExtensionTooLong(text=text)
    return more


def _days(text: str) -> int:
    found = _DAYS.match(text)
    if found is None or not int(found.group(1)):
        raise BadVacationDays(text=text)
    return int(found.group(1))
