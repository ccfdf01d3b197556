"""``TelegramSender``: the outbox dispatcher's ``Sender`` for the ``telegram`` channel.

A notification that leaves a decision to the player (or ends the match) becomes their new turn
message: the public news of the events it covers (the opponent's move, a timeout, a rematch
offer), then their table with its buttons; a reminder says the decision is due.  News that asks
nothing of them edits their board in place (the news since that board began, then the table): an
edit does not notify, so a player gets at most one new message per own turn, plus the ending.
A notification whose events the player's turn message already shows (the bot's first moves,
shown in the answer to their own ``/new bot``) is not sent again.  Words alone (the opponent's
``/say``) are one small message of their own, never a board (``talk.py``); an edited waiting
board shows only the latest lines of news (``render.recent``).  Talk held back in the player's
quiet hours opens the news of their next notice (``Notice.news_from``), board or words.  The game's group hears the
same news.  Laid out from the player's ``Notice`` the dispatcher hands over (asked for with the
news since the chat's board began, which the board's one-line record tells): the game as it
stands when sent, so a late retry shows the current position, from one read of the log.

A player known to have blocked the bot (a ``my_chat_member`` update, or an earlier 403) is not
sent to: ``Undeliverable`` at once, until they write or unblock it (``membership.py``).
Telegram's answers become the dispatcher's: 403 (blocked) or "chat not found" marks the player
unreachable — they are shown what waits for them as soon as they write to the bot again — and
raises ``Undeliverable``, which the outbox records with the reason; a 429 raises ``TryLater``
with Telegram's ``retry_after``, which the dispatcher waits out.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from contextlib import AbstractContextManager

from adapters.telegram.channel import Channel
from adapters.telegram.lanes import ChatLocks
from adapters.telegram.render import recent
from adapters.telegram.screens import Screens, Seen
from adapters.telegram.talk import words_only
from service.delivery.dispatch import Telling, Undeliverable
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.ports.directory import Address


class TelegramSender:
    def __init__(self, channel: Channel, screens: Screens, chats: ChatLocks) -> None:
        self.channel = channel
        self.screens = screens
        self.chats = chats

    def remembering(self, players: Collection[PlayerId]) -> AbstractContextManager[None]:
        """A batch's players' rows (reachable, board choices) read in one statement
        (``ReadsAhead``)."""
        return self.channel.records.remembering(players)

    def send(self, address: Address, telling: Telling) -> None:
        """Send the notification, the chat held against this process's answers in it (which
        may change the same board)."""
        with self.chats.of_chat(int(address.value)), self.screens.remembering():
            self._send(address, telling)  # each profile read once, ``remembering``

    def _send(self, address: Address, telling: Telling) -> None:
        channel, notification = self.channel, telling.notification
        player, game_id = notification.player, notification.game_id
        blocked = channel.records.unreachable(player)
        if blocked is not None:  # sends resume when they write or unblock the bot
            self.screens.tell_group(game_id)
            raise Undeliverable(blocked)
        chat = int(address.value)
        shown = channel.records.turn_message(chat, game_id)
        if (
            notification.kind == "moves"
            and shown is not None
            and shown.version >= notification.to_seq
        ):
            self.screens.tell_group(game_id)
            return  # their turn message already shows this (e.g. the answer to their own /new)
        notice = telling.notice(None if shown is None else shown.since + 1)
        first = notice.news_from  # with the talk held back in their quiet hours, if any
        if notification.kind == "moves" and words_only(notice, first, notification.to_seq):
            # talk is its own small message, never a board (``talk.py``)
            said = self.screens.told(notice, first, notification.to_seq)
            if said:
                self._reaching(player, lambda: self.screens.say(chat, "\n".join(said)))
            return
        if notification.kind == "reminder":
            if notice.overtaken:
                return  # answered meanwhile: nothing left to remind of
            before = [channel.tr(player).gettext("⏰ Reminder: this game waits for your move.")]
        else:
            before = self.screens.told(notice, first, notification.to_seq)
        edit = None
        if (
            notification.kind == "moves"
            and shown is not None
            and notice.status is GameStatus.PLAYING
            and not notice.view.is_my_decision
        ):  # news that asks nothing of them: the board, edited
            before = recent(self.screens.told(notice, shown.since + 1, notice.version))
            edit = shown.message_id
        seen = Seen(notice, chat, shown)
        self._reaching(
            player,
            lambda: self.screens.turn(player, game_id, before, edit=edit, ask=False, seen=seen),
        )
        self.screens.tell_group(game_id)

    def _reaching(self, player: PlayerId, showing: Callable[[], object]) -> None:
        """Run ``showing``; a chat that refuses it marks the player unreachable."""
        try:
            showing()
        except Undeliverable as error:
            self.channel.records.mark_unreachable(player, self.channel.clock.now(), str(error))
            raise
