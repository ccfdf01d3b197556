"""What the crash runs play on: one database, the fake Bot API (which can kill the process that
is sending to a chosen chat), and one table per run — two people on Telegram in a game where one
of them is to decide — whose state the test reads before and after a restart.

The games are opened through the service, and the news of their start is taken by a sender that
drops it: the runs are about the move after.
"""

from __future__ import annotations

import os
import signal
import sys
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine, select

from adapters.bootstrap import Wiring
from adapters.sql.engine import is_postgresql
from adapters.sql.tables import inbox, outbox
from adapters.sql.telegram_tables import telegram_updates
from adapters.telegram.channel import SOURCE
from adapters.telegram.processor import key_of
from service.delivery.dispatch import Dispatcher, Telling
from service.game.events import GameId
from service.ports.directory import Address
from tests.reliability.crash.processes import Ahead, BotProcess, wire
from tests.telegram.fake_api import JSON, FakeTelegram, Person


class KillingTelegram(FakeTelegram):
    """The fake Bot API, able to SIGKILL the process that sends a message to one chat while it
    waits for the answer: after the message ``landed`` (the chat shows it, the sender never
    hears so), or before (it never arrived)."""

    def __post_init__(self) -> None:
        super().__post_init__()
        self._armed: tuple[int, bool, int] | None = None
        shown = self.server.handle_error

        def handle_error(request: Any, address: Any) -> None:
            if not isinstance(sys.exc_info()[1], ConnectionError):  # the dead sender's socket
                shown(request, address)

        self.server.handle_error = handle_error  # type: ignore[method-assign, assignment]

    def arm(self, chat: int, landed: bool, pid: int) -> None:
        """Kill process ``pid`` when it sends the next message to ``chat``."""
        self._armed = (chat, landed, pid)

    def handle(self, method: str, params: JSON, photo: bytes | None) -> tuple[int, JSON]:
        armed = self._armed
        if armed is None or method != "sendMessage" or int(params.get("chat_id", 0)) != armed[0]:
            return super().handle(method, params, photo)
        self._armed = None
        _, landed, pid = armed
        answer = super().handle(method, params, photo) if landed else (502, {"ok": False})
        os.kill(pid, signal.SIGKILL)
        return answer  # to nobody


@dataclass(frozen=True)
class World:
    fake: KillingTelegram
    wiring: Wiring
    """The test's own view of the database (for opening games and reading what happened)."""

    @property
    def postgresql(self) -> bool:
        return is_postgresql(self.wiring.engine)


def world(fake: KillingTelegram, engine: Engine) -> World:
    """The world on ``engine``'s database, after a rehearsal: one move played through a bot in
    this process, so that the forked processes find what python-telegram-bot and httpx import
    lazily imported, and the engine's statements compiled (about 100 ms less for each)."""
    here = World(fake, wire(engine, Ahead(timedelta(0))))
    [table] = open_tables(here, 1)
    fake.send(table.mover, "pass")
    rehearsal = BotProcess(fake, engine, Ahead(timedelta(0)))
    try:
        rehearsal.restart()
    finally:
        rehearsal.close()
    assert here.wiring.service.game(table.game_id).version > table.before, "the rehearsal failed"
    return here


@dataclass(frozen=True)
class Table:
    """One run's game: ``mover`` is to decide, ``other`` hears of the decision."""

    game_id: GameId
    mover: Person
    other: Person
    seat: int
    """The mover's seat."""
    before: int
    """The game's version before the move."""


class Dropped:
    """A sender for the news of the games' start, which the runs are not about."""

    def send(self, address: Address, telling: Telling) -> None:
        pass


def open_tables(played: World, count: int) -> list[Table]:
    """``count`` games between new people on Telegram who have both started the bot."""
    service, directory, fake = played.wiring.service, played.wiring.directory, played.fake
    tables = []
    for number in range(count):
        people = fake.person(f"Ana{number}"), fake.person(f"Ben{number}")
        ana, ben = (
            directory.register(p.first_name, Address("telegram", str(p.id))) for p in people
        )
        game_id = service.open_game(ana)
        service.join(service.game(game_id).invitation, ben)
        game = service.game(game_id)
        seat = 0 if game.to_act == ana else 1
        mover, other = people if seat == 0 else people[::-1]
        tables.append(Table(game_id, mover, other, seat, game.version))
        with fake.changed:
            fake.started |= {p.id for p in people}
    sender = {"telegram": Dropped()}
    Dispatcher(played.wiring.outbox, directory, sender, service.clock).drain(limit=2 * count + 10)
    return tables


@dataclass(frozen=True)
class Seen:
    """What a run left: in the database, and in the chats of the fake Bot API."""

    version: int
    stored: bool
    """The update is in the inbox."""
    reply: str | None
    """The inbox's reply to the move's update (None: not answered)."""
    queued: bool
    """The update is among those the bot must answer."""
    answered: bool
    notifications: list[tuple[str, bool]]
    """The move's notifications: status, and whether a drain's claim is on it."""
    to_mover: list[str]
    to_other: list[str]
    """The texts of the messages sent to each chat."""
    confirmed: bool
    """The update was confirmed to the Bot API (a later ``getUpdates`` offset)."""


def seen(played: World, table: Table, update: JSON) -> Seen:
    key = key_of(update)
    with played.wiring.engine.connect() as connection:
        reply = connection.execute(
            select(inbox.c.reply).where(inbox.c.source == SOURCE, inbox.c.key == key)
        ).all()
        queued = connection.execute(
            select(telegram_updates.c.answered_at).where(telegram_updates.c.key == key)
        ).all()
        notes = connection.execute(
            select(outbox.c.status, outbox.c.claimed_until)
            .where(outbox.c.game_id == table.game_id, outbox.c.from_seq > table.before)
            .order_by(outbox.c.id)
        ).all()
    assert len(reply) <= 1 and len(queued) <= 1, "the update is stored once"
    fake = played.fake
    return Seen(
        version=played.wiring.service.game(table.game_id).version,
        stored=bool(reply),
        reply=reply[0].reply if reply else None,
        queued=bool(queued),
        answered=bool(queued) and queued[0].answered_at is not None,
        notifications=[(note.status, note.claimed_until is not None) for note in notes],
        to_mover=[
            call.params["text"]
            for call in fake.calls_to(table.mover.id, "sendMessage", "editMessageText")
        ],
        to_other=[call.params["text"] for call in fake.calls_to(table.other.id, "sendMessage")],
        confirmed=fake.confirmed > int(update["update_id"]),
    )
