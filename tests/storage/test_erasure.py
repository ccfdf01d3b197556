"""Erasure (issue 25) on SQLite and PostgreSQL: after a player is erased, no table — and on SQLite
not the file's bytes after a checkpoint and ``VACUUM`` — holds their address, their Telegram id or
their name; the logs of their games still verify, and the opponent still sees and replays them.

The player leaves traces the way the channels leave them: a Telegram update's JSON in the inbox
and its key, a mail stored raw with its UID, a reply to the opponent that names them, a bounce
that names their address, counted uses, a link code, Telegram's settings and turn messages.
"""

from __future__ import annotations

import json
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, select

from adapters.sql import schema
from adapters.sql.confirmation_tables import confirmation_codes
from adapters.sql.confirmations import SqlConfirmations
from adapters.sql.consent import SqlConsent
from adapters.sql.directory import SqlDirectory
from adapters.sql.email_records import EmailRecords
from adapters.sql.erasure import SqlPersonalData
from adapters.sql.inbox import SqlInbox
from adapters.sql.link_codes import SqlLinkCodes
from adapters.sql.quotas import SqlQuotas
from adapters.sql.store import SqlEventStore
from adapters.sql.tables import outbox
from adapters.sql.telegram_records import TelegramRecords, TurnMessage
from service.app.games import GameService
from service.app.replies import Rematched
from service.app.reply_codec import encode
from service.app.your_data import NotConfirmed, WrongCode
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.log.file import export_lines, read_log
from service.log.replays import steps
from service.log.verify import verify
from service.players.linking import LinkCode
from service.ports.directory import Address
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Notification
from tests.conftest import sql_engine
from tests.storage.conftest import SQL_BACKENDS

NAME = "Zebulon Quist"
EMAIL = "Zebulon.Quist@example.org"
TELEGRAM_ID = 987654321
SECRETS = (NAME, EMAIL.lower(), str(TELEGRAM_ID))


def _update(update_id: int, chat: int, first_name: str, text: str) -> str:
    """A private message's update, as the Telegram channel stores it."""
    sender = {"id": chat, "is_bot": False, "first_name": first_name}
    message = {"message_id": update_id, "date": 0, "chat": {"id": chat, "type": "private"}}
    return json.dumps(
        {"update_id": update_id, "message": {**message, "from": sender, "text": text}}
    )


def secret() -> bytes:
    """The service's secret, which keys the never-mail list."""
    return b"erasure-tests-secret"


class World:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.consent = SqlConsent(engine, secret)
        self.clock = ManualClock()
        self.inbox = SqlInbox(engine, self.clock)
        self.directory = SqlDirectory(engine)
        self.service = GameService(
            SqlEventStore(engine),
            self.clock,
            SeededChance(7),
            self.inbox,
            self.directory,
            SqlLinkCodes(engine),
            SqlPersonalData(engine, secret),
            confirmations=SqlConfirmations(engine),
        )
        self.zeb = self.directory.register(NAME, Address("telegram", str(TELEGRAM_ID)))
        self.directory.link(self.zeb, Address("email", EMAIL.lower()))
        self.olga = self.directory.register("Olga", Address("telegram", "111"))

    def played(self) -> tuple[str, str, str]:
        """A finished game, a running one and an open one of Zebulon's."""
        service = self.service
        finished = service.open_game(self.zeb)
        service.join(service.game(finished).invitation or "", self.olga)
        service.resign(finished, self.olga)
        running = service.open_game(self.olga)
        service.join(service.game(running).invitation or "", self.zeb)
        waiting = service.open_game(self.zeb)
        return finished, running, waiting

    def traces(self, finished: str) -> None:
        """What the channels keep of Zebulon, and of him in Olga's rows."""
        now = self.clock.now()
        key = f"message:{TELEGRAM_ID}:5"
        self.inbox.receive("telegram", key, _update(5, TELEGRAM_ID, NAME, "/games"), now)
        self.inbox.complete("telegram", key, '{"type": "shown", "command": "games"}')
        pending = f"message:{TELEGRAM_ID}:6"
        self.inbox.receive("telegram", pending, _update(6, TELEGRAM_ID, NAME, "hand"), now)
        olga_key = "message:111:9"
        self.inbox.receive("telegram", olga_key, _update(9, 111, "Olga", "/rematch"), now)
        self.inbox.complete("telegram", olga_key, encode(Rematched(finished, NAME)))  # type: ignore[arg-type]
        records = TelegramRecords(self.engine)
        records.enqueue(5, key, now)
        records.enqueue(6, pending, now)
        records.remember_turn(TELEGRAM_ID, finished, TurnMessage(40, 3, 3))  # type: ignore[arg-type]
        records.set_pictures(self.zeb, True)
        mail = EmailRecords(self.engine)
        raw = f"From: {NAME} <{EMAIL}>\r\nMessage-ID: <m1@example.org>\r\n\r\nmy data\r\n"
        mail.receive("<m1@example.org>", raw.encode(), now, (), ("games@here/INBOX", 1, 7))
        mail.done("<m1@example.org>", now, f"answered {EMAIL.lower()}")
        mail.thread(finished, self.zeb)
        self.consent.prove(EMAIL.lower(), now)
        SqlQuotas(self.engine).take(f"invite-from:{EMAIL.lower()}", 5, now - timedelta(1), now)
        expires = now + timedelta(hours=1)
        SqlLinkCodes(self.engine).put(LinkCode("77", self.zeb, Address("email", "x@y.z"), expires))
        self.directory.add_vacation(self.zeb, now, now + timedelta(days=2))
        with self.engine.begin() as connection:
            connection.execute(outbox.update().values(last_error=f"550 {EMAIL} unknown"))


