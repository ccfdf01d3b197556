"""Duplicate and out-of-order inbound: generated patterns of repeated Telegram updates, repeated
mails, presses of old buttons, replies to old reply addresses and racing web submissions, driven
through the real adapters (the fake Bot API over HTTP, the email handler the IMAP poller calls,
the Flask app over HTTP on waitress), on SQLite and on PostgreSQL.

After every pattern: the events appended since it began are exactly the union of the accepted
submissions' event ranges (so nothing moved without an answer saying so, and nothing moved
twice), at most one submission carrying the pattern's version was accepted, every Telegram
update was stored and answered (each press answered exactly once, however often delivered),
every mail handled once with an outcome, every web request answered with a status that is not
an error of ours.  At the end every game's log is gapless and passes ``verify``.
"""

from __future__ import annotations

import json
import os
import random
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters.email.inbound import message_key
from adapters.sql.email_tables import email_messages
from adapters.sql.tables import inbox
from adapters.telegram.callbacks import move as move_press
from adapters.web.server import WebServer, web_server
from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.rules.actions import PlayerAction
from service.words.prompts import action_text
from tests.conftest import sql_engine
from tests.email.smtp_sink import Received
from tests.reliability.dup.patterns import Pattern, generate
from tests.reliability.dup.world import BEN, Players, World, reply_to, settings_for
from tests.telegram.fake_api import FakeTelegram, Message
from tests.web.client import Http
from tests.web.conftest import free_port

PATTERNS = {
    "sqlite": int(os.environ.get("CONQUIAN_DUPLICATE_PATTERNS", "500")),
    "postgresql": int(os.environ.get("CONQUIAN_DUPLICATE_PATTERNS_POSTGRESQL", "250")),
}
"""Patterns per database in ``make test``; ``make duplicates`` runs 1,000 on each."""

JSON = dict[str, object]


@dataclass
class Past:
    """What the players were shown before: old turn messages, old mails, old updates."""

    presses: list[tuple[Message, str]] = field(default_factory=list)
    mails: list[Received] = field(default_factory=list)
    updates: list[JSON] = field(default_factory=list)
    replies: list[tuple[bytes, str]] = field(default_factory=list)


@dataclass
class Tally:
    patterns: int = 0
    deliveries: int = 0
    accepted: int = 0
    stale_or_refused: int = 0
    games: int = 0


@dataclass
class Sent:
    """The submissions of one pattern and how to read their outcomes."""

    telegram_keys: set[str] = field(default_factory=set)
    texts: int = 0
    """Typed messages among them (each must get a message or an edit in the chat)."""
    calls_before: int = 0
    delivered_at_once: int = 0
    """Messages handed to a channel while the pattern was put together (the rest are in
    ``actions`` and ``racers``)."""
    versioned_telegram: set[str] = field(default_factory=set)
    press_ids: set[str] = field(default_factory=set)
    mail_keys: set[str] = field(default_factory=set)
    versioned_mail: set[str] = field(default_factory=set)
    web: list[tuple[int, JSON]] = field(default_factory=list)
    actions: list[Callable[[], object]] = field(default_factory=list)
    """Deliveries to the channels' inputs, made before processing starts."""
    racers: list[Callable[[], object]] = field(default_factory=list)
    """Web requests and late copies, made while the channels process."""


