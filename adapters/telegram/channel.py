"""``Channel``: what every part of the bot shares — the service and the ports it talks through,
the Bot API, the Telegram bookkeeping — and the few questions they all ask: who is this
Telegram user, what is this player called, where is their private chat.

A player's Telegram address is ``("telegram", <user id>)``; their private chat with the bot has
the same id.  A person writing to the bot for the first time is registered under their first name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from adapters.sql.telegram_records import TelegramRecords
from adapters.telegram.api import BotApi
from adapters.telegram.settings import TelegramSettings
from service.app.games import GameService
from service.app.intake import InboxKey, Intake
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.app.replies import Reply
from service.app.tournaments import Tournaments
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.language.names import NO_NAME, display_name
from service.language.translation import ENGLISH, Translator, supported
from service.ports.directory import Address, Directory
from service.ports.protocols import Clock, Inbox
from service.ports.quotas import Quotas
from service.words.cast import Cast, cast_of, player_name

CHANNEL = "telegram"
SOURCE = "telegram"
"""The inbox's source for Telegram updates."""


def user_name(first_name: str) -> str:
    """How a Telegram user's profile name is shown (stored for a new player, said in a group)."""
    return display_name(first_name, NO_NAME)


@dataclass(frozen=True)
class Channel:
    service: GameService
    directory: Directory
    inbox: Inbox
    records: TelegramRecords
    api: BotApi
    clock: Clock
    settings: TelegramSettings
    quotas: Quotas
    """Counts ``/new`` per user (``service.players.invitations``), in the database every process shares."""
    ratings: Ratings | None = None
    """Profiles for ``/stats`` (``stats.py``); without it ``/stats`` says there is nothing."""
    page_url: Callable[[GameId, PlayerId], str] | None = None
    """The address of a player's private page of a game (``adapters.web.capabilities``), put
    under their board; None when the service has no public address a phone could open."""
    lobby: Lobby | None = None
    """Seeks and pairing for ``/seek``, ``/lobby``, ``/pair`` (``seeking.py``)."""
    tournaments: Tournaments | None = None
    """Tournaments for ``/tournaments``, ``/join_tournament`` (``tournaments.py``)."""

    def player_of(
        self, user_id: int, first_name: str, language_code: str | None = None
    ) -> PlayerId:
        """The player this Telegram user is, registered on first contact in the language their
        Telegram app is set to (``language_code``; English when the product lacks it).  Later
        the player's own choice (``/settings lang=…``, ``lang …``) counts, not their app's."""
        address = Address(CHANNEL, str(user_id))
        known = self.directory.player_at(address)
        if known is not None:
            return known
        try:
            player = self.directory.register(user_name(first_name), address)
        except ValueError:  # registered a moment ago by another delivery of their update
            found = self.directory.player_at(address)
            assert found is not None
            return found
        language = supported(language_code)
        if language is not None:
            self.directory.update(replace(self.directory.profile(player), language=language))
        return player

    def earlier(self, key: str, payload: str = "") -> Reply | None:
        """The update's recorded reply, if it was answered before (``Intake.earlier``)."""
        return Intake(self.inbox, self.clock).earlier(InboxKey(SOURCE, key), payload)

    def record(self, key: str, reply: Reply) -> Reply:
        """Record the update's reply (``Intake.record``): the first recorded stands."""
        return Intake(self.inbox, self.clock).record(InboxKey(SOURCE, key), reply)

    def once(self, key: str, payload: str, answer: Callable[[], Reply]) -> Reply:
        """The update's reply: the one recorded before, or ``answer``'s, recorded now."""
        earlier = self.earlier(key, payload)
        return earlier if earlier is not None else self.record(key, answer())

    def tr(self, player: PlayerId | None) -> Translator:
        """The player's language."""
        return ENGLISH if player is None else self.service.translator_of(player)

    def chat_of(self, player: PlayerId) -> int | None:
        """The player's private chat with the bot, if they play on Telegram."""
        for address in self.directory.addresses(player):
            if address.channel == CHANNEL:
                return int(address.value)
        return None

    def name(self, player: PlayerId | None, tr: Translator = ENGLISH) -> str:
        return player_name(player, self.directory, tr)

    def cast(self, game: Game, tr: Translator = ENGLISH, reader: PlayerId | None = None) -> Cast:
        """The game's players as ``reader`` (None: a group) is told of them."""
        return cast_of(game.players, self.directory, tr, reader)

    def names(self, game: Game, tr: Translator = ENGLISH) -> dict[PlayerId, str]:
        return {p: self.name(p, tr) for p in game.players if p is not None}

    def invitation_link(self, invitation: str) -> str:
        return f"https://t.me/{self.api.username}?start={invitation}"

    def find_game(self, player: PlayerId, prefix: str) -> GameId | None:
        """The player's game whose id starts with ``prefix`` (a leading ``#`` is ignored)."""
        wanted = prefix.lstrip("#").lower()
        found = [s.game_id for s in self.service.games_of(player) if s.game_id.startswith(wanted)]
        return found[0] if len(found) == 1 and wanted else None
