"""``Channel``: what every part of the bot shares — the service and the ports it talks through,
the Bot API, the Telegram bookkeeping — and the few questions they all ask: who is this
Telegram user, what is this player called, where is their private chat.

A player's Telegram address is ``("telegram", <user id>)``; their private chat with the bot has
the same id.  A person writing to the bot for the first time is registered under their first name.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.follow_ups import BOTS
from service.game import Game
from service.game_events import GameId, PlayerId
from service.games import GameService
from service.linking import Linking
from service.ports import Address, Clock, Directory, Inbox

from .api import BotApi
from .records import TelegramRecords
from .settings import TelegramSettings

CHANNEL = "telegram"
SOURCE = "telegram"
"""The inbox's source for Telegram updates."""
BOT_NAMES = {"bot:greedy": "the bot", "bot:random": "the random bot"}


@dataclass(frozen=True)
class Channel:
    service: GameService
    directory: Directory
    inbox: Inbox
    records: TelegramRecords
    api: BotApi
    clock: Clock
    settings: TelegramSettings
    linking: Linking

    def player_of(self, user_id: int, first_name: str) -> PlayerId:
        """The player this Telegram user is, registered on first contact."""
        address = Address(CHANNEL, str(user_id))
        known = self.directory.player_at(address)
        if known is not None:
            return known
        try:
            return self.directory.register(first_name or "Player", address)
        except ValueError:  # registered a moment ago by another delivery of their update
            found = self.directory.player_at(address)
            assert found is not None
            return found

    def chat_of(self, player: PlayerId) -> int | None:
        """The player's private chat with the bot, if they play on Telegram."""
        for address in self.directory.addresses(player):
            if address.channel == CHANNEL:
                return int(address.value)
        return None

    def name(self, player: PlayerId | None) -> str:
        if player is None:
            return "(nobody yet)"
        if player in BOTS:
            return BOT_NAMES.get(player, "the bot")
        try:
            return self.directory.profile(player).name
        except KeyError:
            return str(player)

    def seat_names(self, game: Game) -> tuple[str, str]:
        return (self.name(game.players[0]), self.name(game.players[1]))

    def names(self, game: Game) -> dict[PlayerId, str]:
        return {p: self.name(p) for p in game.players if p is not None}

    def invitation_link(self, invitation: str) -> str:
        return f"https://t.me/{self.api.username}?start={invitation}"

    def find_game(self, player: PlayerId, prefix: str) -> GameId | None:
        """The player's game whose id starts with ``prefix`` (a leading ``#`` is ignored)."""
        wanted = prefix.lstrip("#").lower()
        found = [s.game_id for s in self.service.games_of(player) if s.game_id.startswith(wanted)]
        return found[0] if len(found) == 1 and wanted else None
