"""A game's public news in its group: paced under Telegram's per-group limit, never lost.

Telegram lets a bot post about 20 messages a minute in one group, and a normal game makes more
moves than that.  So a group is posted to at most once per ``60 / group_per_minute`` seconds:
news that comes sooner waits and goes out with the next post, several moves in one message.
A post refused with 429 waits Telegram's ``retry_after`` the same way.  The group's "told up to"
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

from adapters.telegram.api import Refused
from adapters.telegram.channel import Channel
from adapters.telegram.render import TEXT_LIMIT, short
from service.app.reads import Moment
from service.delivery.dispatch import TryLater, Undeliverable
from service.game.events import GameId
from service.language.translation import Translator

log = logging.getLogger(__name__)
News = Callable[[Moment, int, int, Translator], list[str]]


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
        moment = None if group is None else channel.service.moment(game_id, group.told_seq + 1)
        if group is None or moment is None or moment.game.version <= group.told_seq:
            self._due.pop(game_id, None)
            return
        game = moment.game
        not_before = max(
            self._due.get(game_id, 0.0), self._posted.get(group.chat_id, -1e9) + self.gap
        )
        if now < not_before:
            self._due[game_id] = not_before
            return
        tr = channel.tr(game.host)  # a group is told in the language of the player who opened it
        lines = self.news(moment, group.told_seq + 1, game.version, tr)
        if lines:
            names = channel.cast(game, tr).names
            header = tr.gettext(
                "{first} vs {second} ({game}):",
                first=names[0],
                second=names[1],
                game=short(game_id),
            )
            try:
                for post in _posts(header, lines):
                    channel.api.send_message(group.chat_id, post)
                    self._posted[group.chat_id] = now
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
        channel.records.tell_group(game_id, group.told_seq, game.version)
        self._due.pop(game_id, None)


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
