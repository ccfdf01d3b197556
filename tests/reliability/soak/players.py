"""The soak's players: pairs of bots, each pair on one channel, playing through that channel as
people do — typing commands to the bot (the fake Bot API queues them for the real poller),
replying to the last mail they got (delivered into Dovecot over LMTP for the real IMAP poll),
or posting moves to the JSON API of a ``conquian serve --role web`` process.

The greedy bot chooses each move from the player's own view (read from the database, as a
person reads their table); what the bots send is paced by the soak (``soak.py``) and recorded
(``Sent``), and ``checks.py`` later holds the log to it.  A bot sends its next move only once the
game has moved past the version it moved at, an email bot only once the mail showing that version
arrived and a Telegram bot only once its chat's turn message shows it, if it has one (a typed
command is played on the position the chat shows, and on the current one in a guest's chat never
shown the game, whom the soak joined for them; a host waits to be told the guest joined), and a
second after the bot's last message in its chat (``READING``): so every move it sends is legal
where it lands, and none is sent twice — except a web move refused with 503 ("try again"),
which is sent again later and recorded once.
"""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from email.utils import make_msgid

from sqlalchemy import select

from adapters.bootstrap import Wiring
from adapters.sql.engine import is_unavailable
from adapters.sql.tables import game_summaries
from adapters.sql.telegram_tables import telegram_turn_messages
from adapters.web.capabilities import Capabilities
from service.bots.policies import greedy_bot
from service.delivery.dispatch import Sender, Telling
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.protocols import Notification
from service.words.prompts import action_text
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.reliability.soak.mail import Mailboxes, reply
from tests.telegram.fake_api import FakeTelegram, Person

READING = 1.0
"""Seconds a Telegram bot lets pass after the bot's last message in its chat before it types:
no person answers faster, and so the bot is never asked to post in a chat more often than
Telegram's one message a second."""


@dataclass
class Bot:
    channel: str
    player: PlayerId
    person: Person | None = None
    address: str | None = None
    token: str | None = None
    web: str | None = None
    """The base URL of the web process this bot talks to."""


@dataclass
class Sent:
    """One move a bot sent: at which version, what, and when it showed in the game."""

    game_id: GameId
    player: PlayerId
    channel: str
    version: int
    text: str
    at: float
    applied_at: float | None = None
    update_id: int | None = None
    """A Telegram move's update id at the fake Bot API."""
    message_id: str | None = None
    """An email move's ``Message-ID``."""
    refusals: list[str] = field(default_factory=list)
    """Answers that were not an acceptance (a web 503 before it went through)."""


@dataclass
class Table:
    game_id: GameId
    bots: dict[PlayerId, Bot]
    start_version: int
    version: int = 0
    status: str = "playing"
    to_act: PlayerId | None = None
    in_flight: Sent | None = None
    sending: bool = False
    shown: dict[int, int] = field(default_factory=dict)
    """The version each Telegram player's chat was last shown (its turn message's)."""