@pytest.fixture(params=SQL_BACKENDS)
def world(request: pytest.FixtureRequest, tmp_path: Path) -> World:
    return World(sql_engine(request.param, request, tmp_path))


def _everything(engine: Engine) -> str:
    """Every row of every table, as text."""
    seen = []
    with engine.connect() as connection:
        for table in schema.metadata.sorted_tables:
            for row in connection.execute(select(table)):
                seen.append(" ".join(str(value) for value in row))
    return "\n".join(seen).lower()


def test_an_erased_player_is_nowhere_and_their_games_still_verify(world: World) -> None:
    finished, running, waiting = world.played()
    world.traces(finished)
    your_data = world.service.your_data
    assert your_data is not None
    exported = your_data.export(world.zeb).as_text()
    assert all(secret in exported.lower() for secret in (s.lower() for s in SECRETS))
    assert finished in json.loads(exported)["logs"]
    assert all(secret.lower() in _everything(world.engine) for secret in SECRETS)

    with pytest.raises(NotConfirmed) as asked:
        your_data.erase(world.zeb, "", "api")
    code = asked.value.params["code"]
    with pytest.raises(WrongCode):
        your_data.erase(world.zeb, code, "telegram")  # a code is good on the channel it went to
    your_data.erasure_code(world.zeb, "email")  # pending elsewhere: scrubbed with the rest
    erased = your_data.erase(world.zeb, code, "api")

    assert erased.resigned == 1
    held = _everything(world.engine)
    assert [secret for secret in SECRETS if secret.lower() in held] == []  # suppressions too
    assert world.consent.stopped(EMAIL) and world.consent.stopped(EMAIL.upper())  # never again
    with world.engine.connect() as connection:
        assert connection.execute(select(confirmation_codes)).all() == []
    service = world.service
    assert service.game(running).status == GameStatus.OVER
    assert service.game(waiting).status == GameStatus.CANCELLED
    for game_id in (finished, running):
        log = read_log(export_lines(service.transcript(game_id)))
        assert verify(log).ok, game_id
        assert steps(service.transcript(game_id))
        game, view = service.view(game_id, world.olga)
        assert view.seat == game.seat_of(world.olga)
    assert service.name_of(world.zeb) == "a former player"
    assert service.notice(Notification(world.olga, running, 1, 3)).news
    assert world.directory.player_at(Address("telegram", str(TELEGRAM_ID))) is None
    assert not TelegramRecords(world.engine).enqueue(5, "message:again", world.clock.now())
    if world.engine.dialect.name == "sqlite":
        _assert_not_in_file(world.engine)


def test_an_erased_player_is_not_erased_twice(world: World) -> None:
    your_data = world.service.your_data
    assert your_data is not None
    your_data.erase_now(world.zeb)
    with pytest.raises(Exception, match="nothing held"):
        your_data.erase(world.zeb, "", "api")
    assert world.directory.profile(PlayerId(world.olga)).name == "Olga"


def test_the_players_muted_for_good_are_in_their_data_and_erased_with_them(world: World) -> None:
    """Zebulon and Olga talk, then mute each other for good: his data holds his mute and his
    own words (Olga's are withheld: he muted her); once he is erased his mute is gone, and
    Olga's mute of him is hers to keep."""
    service = world.service
    game_id = service.open_game(world.zeb)
    service.join(service.game(game_id).invitation or "", world.olga)
    service.act(game_id, world.olga, "say hello Zebulon")
    service.act(game_id, world.zeb, "say hello Olga")
    service.act(game_id, world.zeb, "mute for good")
    service.act(game_id, world.olga, "mute for good")
    service.resign(game_id, world.olga)
    your_data = service.your_data
    assert your_data is not None
    exported = json.loads(your_data.export(world.zeb).as_text())
    assert exported["profile"]["muted"] == [world.olga]
    log = "\n".join(exported["logs"][game_id])
    assert "hello Olga" in log and "hello Zebulon" not in log  # muted for good: never heard

    your_data.erase_now(world.zeb)

    assert world.directory.profile(world.zeb).muted == ()
    assert world.directory.profile(world.olga).muted == (world.zeb,)


def _assert_not_in_file(engine: Engine) -> None:
    with engine.connect() as connection:
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.exec_driver_sql("VACUUM")
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    database = engine.url.database
    assert database is not None
    engine.dispose()
    stored = b"".join(
        path.read_bytes() for path in Path(database).parent.glob(Path(database).name + "*")
    ).lower()
    for secret in SECRETS:
        assert secret.lower().encode() not in stored, secret
