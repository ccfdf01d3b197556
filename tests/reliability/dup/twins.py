"""Twin services for non-interference: two worlds that differ only in cards player A cannot see.

Both worlds start from copies of one database (the same players, ids, link generations and
keys), run on the same manual clock time and draw the same chance — game ids, invitations,
first dealers, salts and decks — except that the second world's deck has some cards of the
opponent's hand swapped with cards of the stock (``TwinChance``).  Every step is made in both
worlds alike, and what player A received since the last step is read from each (``Outputs``).

The one thing A is shown that is computed from hidden cards is the deal's commitment, a SHA-256
digest of the deck order and a secret salt, published before the deal so that the deal can be
checked after it (``service/game/fairness.py``).  The rules make it public and it reveals nothing
without the salt, so it is the one value the comparison replaces by a placeholder (each world's
own digest, nothing else).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import uuid
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import compat32
from pathlib import Path
from typing import Any

import psycopg
import pytest
from flask.testing import FlaskClient
from psycopg import sql

from adapters.web.security import CSRF_COOKIE
from service.game.events import GameId, PlayerId
from service.ports.memory_directory import SeededChance
from service.rules.cards import Card, CardSet
from service.rules.state import GameState
from tests.conftest import PG_HOST, PG_PORT
from tests.email.smtp_sink import Received
from tests.reliability.dup.world import World
from tests.telegram.fake_api import Person

_PARSER = BytesParser(policy=compat32)  # the default policy parses headers ten times slower
BOUNDARY = re.compile(rb"'boundary', '[^']*'")
CSRF_VALUE = "twin-csrf-cookie"


class TwinChance(SeededChance):
    """``SeededChance`` whose decks have ``swap`` applied (a card for a card, both ways)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.swap: dict[Card, Card] = {}

    def deck(self) -> tuple[Card, ...]:
        return tuple(self.swap.get(one, one) for one in super().deck())


@dataclass
class Who:
    """Player A, as each channel knows them."""

    player: PlayerId
    name: str
    telegram: Person | None = None
    email: str | None = None


Twins = tuple[tuple[World, World], list[Who], list[PlayerId]]
"""The two worlds, the players A may be, and their opponents (``conftest.twins``)."""


@dataclass
class Outputs:
    """What A received in one world since the last ``take``: Telegram calls to A's chat (and
    the answers to A's presses) with picture bytes, mails to A as sent, and what A's page, the
    API and A's own submissions were answered."""

    world: World
    who: Who
    client: FlaskClient
    calls_seen: int = 0
    mails_seen: int = 0
    pending: list[bytes] = field(default_factory=list)

    def take(self, game_id: GameId) -> list[bytes]:
        out = self._telegram() + self._mail()
        out += self.pending
        self.pending = []
        digest = self.world.service.game(game_id).current_commitment
        if digest is not None:
            out = [one.replace(digest.commitment.encode(), b"<commitment>") for one in out]
        return out

    def skip(self) -> None:
        """Forget what was received so far (after the worlds legitimately parted)."""
        with self.world.fake.changed:
            self.calls_seen = len(self.world.fake.calls)
        self.mails_seen = len(self.world.mailbag.received)
        self.pending = []

    def web(self, method: str, path: str, **options: object) -> int:
        """A request of A's on the web; its answer is part of what A receives."""
        answer = self.client.open(path, method=method, **options)  # type: ignore[arg-type]
        headers = sorted((k, v) for k, v in answer.headers.items() if k.lower() != "date")
        self.pending.append(
            json.dumps([method, path, answer.status_code, headers]).encode() + answer.data
        )
        return answer.status_code

    def _telegram(self) -> list[bytes]:
        fake = self.world.fake
        with fake.changed:
            calls = fake.calls[self.calls_seen :]
            self.calls_seen = len(fake.calls)
        if self.who.telegram is None:
            return []
        chat = self.who.telegram.id
        return [
            json.dumps([c.method, c.params], sort_keys=True).encode() + (c.photo or b"")
            for c in calls
            if c.chat_id == chat or c.method == "answerCallbackQuery"
        ]

    def _mail(self) -> list[bytes]:
        mails = self.world.mailbag.received
        new, self.mails_seen = mails[self.mails_seen :], len(mails)
        if self.who.email is None:
            return []
        return [canonical(mail) for mail in new if self.who.email in mail.recipients]


def canonical(mail: Received) -> bytes:
    """The mail as its recipient reads it: the envelope, then every part's headers and decoded
    content (MIME boundaries are random per serialisation, and quoted-printable lines wrap
    where a placeholder would not)."""
    out = [mail.envelope_from.encode(), " ".join(mail.recipients).encode()]
    for part in _PARSER.parsebytes(mail.raw).walk():
        headers = [(name, value) for name, value in part.items() if name != "Content-Type"]
        out.append(repr((part.get_content_type(), part.get_params(), headers)).encode())
        if not part.is_multipart():
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            out.append(payload)
    return BOUNDARY.sub(b"boundary", b"\n".join(out))


def client_for(world: World) -> FlaskClient:
    client = world.app.test_client()
    client.set_cookie(CSRF_COOKIE, CSRF_VALUE)
    return client


def hidden_cards(state: GameState, opponent_seat: int) -> set[Card]:
    """The opponent's hand and the stock: what A must not learn."""
    hand = set(CardSet(state.hands[opponent_seat]))
    return hand | set(state.deck[state.next_stock :])


class Copies:
    """A seed database and copies of it: SQLite files, or PostgreSQL databases made with the
    seed as their template (named so that a killed session's are dropped by the next one)."""

    def __init__(self, backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
        self.backend = backend
        self.names: list[str] = []
        if backend == "sqlite":
            self.seed_dir = tmp_path / "seed"
            self.seed_dir.mkdir()
            template: Path = request.getfixturevalue("sqlite_template")
            shutil.copyfile(template, self.seed_dir / "conquian.db")
            self.seed: str | None = None
        else:
            self.user: str = request.getfixturevalue("postgres_server")
            self.seed = self._create("")

    def copy(self, data_dir: Path) -> str | None:
        """A copy of the seed (closed by now): its URL, or None for SQLite in ``data_dir``."""
        data_dir.mkdir()
        if self.backend == "sqlite":
            for name in ("conquian.db", "conquian.db-wal", "conquian.db-shm"):
                if (self.seed_dir / name).exists():
                    shutil.copyfile(self.seed_dir / name, data_dir / name)
            return None
        return self._create(self.names[0])

    def drop(self) -> None:
        for name in reversed(self.names):
            with self._admin() as admin:
                admin.execute(
                    sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
                )

    def _create(self, template: str) -> str:
        name = f"conquian_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
        statement = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
        if template:
            statement += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
        with self._admin() as admin:
            admin.execute(statement)
        self.names.append(name)
        return f"postgresql+psycopg://{self.user}@{PG_HOST}:{PG_PORT}/{name}"

    def _admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(
            host=PG_HOST, port=PG_PORT, user=self.user, dbname="postgres", autocommit=True
        )
