"""``TelegramRecords`` on SQLite and PostgreSQL: the queue of updates is unique by update id and
by key and hands out the unanswered oldest first; turn messages are replaced per chat and game;
reachability and pictures per player; a group's news is claimed once."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from adapters.sql.telegram_records import GroupChat, TelegramRecords, TurnMessage
from service.game.events import GameId, PlayerId
from tests.conftest import sql_engine
from tests.storage.conftest import SQL_BACKENDS

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
GAME = GameId("g1")


@pytest.fixture(params=SQL_BACKENDS)
def records(request: pytest.FixtureRequest, tmp_path: Path) -> TelegramRecords:
    return TelegramRecords(sql_engine(request.param, request, tmp_path))


def test_updates_are_unique_by_update_id_and_by_key_and_wait_until_answered(
    records: TelegramRecords,
) -> None:
    assert records.enqueue(10, "message:1:1", T0)
    assert records.enqueue(11, "callback:77", T0)
    assert not records.enqueue(10, "message:1:1", T0)  # delivered again
    assert not records.enqueue(12, "message:1:1", T0)  # the same message, a new update id
    assert not records.enqueue(11, "message:1:2", T0)  # an update id seen before

    assert records.waiting() == ["message:1:1", "callback:77"]
    records.answered("message:1:1", T0)
    assert records.waiting() == ["callback:77"]


def test_a_turn_message_is_replaced_per_chat_and_game(records: TelegramRecords) -> None:
    assert records.turn_message(5, GAME) is None
    records.remember_turn(5, GAME, TurnMessage(100, 7, 7))
    records.remember_turn(5, GAME, TurnMessage(104, 9, 7, buttons=False))
    records.remember_turn(6, GAME, TurnMessage(3, 9, 9))

    assert records.turn_message(5, GAME) == TurnMessage(104, 9, 7, buttons=False)
    assert records.game_of_message(5, 104) == GAME
    assert records.game_of_message(5, 100) is None


def test_reachability_and_pictures_per_player(records: TelegramRecords) -> None:
    ana = PlayerId("p1")
    assert records.unreachable(ana) is None and not records.board_choices(ana)[0]
    records.set_pictures(ana, True)
    assert not records.board_choices(ana)[1]
    records.set_full_boards(ana, True)
    assert records.board_choices(ana) == (True, True, False)
    records.set_zone_asked(ana)
    assert records.board_choices(ana) == (True, True, True)
    records.mark_unreachable(ana, T0, "Forbidden: bot was blocked by the user")

    assert records.unreachable(ana) == "Forbidden: bot was blocked by the user"
    assert records.board_choices(ana)[0]
    assert records.mark_reachable(ana)
    assert not records.mark_reachable(ana)
    assert records.unreachable(ana) is None and records.board_choices(ana)[0]


def test_a_groups_news_is_claimed_once(records: TelegramRecords) -> None:
    records.link_group(GAME, -40, 1)
    records.link_group(GAME, -99, 5)  # a game has one group

    assert records.group_of(GAME) == GroupChat(-40, 1)
    assert records.tell_group(GAME, 1, 6)
    assert not records.tell_group(GAME, 1, 6)  # told by someone else already
    assert records.group_of(GAME) == GroupChat(-40, 6)


def _typed(chat: int, number: int) -> str:
    return json.dumps({"message": {"message_id": number, "chat": {"id": chat}, "text": "pass"}})


def test_a_claim_takes_whole_chats_no_other_claim_holds_and_lets_them_go(
    records: TelegramRecords,
) -> None:
    until, later = T0 + timedelta(seconds=60), T0 + timedelta(seconds=61)
    for update_id, (chat, number) in enumerate([(7, 1), (8, 1), (7, 2)]):
        records.store(
            update_id, f"message:{chat}:{number}", _typed(chat, number), f"chat:{chat}", T0
        )

    first = records.claim(T0, until)
    assert [one.key for one in first] == ["message:7:1", "message:8:1", "message:7:2"]
    assert json.loads(first[0].payload or "")["message"]["chat"]["id"] == 7
    assert records.claim(T0, until) == []  # all taken
    records.store(3, "message:7:3", _typed(7, 3), "chat:7", T0)
    records.store(4, "message:9:1", _typed(9, 1), "chat:9", T0)
    assert [one.key for one in records.claim(T0, until)] == ["message:9:1"]  # chat 7 is busy

    records.answered("message:7:1", T0)
    records.release(["message:7:1", "message:7:2"])  # the second was not answered
    assert [one.key for one in records.claim(T0, until)] == ["message:7:2", "message:7:3"]
    records.answered("message:8:1", T0)
    records.release(["message:8:1"])
    assert records.claim(T0, until) == []
    # a process that died leaves its claims to the others once they run out
    assert [one.key for one in records.claim(later, later)] == [
        "message:7:2",
        "message:7:3",
        "message:9:1",
    ]


def test_a_batch_reads_its_players_rows_once_and_a_write_forgets_them(
    records: TelegramRecords,
) -> None:
    """``remembering(players)``, as the worker opens it for a claimed batch: each player's
    reachability and board choices read as the block opens (another process's change is not
    seen inside it), this store's own writes seen at once, everything read afresh after it."""
    other = TelegramRecords(records.engine)
    ana, ben = PlayerId("pana"), PlayerId("pben")
    records.set_pictures(ana, True)

    with records.remembering([ana, ben]):
        other.mark_unreachable(ana, T0, "blocked the bot")
        other.set_full_boards(ben, True)
        assert records.unreachable(ana) is None and records.board_choices(ana)[0]
        assert records.board_choices(ben) == (False, False, False)
        records.mark_unreachable(ben, T0, "chat not found")
        assert records.unreachable(ben) == "chat not found"
        assert records.unreachable(ana) == "blocked the bot"

    assert records.board_choices(ben) == (False, True, False)