class Barrage:
    """Plays games between Ana (Telegram) and Ben (email) one pattern per decision."""

    def __init__(self, world: World, players: Players, http: Http, seed: int) -> None:
        self.world = world
        self.players = players
        self.http = http
        self.rng = random.Random(seed)
        self.past = Past()
        self.tally = Tally()
        self.game_id = self.new_game()
        self.mail_ids = 0
        self.handled_mail: set[str] = set()
        self.presses: set[str] = set()
        """Every press made so far: each answered exactly once, however often delivered."""

    def new_game(self) -> GameId:
        self.tally.games += 1
        return self.world.start_game(self.players)

    def run(self, count: int) -> Tally:
        for number in range(count):
            if self.world.service.game(self.game_id).status != "playing":
                self.game_id = self.new_game()
            self.world.clock.advance(seconds=61)
            self.one(number)
        return self.tally

    # -- one pattern ----------------------------------------------------------------------------

    def one(self, number: int) -> None:
        world, game_id = self.world, self.game_id
        game = world.service.game(game_id)
        version = game.version
        mover = game.to_act
        assert mover is not None
        pattern = generate(self.rng, number, mover == self.players.ana)
        rng = random.Random(pattern.seed)
        sent = Sent()
        move, other = self.moves(mover, rng)
        self.primary(pattern, version, move, sent)
        for racer in pattern.racers:
            who = mover if racer.by_mover else self.opponent(mover)
            command = move if racer.same_move or other is None else other
            self.race(who, action_text(command), version, sent)
        for kind in pattern.noise:
            self.noise(kind, rng, sent)
        rng.shuffle(sent.actions)
        deliveries = sent.delivered_at_once + len(sent.actions) + len(sent.racers)
        for deliver in sent.actions:  # the channels' deliveries, in shuffled order
            deliver()
        self.process(sent)
        self.check(pattern, version, sent)
        self.remember(mover)
        self.tally.patterns += 1
        self.tally.deliveries += deliveries

    def moves(
        self, mover: PlayerId, rng: random.Random
    ) -> tuple[PlayerAction, PlayerAction | None]:
        """The greedy bot's move for the mover and, if there is one, another legal move."""
        _, view = self.world.service.view(self.game_id, mover)
        chosen = greedy_bot(view, rng)
        others = [a for a in view.legal_actions if a != chosen]
        return chosen, (rng.choice(others) if others else None)

    def opponent(self, player: PlayerId) -> PlayerId:
        return self.players.ben if player == self.players.ana else self.players.ana

    def primary(self, pattern: Pattern, version: int, move: PlayerAction, sent: Sent) -> None:
        """The mover's own command on their channel, and its copies."""
        fake, ana = self.world.fake, self.players.ana_person
        if pattern.primary == "press":
            data = move_press(self.game_id, version, move).encode()
            update = fake.press(ana, self.turn_message(), data)
            sent.delivered_at_once += 1
            self.copies(update, pattern, sent, press=True)
        elif pattern.primary == "text":
            update = fake.send(ana, action_text(move))
            sent.delivered_at_once += 1
            self.copies(update, pattern, sent, press=False)
            sent.texts += 1
        elif pattern.primary == "reply":
            mail = self.world.mailbag.to(BEN)[-1]
            raw = reply_to(mail, action_text(move), self.message_id())
            recipient = str(mail.message["Reply-To"])
            sent.mail_keys.add(self.world.receive_mail(raw, recipient))
            sent.delivered_at_once += 1
            for _ in range(pattern.copies - 1):
                late = sent.racers if pattern.late else sent.actions
                late.append(lambda: sent.mail_keys.add(self.world.receive_mail(raw, recipient)))
            sent.versioned_mail.add(message_key(raw))
            self.past.replies.append((raw, recipient))

    def copies(self, update: JSON, pattern: Pattern, sent: Sent, press: bool) -> None:
        """The update is queued already; ``copies - 1`` more deliveries of it.  Both carry the
        pattern's version: a press in its data, typed text as the chat's turn message's."""
        fake = self.world.fake
        key = _key(update)
        sent.telegram_keys.add(key)
        sent.versioned_telegram.add(key)
        if press:
            sent.press_ids.add(_query_id(update))
        self.past.updates.append(update)
        content = {name: value for name, value in update.items() if name != "update_id"}
        again = int(str(update["update_id"])) if pattern.same_id else None
        for _ in range(pattern.copies - 1):
            late = sent.racers if pattern.late else sent.actions
            late.append(lambda: fake.deliver(content, update_id=again))

    def race(self, who: PlayerId, command: str, version: int, sent: Sent) -> None:
        token = self.players.ana_token if who == self.players.ana else self.players.ben_token
        body = {"command": command, "expected_version": version}
        path = f"/api/v1/games/{self.game_id}/moves"

        def post() -> None:
            answer = self.http.post(path, body, token=token)
            sent.web.append((answer.status, answer.json))

        sent.racers.append(post)

    def noise(self, kind: str, rng: random.Random, sent: Sent) -> None:
        fake, ana = self.world.fake, self.players.ana_person
        if kind == "old_press" and self.past.presses:
            message, data = rng.choice(self.past.presses)
            update = fake.press(ana, message, data)
            sent.delivered_at_once += 1
            sent.telegram_keys.add(_key(update))
            sent.press_ids.add(_query_id(update))
        elif kind == "old_reply" and len(self.past.mails) > 1:
            mail = rng.choice(self.past.mails[:-1])
            raw = reply_to(mail, "pass", self.message_id())
            recipient = str(mail.message["Reply-To"])
            sent.actions.append(lambda: sent.mail_keys.add(self.world.receive_mail(raw, recipient)))
        elif kind == "old_mail" and self.past.replies:
            raw, recipient = rng.choice(self.past.replies)
            sent.actions.append(lambda: sent.mail_keys.add(self.world.receive_mail(raw, recipient)))
        elif kind == "old_update" and self.past.updates:
            old = rng.choice(self.past.updates)
            content = {name: value for name, value in old.items() if name != "update_id"}
            sent.actions.append(lambda: fake.deliver(content))

    def process(self, sent: Sent) -> None:
        """Telegram's poller, the email handler and the web requests, all at once; then what is
        still waiting (nothing should be) and the outbox."""
        with self.world.fake.changed:
            sent.calls_before = len(self.world.fake.calls)
        results: dict[str, object] = {}
        jobs: list[Callable[[], object]] = [
            lambda: results.update(telegram=self.world.telegram_round()),
            lambda: results.update(email=self.world.email_round()),
            *sent.racers,
        ]
        start = threading.Barrier(len(jobs))
        errors: list[BaseException] = []

        def run(job: Callable[[], object]) -> None:
            start.wait()
            try:
                job()
            except BaseException as error:  # reported below, in the test's thread
                errors.append(error)

        threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=60)
        assert not errors, errors
        email = results["email"]
        assert isinstance(email, dict)
        self.handled_mail.update(email)
        assert self.world.telegram_round() == 0, "an update was left for a later round"
        assert self.world.email_round() == {}, "a mail was left for a later round"
        self.world.drain()

    # -- the checks -----------------------------------------------------------------------------

    def check(self, pattern: Pattern, version: int, sent: Sent) -> None:
        world = self.world
        after = world.service.game(self.game_id).version
        ranges: list[tuple[int, int]] = []
        versioned_accepted = 0
        replies = self.inbox_replies(sent)
        for (source, key), reply in replies.items():
            assert reply is not None, f"{source} {key} was never answered"
            answer = json.loads(reply)
            if "events" in answer:
                first, last = answer["events"]
                ranges.append((first, last))
                versioned_accepted += key in sent.versioned_telegram | sent.versioned_mail
        for status, answer in sent.web:
            assert status in (200, 409, 422), (status, answer)
            if status == 200:
                first, last = answer["moved"]  # type: ignore[misc]
                ranges.append((first, last))
                versioned_accepted += 1
        ranges.sort()
        covered = [seq for first, last in ranges for seq in range(first, last + 1)]
        assert covered == list(range(version + 1, after + 1)), (pattern, ranges, version, after)
        assert versioned_accepted <= 1, (pattern, ranges)
        self.tally.accepted += len(ranges)
        self.tally.stale_or_refused += len(replies) + len(sent.web) - len(ranges)
        self.answered(sent)

    def inbox_replies(self, sent: Sent) -> dict[tuple[str, str], str | None]:
        wanted = {("telegram", key) for key in sent.telegram_keys}
        with self.world.wiring.engine.connect() as connection:
            rows = connection.execute(
                select(inbox.c.source, inbox.c.key, inbox.c.reply).where(
                    inbox.c.key.in_([key for _, key in wanted] + list(sent.versioned_mail))
                )
            ).all()
        found = {(source, key): reply for source, key, reply in rows}
        missing = wanted - set(found)
        assert not missing, f"updates never stored in the inbox: {missing}"
        return found

    def answered(self, sent: Sent) -> None:
        """Each press answered exactly once (across all its deliveries), no update waiting, each
        mail handled once and recorded with its outcome."""
        fake, world = self.world.fake, self.world
        with fake.changed:
            answers = [
                str(c.params["callback_query_id"])
                for c in fake.calls
                if c.method == "answerCallbackQuery"
            ]
        self.presses |= sent.press_ids
        counted = Counter(answers)
        assert set(counted) == self.presses, "a press was never answered (or one never made was)"
        again = {query_id: n for query_id, n in counted.items() if n > 1}
        assert not again, f"presses answered more than once: {again}"
        assert world.telegram.channel.records.waiting() == []
        with fake.changed:
            told = [
                c
                for c in fake.calls[sent.calls_before :]
                if c.chat_id == self.players.ana_person.id
                and c.method in ("sendMessage", "editMessageText")
            ]
        assert len(told) >= sent.texts, "a typed message was not answered in the chat"
        assert sent.mail_keys <= self.handled_mail, sent.mail_keys - self.handled_mail
        with world.wiring.engine.connect() as connection:
            rows = connection.execute(
                select(email_messages.c.key).where(email_messages.c.key.in_(sent.mail_keys))
            ).all()
        assert len(rows) == len(sent.mail_keys)

    def remember(self, mover: PlayerId) -> None:
        """The position's buttons and mail become the past that later patterns replay."""
        message = self.turn_message(required=False)
        if message is not None:
            for button in message.buttons():
                data = button.get("callback_data", "")
                if data.startswith("m"):
                    self.past.presses.append((message, data))
                    break
        mails = self.world.mailbag.to(BEN)
        if mails and (not self.past.mails or mails[-1] is not self.past.mails[-1]):
            self.past.mails.append(mails[-1])
        del self.past.presses[:-20], self.past.mails[:-20], self.past.updates[:-20]
        del self.past.replies[:-20]

    def turn_message(self, required: bool = True) -> Message:
        chat = self.world.fake.chat(self.players.ana_person.id)
        with_buttons = [m for m in chat if m.buttons()]
        if not with_buttons:
            assert not required, "Ana has no message with buttons"
            return None  # type: ignore[return-value]
        return with_buttons[-1]

    def message_id(self) -> str:
        self.mail_ids += 1
        return f"<ben-{self.mail_ids}@example.org>"

    # -- at the end -----------------------------------------------------------------------------

    def logs_hold_up(self) -> int:
        """Every game's log is numbered without a gap and re-derives under the rules."""
        checked = 0
        for summary in self.world.service.games_of(self.players.ana):
            stored = self.world.service.store.load(summary.game_id)
            assert [one.seq for one in stored] == list(range(1, len(stored) + 1))
            verdict = verify(read_log(export_lines(stored)))
            assert verdict.ok, (summary.game_id, verdict.seq, verdict.reason)
            checked += 1
        return checked


