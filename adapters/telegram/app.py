"""The Telegram channel put together over a wiring (``bootstrap.Wiring`` or test parts): the Bot
API, the bookkeeping, the processor of updates, the outbox sender and the poller.  Entry points
(``conquian telegram``, tests) build it here and own its life: ``close`` when done."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from adapters.sql.engine import Engine
from adapters.sql.quotas import SqlQuotas
from adapters.sql.telegram_chat_pace import SharedChats
from adapters.sql.telegram_records import TelegramRecords
from adapters.telegram.api import BotApi, Refused
from adapters.telegram.channel import CHANNEL, Channel
from adapters.telegram.menu import set_menus
from adapters.telegram.polling import Poller
from adapters.telegram.processor import Processor
from adapters.telegram.remembering import RememberingDirectory
from adapters.telegram.sender import TelegramSender
from adapters.telegram.settings import TelegramSettings
from service.app.games import GameService
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.app.tournaments import Tournaments
from service.delivery.dispatch import Sender, TryLater, Undeliverable
from service.game.events import GameId, PlayerId
from service.ports.directory import Directory
from service.ports.protocols import Inbox

log = logging.getLogger(__name__)


class Parts(Protocol):
    """What the channel needs of the wiring."""

    @property
    def engine(self) -> Engine: ...

    @property
    def service(self) -> GameService: ...

    @property
    def directory(self) -> Directory: ...

    @property
    def inbox(self) -> Inbox: ...


@dataclass(frozen=True)
class TelegramApp:
    channel: Channel
    processor: Processor
    sender: TelegramSender

    def poller(self, after_round: Callable[[], object] | None = None) -> Poller:
        """A poller that runs ``after_round`` (the outbox drain) after each batch."""
        return Poller(
            self.channel.api, self.processor, self.channel.settings.long_poll_seconds, after_round
        )

    @property
    def senders(self) -> dict[str, Sender]:
        """The dispatcher's senders this channel adds."""
        return {CHANNEL: self.sender}

    def close(self) -> None:
        self.processor.lanes.close()
        self.channel.api.close()


def build_telegram(
    parts: Parts,
    settings: TelegramSettings,
    ratings: Ratings | None = None,
    page_url: Callable[[GameId, PlayerId], str] | None = None,
    lobby: Lobby | None = None,
    tournaments: Tournaments | None = None,
) -> TelegramApp:
    """Connect to the Bot API (``getMe``), set the commands menu in every language (``menu.py``)
    and wire the channel over ``parts``, its chats' seconds kept in the database with every other
    process that posts for the bot (``chat_pace.py``)."""
    api = BotApi(settings)
    api.pacer.shared = SharedChats(parts.engine)  # the worker posts for this bot too
    service = parts.service
    channel = Channel(
        service,
        RememberingDirectory(parts.directory),  # a Directory, delegating
        parts.inbox,
        TelegramRecords(parts.engine),
        api,
        service.clock,
        settings,
        SqlQuotas(parts.engine),
        ratings,
        page_url,
        lobby,
        tournaments,
    )
    try:
        set_menus(api)
    except (Refused, TryLater, Undeliverable) as error:  # the bot works without its menu
        log.warning("the commands menu was not set: %s", error)
    processor = Processor(channel)
    return TelegramApp(
        channel, processor, TelegramSender(channel, processor.screens, processor.chats)
    )