class Players:
    """Every bot pair of the soak, the games they play and the moves they sent."""

    def __init__(
        self,
        wiring: Wiring,
        capabilities: Capabilities,
        fake: FakeTelegram,
        sink: SmtpSink,
        dovecot: Dovecot,
        webs: list[str],
        seed: int = 1,
        tell_guest: Sender | None = None,
    ) -> None:
        """``tell_guest``: the email channel's sender, to tell an email guest the game began."""
        self.wiring = wiring
        self.tell_guest = tell_guest
        self.capabilities = capabilities
        self.fake = fake
        self.dovecot = dovecot
        self.webs = webs
        self.mail = Mailboxes(sink)
        self.rng = random.Random(seed)
        self.tables: dict[GameId, Table] = {}
        self.finished: list[Table] = []
        self.sent: list[Sent] = []
        self.refused: list[str] = []
        self.unanswered: dict[tuple[GameId, int], Sent] = {}
        """Web moves refused (503) or without an answer: the log may hold them, at most once."""
        self.pool = ThreadPoolExecutor(8, thread_name_prefix="soak-send")
        self.lock = threading.Lock()
        self._names = iter(range(10**9))

    # -- games ------------------------------------------------------------------------------

    def open_games(self, count: int, mix: dict[str, float]) -> None:
        """``count`` new games, each between two bots of one channel, channels drawn by ``mix``."""
        channels = list(mix)
        weights = [mix[c] for c in channels]
        for _ in range(count):
            channel = self.rng.choices(channels, weights)[0]
            host, guest = self._bot(channel), self._bot(channel)
            service = self.wiring.service
            game_id = service.open_game(host.player)
            service.join(service.game(game_id).invitation, guest.player)
            version = service.game(game_id).version
            if channel == "email" and self.tell_guest is not None:
                self._welcome(guest, game_id, version)
            with self.lock:
                self.tables[game_id] = Table(
                    game_id, {host.player: host, guest.player: guest}, version, version
                )

    def _welcome(self, guest: Bot, game_id: GameId, version: int) -> None:
        """What a guest who joins by mail is answered (the table, with a reply address): the
        soak joins for them, and without it a guest who must act first would never hear of the
        game and it would stand still, taking one of the soak's places for good."""
        assert self.tell_guest is not None and guest.address is not None
        told = Notification(guest.player, game_id, 1, version)
        notices = self.wiring.service.notice
        self.tell_guest.send(Address("email", guest.address), Telling(told, notices))

    def _bot(self, channel: str) -> Bot:
        number = next(self._names)
        name = f"{channel[0]}{number}"
        directory = self.wiring.directory
        if channel == "telegram":
            person = self.fake.person(name)
            with self.fake.changed:
                self.fake.started.add(person.id)  # they wrote /start to the bot once
            player = directory.register(name, Address("telegram", str(person.id)))
            return Bot(channel, player, person=person)
        if channel == "email":
            address = f"{name}@players.example"
            return Bot(
                channel, directory.register(name, Address("email", address)), address=address
            )
        player = self.capabilities.register(name)
        web = self.webs[number % len(self.webs)]
        return Bot(channel, player, token=self.capabilities.player_token(player), web=web)

    # -- a round: look, then move -------------------------------------------------------------

    def refresh(self) -> None:
        """Read every running game's line (one statement); note moves that showed, games that
        ended.  Raises when the database is away (the caller waits)."""
        with self.lock:
            ids = list(self.tables)
        if not ids:
            return
        statement = select(
            game_summaries.c.game_id,
            game_summaries.c.version,
            game_summaries.c.status,
            game_summaries.c.to_act,
        ).where(game_summaries.c.game_id.in_(ids))
        turns = select(
            telegram_turn_messages.c.game_id,
            telegram_turn_messages.c.chat_id,
            telegram_turn_messages.c.version,
        ).where(telegram_turn_messages.c.game_id.in_(ids))
        with self.wiring.engine.connect() as connection:
            rows = connection.execute(statement).all()
            shown = connection.execute(turns).all()
        now = time.monotonic()
        with self.lock:
            for game_id, chat_id, version in shown:
                if (table := self.tables.get(GameId(game_id))) is not None:
                    table.shown[chat_id] = version
            for game_id, version, status, to_act in rows:
                table = self.tables[GameId(game_id)]
                table.version, table.status = version, status
                table.to_act = None if to_act is None else PlayerId(to_act)
                moved = table.in_flight
                if moved is not None and version > moved.version:
                    moved.applied_at = now
                    table.in_flight = None
                if status != "playing" and table.in_flight is None and not table.sending:
                    self.finished.append(self.tables.pop(table.game_id))

    def ready(self) -> list[Table]:
        """Games where a bot's decision is due and nothing of theirs is on its way."""
        with self.lock:
            tables = list(self.tables.values())
        waiting = []
        for table in tables:
            if table.status != "playing" or table.in_flight or table.sending:
                continue
            bot = table.bots.get(table.to_act) if table.to_act else None
            if bot is None:
                continue
            if bot.channel == "email":
                mail = self.mail.newest_to(bot.address or "")
                if mail is None or mail.version != table.version:
                    continue
            if bot.channel == "telegram":
                assert bot.person is not None
                shown = table.shown.get(bot.person.id)
                if shown is not None and shown < table.version:
                    continue  # its chat shows an older position: wait for the news
                if shown is None and bot is next(iter(table.bots.values())):
                    continue  # the host is told the guest joined: a person waits for that
                posted = self.fake.posted_at.get(bot.person.id)
                if posted is not None and time.monotonic() - posted < READING:
                    continue  # a person reads the bot's message before typing
            waiting.append(table)
        return waiting

    def move(self, table: Table) -> None:
        """Choose ``table``'s next move and send it."""
        chosen = self.choose(table)
        if chosen is not None:
            self.send(table, chosen)

    def choose(self, table: Table) -> Sent | None:
        """The move the bot to act makes, from their own view (None if the line was behind
        the log: look again next round)."""
        assert table.to_act is not None
        bot = table.bots[table.to_act]
        game, view = self.wiring.service.view(table.game_id, bot.player)
        if game.version != table.version or game.to_act != bot.player:
            return None
        text = action_text(greedy_bot(view, self.rng), view.variant.deck_faces)
        return Sent(table.game_id, bot.player, bot.channel, game.version, text, time.monotonic())

    def send(self, table: Table, sent: Sent, wait: bool = False) -> None:
        """Send ``sent`` on its bot's channel (in the background, unless ``wait``)."""
        bot = table.bots[sent.player]
        sent.at = time.monotonic()
        table.sending = True
        if bot.channel == "telegram":
            assert bot.person is not None
            sent.update_id = int(self.fake.send(bot.person, sent.text)["update_id"])
            self._sent(table, sent)
        elif wait:
            self._send_blocking(table, bot, sent)
        else:
            self.pool.submit(self._send_blocking, table, bot, sent)

    def _send_blocking(self, table: Table, bot: Bot, sent: Sent) -> None:
        try:
            if bot.channel == "web":
                refusal = self._post(bot, sent)
                if refusal is not None:  # not applied, or applied with its answer lost
                    with self.lock:
                        sent.refusals.append(refusal)
                        self.refused.append(refusal)
                        self.unanswered[(sent.game_id, sent.version)] = sent
                        table.sending = False
                    return
            else:
                self._reply(bot, sent)
        except Exception as error:  # recorded: the soak's verdict counts it
            with self.lock:
                self.refused.append(f"{bot.channel}: {type(error).__name__}: {error}")
                table.sending = False
            return
        self._sent(table, sent)

    def _sent(self, table: Table, sent: Sent) -> None:
        with self.lock:
            self.sent.append(sent)
            table.in_flight = sent
            table.sending = False

    def _post(self, bot: Bot, sent: Sent) -> str | None:
        """POST the move; None when accepted, else what the service answered."""
        body = json.dumps({"command": sent.text, "expected_version": sent.version}).encode()
        request = urllib.request.Request(
            f"{bot.web}/api/v1/games/{sent.game_id}/moves",
            data=body,
            headers={"Authorization": f"Bearer {bot.token}", "Content-Type": "application/json"},
            method="POST",
        )
        try:
            with urllib.request.urlopen(request, timeout=30):
                return None
        except urllib.error.HTTPError as error:
            return f"web {error.code}: {error.read().decode(errors='replace')[:300]}"
        except OSError as error:
            return f"web: {type(error).__name__}: {error}"

    def _reply(self, bot: Bot, sent: Sent) -> None:
        """Reply to the newest mail, the command on the first line, as a person does."""
        assert bot.address is not None
        mail = self.mail.newest_to(bot.address)
        assert mail is not None and mail.version == sent.version
        sent.message_id = make_msgid(domain="players.example")
        raw = reply(bot.address, mail, sent.text, sent.message_id)
        self.dovecot.deliver(raw, mail.reply_to, bot.address)

    # -- housekeeping --------------------------------------------------------------------------

    def trim_fake(self) -> None:
        """Forget what a long soak need not keep at the fake Bot API: its call log, pictures,
        and all but each chat's last few messages (the bot edits only its latest ones)."""
        fake = self.fake
        with fake.changed:
            fake.calls.clear()
            fake.answers.clear()
            newest: dict[int, list[int]] = {}
            for chat, message_id in fake.messages:
                newest.setdefault(chat, []).append(message_id)
            for chat, ids in newest.items():
                for message_id in sorted(ids)[:-3]:
                    del fake.messages[(chat, message_id)]
            for message in fake.messages.values():
                message.photo = None

    def in_flight(self) -> list[Sent]:
        """Moves sent that no game shows yet."""
        with self.lock:
            return [t.in_flight for t in [*self.tables.values(), *self.finished] if t.in_flight]

    def all_tables(self) -> Iterable[Table]:
        with self.lock:
            return [*self.tables.values(), *self.finished]

    def close(self) -> None:
        self.pool.shutdown(wait=True)


def refresh_quietly(players: Players) -> bool:
    """``players.refresh()``; False (and nothing read) while the database is away."""
    try:
        players.refresh()
    except Exception as error:
        if not is_unavailable(error):
            raise
        return False
    return True