def _key(update: JSON) -> str:
    if "callback_query" in update:
        return f"callback:{_query_id(update)}"
    message = update["message"]
    assert isinstance(message, dict)
    chat = message["chat"]
    assert isinstance(chat, dict)
    return f"message:{chat['id']}:{message['message_id']}"


def _query_id(update: JSON) -> str:
    query = update["callback_query"]
    assert isinstance(query, dict)
    return str(query["id"])


@pytest.fixture(params=["sqlite", "postgresql"])
def world(request: pytest.FixtureRequest, fake: FakeTelegram, tmp_path: Path) -> Iterator[World]:
    engine = sql_engine(request.param, request, tmp_path)
    url = None if request.param == "sqlite" else engine.url.render_as_string(hide_password=False)
    engine.dispose()
    made = World(fake, settings_for(tmp_path, url, port=free_port()))
    yield made
    made.close()


@pytest.fixture
def http(world: World) -> Iterator[Http]:
    server: WebServer = web_server(world.app, world.settings.web)
    yield Http(world.settings.web.base_url)
    server.stop()


def test_duplicate_stale_and_racing_messages_move_each_game_once(world: World, http: Http) -> None:
    players = world.meet(world.fake.person("Ana"))
    barrage = Barrage(world, players, http, seed=20261129)
    patterns = PATTERNS[world.wiring.engine.dialect.name]

    tally = barrage.run(patterns)

    assert tally.patterns == patterns
    assert tally.accepted > patterns // 2 and tally.stale_or_refused > patterns // 2, tally
    assert barrage.logs_hold_up() == tally.games
    print(f"\n{world.wiring.engine.dialect.name}: {tally}")
