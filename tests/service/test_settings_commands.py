"""A player's own settings by command: time zone, quiet hours and reminders, shown by
``settings``; a change counts from the next decision on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.app.games import GameService
from service.app.replies import Request
from service.game.errors import BadSetting, NoProfile
from service.game.events import GameId, PlayerId, TimeControl
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from tests.reply_fields import fields

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday, 09:00 UTC: 10:00 in Madrid
HOUR = timedelta(hours=1)


class Pair:
    def __init__(self) -> None:
        self.clock = ManualClock(START)
        self.store = InMemoryEventStore(inbox=InMemoryInbox())
        self.directory = InMemoryDirectory()
        self.ana = self.directory.register("Ana", Address("log", "ana"))
        self.ben = self.directory.register("Ben", Address("log", "ben"))
        self.service = GameService(
            self.store, self.clock, SeededChance(3), self.store.inbox, self.directory
        )
        control = TimeControl(move_seconds=12 * 3600)
        self.game_id: GameId = self.service.open_game(self.ana, time_control=control)
        self.service.join(self.service.game(self.game_id).invitation, self.ben)

    def due(self) -> datetime | None:
        (line,) = self.service.games_of(self.ana)
        return line.due_at

    def on_move(self) -> PlayerId:
        player = self.service.game(self.game_id).to_act
        assert player is not None
        return player


@pytest.fixture
def pair() -> Pair:
    return Pair()


def test_settings_show_the_players_own(pair: Pair) -> None:
    outcome = pair.service.act(pair.game_id, pair.ana, "settings")
    assert outcome.profile == pair.directory.profile(pair.ana)
    assert outcome.appended == ()


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("timezone europe/madrid", "timezone", "Europe/Madrid"),
        ("timezone America/Argentina/Buenos_Aires", "timezone", "America/Argentina/Buenos_Aires"),
        ("quiet 22:00-07:30", "quiet_hours", "22:00-07:30"),
        ("quiet off", "quiet_hours", ""),
        ("remind 30m, 2h", "reminders", ("30m", "2h")),
        ("remind half", "reminders", ("half",)),
        ("remind off", "reminders", ()),
    ],
)
def test_each_setting_is_stored(pair: Pair, text: str, field: str, value: object) -> None:
    outcome = pair.service.act(pair.game_id, pair.ana, text)
    assert getattr(pair.directory.profile(pair.ana), field) == value
    assert outcome.profile == pair.directory.profile(pair.ana)


@pytest.mark.parametrize(
    "text",
    [
        "timezone Mars/Olympus",
        "timezone Europe Madrid",
        "timezone",
        "quiet 22-8",
        "quiet 08:00-08:00",
        "remind soon",
        "remind",
        "settings please",
    ],
)
def test_a_bad_setting_says_what_is_expected_and_changes_nothing(pair: Pair, text: str) -> None:
    before = pair.directory.profile(pair.ana)
    with pytest.raises(BadSetting) as refused:
        pair.service.act(pair.game_id, pair.ana, text)
    assert refused.value.message.endswith(".")
    assert pair.directory.profile(pair.ana) == before


def test_quiet_hours_count_from_the_next_decision(pair: Pair) -> None:
    player = pair.on_move()
    assert pair.due() == START + 12 * HOUR  # 22:00 in Madrid
    pair.service.act(pair.game_id, player, "timezone Europe/Madrid")
    pair.service.act(pair.game_id, player, "quiet 21:00-08:00")
    assert pair.due() == START + 12 * HOUR  # the running decision keeps its deadline

    pair.service.act(pair.game_id, player, "pass")
    while pair.on_move() != player:  # the opponent passes until it is the player's decision
        pair.service.act(pair.game_id, pair.on_move(), "pass")
    assert pair.due() == datetime(2026, 3, 3, 7, 0, tzinfo=UTC)  # 08:00 in Madrid


def test_chosen_reminders_are_used_from_the_next_decision(pair: Pair) -> None:
    player = pair.on_move()
    pair.service.act(pair.game_id, player, "remind 2h")
    pair.service.act(pair.game_id, player, "pass")
    while pair.on_move() != player:
        pair.service.act(pair.game_id, pair.on_move(), "pass")
    (line,) = pair.service.games_of(pair.ana)
    assert line.next_reminder_at == START + 10 * HOUR


def test_a_setting_by_message_is_answered_with_the_settings(pair: Pair) -> None:
    request = Request(pair.ana, pair.game_id, "remind 1h")
    answer = pair.service.handle("log", "m1", "remind 1h", request)
    assert fields(answer)["settings"] == {
        "language": "en",
        "timezone": "UTC",
        "quiet_hours": "",
        "reminders": ["1h"],
    }
    assert pair.service.handle("log", "m1", "remind 1h", request) == answer


def test_settings_need_a_registered_player() -> None:
    service = GameService(InMemoryEventStore(), ManualClock(START), SeededChance(1))
    game_id = service.open_game(PlayerId("x"))
    service.join(service.game(game_id).invitation, PlayerId("y"))
    with pytest.raises(NoProfile):
        service.act(game_id, PlayerId("x"), "remind 1h")
