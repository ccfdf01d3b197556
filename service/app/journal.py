"""The games as their logs stand, and the one way the use cases write to them: an append under
the version the decision was made on, with the game's summary and its players' notifications.

``retried`` is the one retry policy of the use cases: a decision that lost a race to another
writer (``ConcurrencyError``) is made again on the game as it now stands, a few times at most.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import TypeVar

from service.app.folded import FoldedGames
from service.app.follow_ups import deliberating
from service.bots.levels import BOTS
from service.clock.deadlines import Deadline, deadline, in_quiet_hours, quiet_record
from service.clock.settings import ClockSettingsOf
from service.game.codec import LogEvent
from service.game.errors import StaleVersion
from service.game.events import PRIVATE_EVENTS, GameId, PlayerId, QuietHoursSet
from service.game.state import Game, apply_all
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.game.talk_events import TALK_EVENTS, MessageSaid
from service.players.muting import deaf_to_opponent
from service.ports.protocols import (
    Append,
    Clock,
    ConcurrencyError,
    EventStore,
    GameSummary,
    InboxReply,
    Notification,
)
from service.rules.seats import Seat

RETRIES = 5
"""Decisions made again after lost races before the request is answered as stale."""

T = TypeVar("T")


class Journal:
    """The store, the folded games and the clock settings the deadlines are read in."""

    def __init__(
        self, store: EventStore, clock: Clock, folded: FoldedGames, settings: ClockSettingsOf
    ) -> None:
        self.store = store
        self.clock = clock
        self.folded = folded
        self.settings = settings

    def game(self, game_id: GameId) -> Game:
        """The game as its log stands now (reading only what this process has not folded yet)."""
        return self.folded.current(game_id)

    def retried(self, game_id: GameId, attempt: Callable[[Game], T], seen: int | None = None) -> T:
        """``attempt`` (decide and append) on the game as it stands, again on the newer game
        whenever another writer appended first.  With ``seen``, the version the player was
        shown, a lost race is the player's stale position instead (``StaleVersion``)."""
        game = self.game(game_id)
        for _ in range(RETRIES):
            try:
                return attempt(game)
            except ConcurrencyError:
                if seen is not None:
                    raise StaleVersion(seen=seen, current=game.version + 1) from None
            game = self.game(game_id)
        raise StaleVersion(seen=game.version, current=game.version + 1)

    def append(
        self,
        game: Game,
        events: Sequence[LogEvent],
        actor: PlayerId | None,
        inbox_reply: InboxReply | None = None,
    ) -> tuple[Game, list[StoredEvent]]:
        """Append under the loaded version, with the summary and the opponents' notifications."""
        now = self.clock.now()
        after, append = self.prepared(game, events, actor, now)
        stored = self.store.append(
            game.id,
            game.version,
            append.events,
            now,
            append.summary,
            append.notifications,
            inbox_reply,
        )
        return self.folded.keep(after), stored

    def prepared(
        self, game: Game, events: Sequence[LogEvent], actor: PlayerId | None, now: datetime
    ) -> tuple[Game, Append]:
        """The game after ``events`` and their append: the summary, and notifications for the
        players other than ``actor`` (and the bots)."""
        after = apply_all(
            game,
            (
                StoredEvent(game.id, game.version + offset, 0, event, now)
                for offset, event in enumerate(events, start=1)
            ),
        )
        to_tell = [p for p in after.players if p is not None and p != actor and p not in BOTS]
        if all(isinstance(event, PRIVATE_EVENTS) for event in events):
            to_tell = []  # an instruction is the giver's business (``instructions``)
        if all(isinstance(event, TALK_EVENTS) for event in events):
            to_tell = [p for p in to_tell if self._told_talk(after, p, events, now)]
        notes = tuple(Notification(p, game.id, game.version + 1, after.version) for p in to_tell)
        summary = summary_of(after, self.deadline(after))
        return after, Append(game.id, game.version, tuple(events), summary, notes)

    def _told_talk(
        self, game: Game, player: PlayerId, events: Sequence[LogEvent], now: datetime
    ) -> bool:
        """Whether talk alone is sent to ``player`` now: not messages of an opponent they muted
        (in this game or for good, ``muting``),
        nor anything in their quiet hours (talk never wakes anyone: it waits for the next notice,
        whose news begins with it: ``notices.held_back``)."""
        seat = game.seat_of(player)
        if seat is None:
            return False
        deaf = deaf_to_opponent(game, player, self.settings.directory)
        if deaf and all(isinstance(one, MessageSaid) for one in events):
            return False
        return not in_quiet_hours(now, self.settings.of(player))

    def quiet_hours(
        self, game: Game, players: tuple[PlayerId | None, PlayerId | None] | None = None
    ) -> list[LogEvent]:
        """A ``QuietHoursSet`` for each player of ``game`` (or of ``players``, once they sit down)
        whose quiet hours or time zone changed since the game last recorded them.  Appended ahead
        of a move, the record holds from the next decision on; so every deadline is the log's own
        (docs/decisions/clock-quiet-hours-in-the-log.md).  A time zone alone is not recorded: it
        matters only with quiet hours."""
        records: list[LogEvent] = []
        for seat, player in zip(Seat, players or game.players, strict=True):
            if player is None or player in BOTS:
                continue
            wanted = quiet_record(self.settings.of(player))
            has = game.clocks.quiet_set[seat]
            if wanted != has and (wanted[1] or has[1]):
                records.append(QuietHoursSet(seat, *wanted))
        return records

    def deadline(self, game: Game) -> Deadline | None:
        """When the decision ``game`` waits for falls due, in its player's settings."""
        seat = game.rules.to_act
        player = None if seat is None else game.players[seat]
        if player is None or player in BOTS:
            return None
        return deadline(game, self.settings.of(player))


def summary_of(game: Game, due: Deadline | None = None) -> GameSummary:
    """The game's line in its players' lists, with its deadline and first reminder.  A game that
    waits for a deliberate bot is due at once: that is how the worker finds the bot's turn."""
    invitation = game.invitation if game.status is GameStatus.OPEN else None
    due_at = game.turn_since if deliberating(game) else None if due is None else due.due_at
    return GameSummary(
        game.id,
        game.players,
        game.status,
        game.to_act,
        game.turn_since,
        game.version,
        invitation,
        due_at,
        due.reminders[0] if due is not None and due.reminders else None,
    )
