"""What a notification tells its player: the news, their own view, and the deadline in their
time zone and in UTC."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

from service.app.games import GameService
from service.app.sweeps import Sweeper
from service.delivery.notices import deadline_text
from service.game.events import TimeControl
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.protocols import Notification
from service.rules.seats import Seat

START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)  # a Monday


def test_a_deadline_is_given_in_the_players_time_zone_and_in_utc() -> None:
    assert deadline_text(START, "Europe/Madrid") == "Mon 2 Mar, 10:00 Europe/Madrid (09:00 UTC)"
    assert deadline_text(START, "UTC") == "Mon 2 Mar, 09:00 UTC"
    assert deadline_text(START, "Asia/Kolkata") == "Mon 2 Mar, 14:30 Asia/Kolkata (09:00 UTC)"


def game_between_ana_in_madrid_and_ben():  # type: ignore[no-untyped-def]
    clock = ManualClock(START)
    store = InMemoryEventStore()
    directory = InMemoryDirectory()
    ana = directory.register("Ana", Address("log", "ana"))
    ben = directory.register("Ben", Address("log", "ben"))
    for player in (ana, ben):
        directory.update(replace(directory.profile(player), timezone="Europe/Madrid"))
    service = GameService(store, clock, SeededChance(5), directory=directory)
    game_id = service.open_game(ana, time_control=TimeControl(move_seconds=4 * 3600))
    service.join(service.game(game_id).invitation, ben)
    return service, store, clock, game_id


def test_the_player_to_move_is_told_the_news_their_view_and_their_deadline() -> None:
    service, store, _, game_id = game_between_ana_in_madrid_and_ben()
    game = service.game(game_id)
    mover = game.to_act
    waiter = game.players[0] if mover == game.players[1] else game.players[1]
    service.act(game_id, mover, "pass")  # type: ignore[arg-type]
    (item,) = store.outbox[-1:]
    assert item.notification.player == waiter

    told = service.notice(item.notification)

    assert told.news and all(sentence.endswith(".") for sentence in told.news)
    seat = service.game(game_id).seat_of(waiter)  # type: ignore[arg-type]
    assert told.view.seat is seat
    if told.your_turn:
        assert told.deadline is not None and "Europe/Madrid" in told.deadline
    else:
        assert told.deadline is None
    assert told.version == service.game(game_id).version


def test_a_reminder_has_no_news_and_the_deadline() -> None:
    service, store, clock, game_id = game_between_ana_in_madrid_and_ben()
    player = service.game(game_id).to_act
    clock.advance(hours=2)
    assert Sweeper(service).send_reminders() == 1
    reminder = next(i.notification for i in store.outbox if i.notification.kind == "reminder")

    told = service.notice(reminder)

    assert (told.player, told.news, told.your_turn) == (player, (), True)
    due = START + timedelta(hours=4)
    assert (
        told.deadline
        == deadline_text(due, "Europe/Madrid")
        == ("Mon 2 Mar, 14:00 Europe/Madrid (13:00 UTC)")
    )


def test_a_notice_to_the_waiting_player_has_no_deadline() -> None:
    service, _, _, game_id = game_between_ana_in_madrid_and_ben()
    game = service.game(game_id)
    waiting_seat = Seat.FIRST if game.rules.to_act is Seat.SECOND else Seat.SECOND
    waiter = game.players[waiting_seat]
    assert waiter is not None
    note = Notification(waiter, game_id, 1, game.version)
    told = service.notice(note)
    assert (told.your_turn, told.deadline) == (False, None)
    assert told.view.seat is waiting_seat


def test_the_news_of_a_join_and_a_rematch_call_the_players_by_name_not_by_id() -> None:
    service, store, _, game_id = game_between_ana_in_madrid_and_ben()
    ana, ben = service.game(game_id).players
    joined = next(item for item in store.outbox if item.notification.player == ana)

    told = service.notice(joined.notification)

    assert "Ben joins as player 2." in told.news
    assert not any(str(ben) in sentence or str(ana) in sentence for sentence in told.news)
    service.act(game_id, ana, "resign")  # type: ignore[arg-type]
    service.offer_rematch(game_id, ana)  # type: ignore[arg-type]
    offered = store.outbox[-1].notification
    assert offered.player == ben
    assert service.notice(offered).news == ("Ana offers a rematch.",)


def test_a_notice_asked_for_older_news_has_their_lines_and_the_same_news() -> None:
    service, store, _, game_id = game_between_ana_in_madrid_and_ben()
    for _ in range(3):
        game = service.game(game_id)
        service.act(game_id, game.to_act, "pass")  # type: ignore[arg-type]
    note = store.outbox[-1].notification
    reader = note.player

    alone = service.notice(note)
    back = service.notice(note, since=1)

    assert back.news == alone.news and back.overtaken == alone.overtaken
    assert back.since == 1 and alone.since == note.from_seq
    assert [line.seq for line in back.lines] == list(range(1, back.version + 1))
    assert [line.seq for line in back.between(note.from_seq)] == [one.seq for one in alone.lines]
    own = [
        line.seq for line in back.lines if line.seq < note.from_seq and line.doer is back.view.seat
    ]
    assert back.own_move is not None and back.own_move - 1 in own, "the reader's last move"
    assert back.names == (
        service.name_of(service.game(game_id).players[0]),
        service.name_of(service.game(game_id).players[1]),
    )
    assert back.opponent != service.name_of(reader)


def test_talk_held_back_in_the_readers_quiet_hours_opens_the_news_of_their_next_notice() -> None:
    """Talk wakes nobody: what the opponent said in the reader's quiet hours made no notification,
    so the next one's news begins with it — not with what was told when it came, nor before the
    reader's own doing."""
    service, store, clock, game_id = game_between_ana_in_madrid_and_ben()
    game = service.game(game_id)
    mover = game.to_act
    sleeper = game.players[0] if mover == game.players[1] else game.players[1]
    assert mover is not None and sleeper is not None
    directory = service.directory
    assert isinstance(directory, InMemoryDirectory)
    directory.update(replace(directory.profile(sleeper), quiet_hours="22:00-07:00"))
    service.settings_changed(sleeper)
    clock.advance(hours=11)  # 21:00 in Madrid
    service.act(game_id, mover, "say still up?")
    clock.advance(hours=1, minutes=30)  # 22:30
    told = len(store.outbox)
    service.act(game_id, mover, "say sleep well")
    assert len(store.outbox) == told, "talk wakes nobody"
    clock.advance(hours=9)  # 07:30
    service.act(game_id, mover, "pass")
    note = store.outbox[-1].notification
    assert note.player == sleeper

    news = service.notice(note, since=1).news

    assert any("sleep well" in line for line in news)
    assert not any("still up?" in line for line in news), "told when it came"
    assert not any("sleep well" in line for line in service.notice(note).news), "not read back"
