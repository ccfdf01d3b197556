"""The bot as ``conquian telegram`` runs it — a SQLite file, every configured channel
(``adapters.channels``), the poller in a thread, the outbox drained after every round — against
the fake Bot API server of ``fake_api.py``; and people with phones who write to it and press its
buttons."""

from __future__ import annotations

import re
import threading
from pathlib import Path

from adapters.bootstrap import Wiring, build
from adapters.channels import Channels, build_channels
from adapters.config import EmailSettings, Settings, WebSettings
from adapters.telegram.app import TelegramApp
from adapters.telegram.callbacks import decode
from adapters.telegram.settings import RateLimits, TelegramSettings
from adapters.worker import Worker
from service.app.games import GameService
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.protocols import Chance, Clock
from service.rules.view import PlayerView
from tests.telegram.fake_api import TOKEN, FakeTelegram, Message, Person

INVITATION = re.compile(r"start=([0-9a-f]+)")


class Bot:
    """One ``conquian telegram`` process on the database in ``data_dir``."""

    def __init__(
        self,
        fake: FakeTelegram,
        data_dir: Path,
        chance: Chance | None = None,
        clock: Clock | None = None,
        email: EmailSettings | None = None,
        database_url: str | None = None,
        web: WebSettings | None = None,
    ) -> None:
        """``email``: the email channel's settings, when this process has it too;
        ``database_url``: another database than the SQLite file in ``data_dir``; ``web``: the
        web side's (its public address puts page links under the boards)."""
        self.fake = fake
        self.settings = Settings(
            data_dir=data_dir, email=email, database_url=database_url, web=web or WebSettings()
        )
        self.wiring: Wiring = build(self.settings, clock, chance)
        self.channels: Channels = build_channels(
            self.wiring, self.settings, telegram_settings(fake)
        )
        assert self.channels.telegram is not None
        self.app: TelegramApp = self.channels.telegram
        self.worker = Worker(self.wiring, self.settings, senders=self.channels.senders)
        self.poller = self.app.poller(after_round=self.worker.drain)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._closed = False

    def start(self) -> Bot:
        self._thread = threading.Thread(target=self.poller.run, args=(self._stop,), daemon=True)
        self.fake.pollers.append(self.poller.settled)
        # a settle is seen at once, not at the next 50 ms look: whichever ends last pokes
        self.poller.follow_up.ran = self.app.processor.lanes.emptied = self.fake.poke
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self.fake.wake()
        if self._thread is not None:
            self._thread.join(timeout=10)
            assert not self._thread.is_alive(), "the poller did not stop"
            self.fake.pollers.remove(self.poller.settled)
            self._thread = None

    def close(self) -> None:
        """Stop and let go of everything (the process ends); a second call does nothing."""
        if self._closed:
            return
        self._closed = True
        self.stop()
        self.channels.close()
        self.wiring.close()

    @property
    def service(self) -> GameService:
        return self.wiring.service

    def player(self, person: Person) -> PlayerId:
        found = self.wiring.directory.player_at(Address("telegram", str(person.id)))
        assert found is not None, f"{person.first_name} never wrote to the bot"
        return found

    def view(self, person: Person, game_id: GameId) -> PlayerView:
        return self.service.view(game_id, self.player(person))[1]


class Phone:
    """A person's Telegram: writes to the bot, waits until it has answered, presses buttons."""

    def __init__(self, fake: FakeTelegram, person: Person) -> None:
        self.fake = fake
        self.person = person

    @property
    def chat(self) -> int:
        return self.person.id

    def say(self, text: str, chat_id: int | None = None) -> None:
        self.settle(self.fake.send(self.person, text, chat_id))

    def press(self, message: Message, label: str) -> str:
        """Press the button labelled ``label``; the answer to the press."""
        update = self.fake.press_label(self.person, message, label)
        self.settle(update)
        return self.answer(update)

    def press_data(self, message: Message, data: str) -> str:
        update = self.fake.press(self.person, message, data)
        self.settle(update)
        return self.answer(update)

    def answer(self, update: dict[str, object]) -> str:
        query = update["callback_query"]
        assert isinstance(query, dict)
        answered = self.fake.answers.get(query["id"])
        assert answered is not None, "the press was not answered"
        return str(answered.get("text", ""))

    def settle(self, update: dict[str, object]) -> None:
        """Wait until the bot has confirmed ``update`` (stored) and answered it, its outbox
        drained."""
        update_id = int(str(update["update_id"]))
        self.fake.wait(lambda: self.fake.confirmed > update_id and self.fake.settled())

    def messages(self) -> list[Message]:
        return self.fake.chat(self.chat)

    def last(self) -> Message:
        return self.fake.last(self.chat)

    def turn_message(self) -> Message:
        """The latest message with buttons for a decision."""
        with_buttons = self._with_decisions()
        assert with_buttons, f"no message with buttons in {self.person.first_name}'s chat"
        return with_buttons[-1]

    def wait_for_turn(self) -> Message:
        """The latest message with buttons for a decision, once there is one (for a bot in
        another process, which ``settle`` cannot ask whether it has answered)."""
        return self.fake.wait(self._with_decisions)[-1]  # type: ignore[no-any-return]

    def _with_decisions(self) -> list[Message]:
        return [m for m in self.messages() if any(_is_decision(b) for b in m.buttons())]

    def invitation(self) -> str:
        for message in reversed(self.messages()):
            found = INVITATION.search(message.text)
            if found:
                return found.group(1)
        raise AssertionError("no invitation in the chat")


def _is_decision(button: dict[str, str]) -> bool:
    press = decode(button.get("callback_data", ""))
    return press is not None and press.kind in ("move", "select")


def telegram_settings(fake: FakeTelegram) -> TelegramSettings:
    """The bot's settings for the fake server: short long polls, no rate limit to wait for."""
    return TelegramSettings(
        TOKEN, api_url=fake.base_url, long_poll_seconds=1, limits=RateLimits(1000, 1000, 0, 0)
    )
