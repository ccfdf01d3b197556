"""A game's public news in its group: one scoreboard, paced under Telegram's per-group limit,
never lost.

A group hears of a game on one *scoreboard*: posted when the game starts (the guest sits
down), then edited in place — the players, the last few lines of the game's public news —
and a new post only when the match ends, which tells the end (issue 34 item 5: a post per
decision filled the group).  The scoreboard is kept as the group's board of the game
(``telegram_turn_messages`` of the group's chat, with the version it shows).

Telegram lets a bot post about 20 messages a minute in one group, and a normal game makes more
moves than that; edits are counted against the same budget here.  So a group is written to at
most once per ``60 / group_per_minute`` seconds: news that comes sooner waits and goes out with
the next edit, several moves at once.  A post or edit refused with 429 waits Telegram's
``retry_after`` the same way.  The group's "told up to"
mark (``TelegramRecords.tell_group``) moves only after Telegram accepted the post, so a refused
or deferred post is sent later, whole and in order.  The cost is the other way round: two
processes telling one game at the same moment, or a crash between the post and the mark, can
post a move twice — a repeat in a group is better than a gap.

Deferred posts are remembered in the process (``due_in`` tells the poller when to come back,
``flush`` sends them); after a restart the first ``flush`` finds every group that is behind in
the database.  A group the bot was removed from is unlinked; a post Telegram refuses for good
(another 400) is logged and passed over, as retrying it could never succeed.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from dataclasses import replace

from adapters.sql.telegram_records import GroupChat, TurnMessage
from adapters.telegram.api import LostAnswer, Refused
from adapters.telegram.channel import Channel
from adapters.telegram.render import TEXT_LIMIT, clip, recent, short
from service.app.reads import Moment
from service.delivery.dispatch import TryLater, Undeliverable
from service.game.events import GameId
from service.game.status import GameStatus
from service.language.translation import Translator

log = logging.getLogger(__name__)
News = Callable[[Moment, int, int, Translator], list[str]]
SCOREBOARD = 6
"""How many lines of news the scoreboard shows under the players' names."""


class GroupNews:
    def __init__(self, channel: Channel, news: News) -> None:
        self.channel = channel
        self.news = news
        self.gap = 60 / channel.settings.limits.group_per_minute
        self._posted: dict[int, float] = {}
        """Per group chat: when (``time.monotonic``) it was last posted to."""
        self._due: dict[GameId, float] = {}
        """Games whose group is owed news, and not before when it may be posted."""
        self._caught_up = False
        self._lock = threading.Lock()

    def tell(self, game_id: GameId) -> None:
        """Post what the game's group has not heard yet, now if its pace allows, else later."""
        with self._lock:
            self._tell(game_id, time.monotonic())

    def due_in(self) -> float | None:
        """Seconds until the next deferred post may go (None: none waits)."""
        with self._lock:
            if not self._caught_up:
                return 0.0
            return None if not self._due else max(0.0, min(self._due.values()) - time.monotonic())

    def flush(self) -> None:
        """Send the deferred posts that are due (and, the first time, catch up after a restart)."""
        with self._lock:
            now = time.monotonic()
            if not self._caught_up:
                for game_id in self.channel.records.groups_behind():
                    self._due.setdefault(game_id, now)
                self._caught_up = True
            for game_id in [g for g, when in self._due.items() if when <= now]:
                self._tell(game_id, now)

    def _tell(self, game_id: GameId, now: float) -> None:
        channel = self.channel
        group = channel.records.group_of(game_id)
        moment = None if group is None else channel.service.moment(game_id, 1)
        if group is None or moment is None or moment.game.version <= group.told_seq:
            self._due.pop(game_id, None)
            return
        not_before = max(
            self._due.get(game_id, 0.0), self._posted.get(group.chat_id, -1e9) + self.gap
        )
        if now < not_before:
            self._due[game_id] = not_before
            return
        try:
            self._show(group, moment, now)
        except TryLater as error:
            self._due[game_id] = now + (error.retry_after or self.gap)
            log.info(
                "group %d waits %s s for news of %s", group.chat_id, error.retry_after, game_id
            )
            return
        except Undeliverable as error:
            channel.records.unlink_groups(group.chat_id)
            log.info("group %d cannot be reached (%s): unlinked", group.chat_id, error)
            return
        except Refused as error:
            log.warning("group %d refused the news of %s: %s", group.chat_id, game_id, error)
        channel.records.tell_group(game_id, group.told_seq, moment.game.version)
        self._due.pop(game_id, None)

    def _show(self, group: GroupChat, moment: Moment, now: float) -> None:
        """The scoreboard brought up to ``moment`` (posted if the group has none yet), and the
        end of the match posted as news of its own."""
        channel, game = self.channel, moment.game
        chat, version = group.chat_id, game.version
        tr = channel.tr(game.host)  # a group is told in the language of the player who opened it
        fresh = self.news(moment, group.told_seq + 1, version, tr)
        if not fresh:
            return
        names = channel.cast(game, tr).names
        header = tr.gettext(
            "{first} vs {second} ({game}):", first=names[0], second=names[1], game=short(game.id)
        )
        text = clip("\n".join([header, *recent(self.news(moment, 1, version, tr), SCOREBOARD)]))
        board = channel.records.turn_message(chat, game.id)
        if board is None or board.version < version:
            if board is None or not self._edited(chat, board.message_id, text):
                board = TurnMessage(channel.api.send_message(chat, text), version, 1, False)
                self._posted[chat] = now
                fresh = []  # a new scoreboard tells the end itself
            channel.records.remember_turn(chat, game.id, replace(board, version=version))
        if game.status is GameStatus.OVER:
            for post in _posts(header, fresh):
                channel.api.send_message(chat, post)
                self._posted[chat] = now

    def _edited(self, chat: int, message_id: int, text: str) -> bool:
        """Edit the scoreboard; False when it is gone (deleted in the group): post a new one."""
        try:
            self.channel.api.edit_message(chat, message_id, text)
        except LostAnswer as error:
            log.info("a scoreboard edit in %d counts as made: %s", chat, error)
        except Refused as error:
            return error.not_modified
        self._posted[chat] = time.monotonic()
        return True


def _posts(header: str, lines: list[str]) -> list[str]:
    """The header and ``lines`` in as few posts as Telegram's length limit allows (no line cut
    off: a long backlog goes out in several posts, in order)."""
    posts: list[list[str]] = [[header]]
    size = len(header)
    for line in lines:
        line = line[: TEXT_LIMIT - len(header) - 1]
        if size + 1 + len(line) > TEXT_LIMIT:
            posts.append([header])
            size = len(header)
        posts[-1].append(line)
        size += 1 + len(line)
    return ["\n".join(post) for post in posts]
