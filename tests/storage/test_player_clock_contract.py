"""A player's clock settings and vacations in the directory, on every backend: ``update``
round-trips quiet hours, reminder offsets and the vacation allowance; vacations are listed oldest
first, and ``end_vacation`` cuts short only the one running."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta, timezone

import pytest

from service.game.events import PlayerId
from service.ports.directory import Address, Directory, Profile

T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


@pytest.fixture
def ana(directory: Directory) -> PlayerId:
    return directory.register("Ana", Address("telegram", "1"))


@pytest.fixture
def ben(directory: Directory) -> PlayerId:
    return directory.register("Ben", Address("telegram", "2"))


def test_a_new_player_has_the_default_clock_settings(directory: Directory, ana: PlayerId) -> None:
    profile = directory.profile(ana)

    assert (profile.quiet_hours, profile.reminders, profile.vacation_days) == (
        "",
        ("half", "1h"),
        14,
    )
    assert (profile.language, profile.card_faces) == ("en", "")


def test_updated_settings_read_back_and_leave_others_alone(
    directory: Directory, ana: PlayerId, ben: PlayerId
) -> None:
    bens = directory.profile(ben)
    changed = Profile(
        ana, "Ana María", "es", "America/Mexico_City", "22:00-08:00", ("2h", "15m"), 7, "spanish"
    )

    directory.update(changed)

    assert directory.profile(ana) == changed
    assert directory.profile(ben) == bens


def test_settings_can_be_emptied_again(directory: Directory, ana: PlayerId) -> None:
    directory.update(replace(directory.profile(ana), quiet_hours="23:00-07:00", reminders=("1h",)))

    quiet = replace(directory.profile(ana), quiet_hours="", reminders=(), vacation_days=0)
    directory.update(quiet)

    assert directory.profile(ana) == quiet


def test_an_unknown_player_cannot_be_updated(directory: Directory, ana: PlayerId) -> None:
    with pytest.raises(KeyError):
        directory.update(Profile(PlayerId("nobody"), "Nobody"))

    with pytest.raises(KeyError):
        directory.profile(PlayerId("nobody"))


def test_vacations_are_listed_oldest_first(
    directory: Directory, ana: PlayerId, ben: PlayerId
) -> None:
    assert directory.vacations(ana) == []
    spring, winter = (T0, T0 + 5 * DAY), (T0 - 60 * DAY, T0 - 50 * DAY)
    directory.add_vacation(ana, *spring)
    directory.add_vacation(ana, *winter)  # recorded late
    directory.add_vacation(ben, T0 + DAY, T0 + 2 * DAY)

    assert directory.vacations(ana) == [winter, spring]
    assert directory.vacations(ben) == [(T0 + DAY, T0 + 2 * DAY)]


def test_vacation_times_come_back_as_the_same_instants(directory: Directory, ana: PlayerId) -> None:
    here = timezone(timedelta(hours=-3))
    start, end = T0.astimezone(here), (T0 + 3 * DAY + timedelta(microseconds=250)).astimezone(here)

    directory.add_vacation(ana, start, end)

    assert directory.vacations(ana) == [(start, end)]


def test_an_unknown_player_cannot_take_a_vacation(directory: Directory) -> None:
    with pytest.raises(KeyError):
        directory.add_vacation(PlayerId("nobody"), T0, T0 + DAY)

    assert directory.vacations(PlayerId("nobody")) == []


def test_ending_a_vacation_cuts_short_only_the_running_one(
    directory: Directory, ana: PlayerId, ben: PlayerId
) -> None:
    over, running = (T0 - 10 * DAY, T0 - 5 * DAY), (T0 - DAY, T0 + 3 * DAY)
    directory.add_vacation(ana, *over)
    directory.add_vacation(ana, *running)
    directory.add_vacation(ben, T0 - DAY, T0 + 3 * DAY)

    directory.end_vacation(ana, T0)

    assert directory.vacations(ana) == [over, (T0 - DAY, T0)]
    assert directory.vacations(ben) == [(T0 - DAY, T0 + 3 * DAY)]


@pytest.mark.parametrize(
    "at",
    [T0 + 3 * DAY, T0 + 4 * DAY, T0 - 2 * DAY],
    ids=["as_it_ends", "after_it_ended", "before_it_began"],
)
def test_ending_a_vacation_when_none_runs_changes_nothing(
    directory: Directory, ana: PlayerId, at: datetime
) -> None:
    taken = [(T0 - 10 * DAY, T0 - 5 * DAY), (T0 - DAY, T0 + 3 * DAY)]
    for start, end in taken:
        directory.add_vacation(ana, start, end)

    directory.end_vacation(ana, at)
    directory.end_vacation(PlayerId("nobody"), at)

    assert directory.vacations(ana) == taken


def test_a_vacation_ended_at_its_start_lasts_nothing(directory: Directory, ana: PlayerId) -> None:
    directory.add_vacation(ana, T0, T0 + DAY)

    directory.end_vacation(ana, T0)

    assert directory.vacations(ana) == [(T0, T0)]
