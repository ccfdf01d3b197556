"""The reading side of ``GameService``: games, views, notices, logs, lists and settings, each
read through the service's own parts.  Channels read only through these methods, never through
the stores or caches behind them (``tests/test_channel_boundary.py`` holds them to it): what
a channel may see of a game is decided here, once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from service.app.folded import FoldedGames
from service.app.journal import Journal
from service.app.playing import Playing
from service.app.rematches import Rematches
from service.clock.deadlines import ClockSettings, Deadline
from service.clock.settings import ClockSettingsOf
from service.delivery.notices import Notice, notice
from service.game.errors import GameNotOver
from service.game.events import GameId, PlayerId, PlayerJoined
from service.game.state import Game, fold
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.language.translation import ENGLISH, Translator, translator
from service.log.copies import copy_for
from service.players.muting import deaf_to_opponent, muted_for_good
from service.ports.directory import Directory
from service.ports.protocols import Clock, EventStore, GameSummary, Notification
from service.rules.view import PlayerView
from service.words.cast import cast_of, player_name
from service.words.tournament_replies import round_paired_line

RoundOf = Callable[[GameId], tuple[str, int] | None]
"""The tournament and round a game is played in, if it is a tournament's."""


def no_round(game_id: GameId) -> None:
    """A service without tournaments: no game is a tournament's."""


@dataclass(frozen=True, slots=True)
class Moment:
    """A game as its log stands, with the log from version ``since`` on: what one read gives a
    channel that tells a reader the news of a range and then shows them the table."""

    game: Game
    tail: tuple[StoredEvent, ...]
    since: int

    def covers(self, first: int) -> bool:
        """Whether the news from version ``first`` on can be told from this moment."""
        return first >= self.since

    def after(self, seen: int) -> list[StoredEvent]:
        """The events after version ``seen`` (which the moment must cover)."""
        assert self.covers(seen + 1), f"a moment from {self.since} has no news from {seen + 1}"
        return [one for one in self.tail if one.seq > seen]


class GameReads:
    """What every channel may read; ``GameService`` is it, and sets these parts up."""

    store: EventStore
    directory: Directory | None
    folded: FoldedGames
    settings: ClockSettingsOf
    journal: Journal
    playing: Playing
    rematches: Rematches
    clock: Clock
    round_of: RoundOf

    def game(self, game_id: GameId) -> Game:
        """The game as its log stands now (reading only what this process has not folded yet)."""
        return self.journal.game(game_id)

    def game_at(self, game_id: GameId, version: int) -> Game:
        """The game at ``version`` or later: as this process last folded it if that is as new
        (after its own append, the game a reply names), else as its log stands now."""
        known = self.folded.last_seen(game_id)
        return known if known is not None and known.version >= version else self.game(game_id)

    def last_seen(self, game_id: GameId) -> Game:
        """The game as this process last folded it, read only if it never did (may be behind:
        for what only orders work, such as whose turn a batch of notifications is)."""
        return self.folded.last_seen(game_id) or self.game(game_id)

    def moment(self, game_id: GameId, since: int) -> Moment:
        """The game now and its events from version ``since`` on, in one read of its log."""
        game, tail = self.folded.moment(game_id, max(1, since))
        return Moment(game, tuple(tail), max(1, since))

    def events(self, game_id: GameId, after: int = 0) -> list[StoredEvent]:
        """The game's events after version ``after``, hidden parts and all: for a channel that
        narrates them to one reader (``words.news`` tells each reader what they may know)."""
        return self.store.load(game_id, after=after)

    def game_by_invitation(self, invitation: str) -> GameId | None:
        return self.store.game_by_invitation(invitation)

    def clock_settings(self, player: PlayerId) -> ClockSettings:
        """The player's time zone, quiet hours, reminders, language and card faces."""
        return self.settings.of(player)

    def settings_changed(self, player: PlayerId) -> None:
        """The player's settings were changed outside a use case: read them afresh next time."""
        self.settings.forget(player)

    def view(self, game_id: GameId, player: PlayerId) -> tuple[Game, PlayerView]:
        """The game as ``player`` may see it, with the version to send back with a move."""
        game = self.game(game_id)
        return game, self.player_view(game, player)

    def player_view(self, game: Game, player: PlayerId) -> PlayerView:
        """The player's view of ``game``, cards spelled in the faces they prefer: what they are
        shown and what their commands are read on."""
        return self.playing.player_view(game, player)

    def notice(self, notification: Notification, since: int | None = None) -> Notice:
        """What ``notification`` tells its player about the game as it stands now (a channel
        lays it out), from one read of the log; the deadline in the player's own time zone.
        ``since``: the notice also tells the events from that version on (a channel's board
        began there, or it tells the news since the player's last move)."""
        first = notification.from_seq if since is None else min(since, notification.from_seq)
        return self.notice_at(self.moment(notification.game_id, first), notification)

    def notice_at(self, moment: Moment, notification: Notification) -> Notice:
        """``notice`` told from a ``moment`` the caller read already (from the notification's
        first event or earlier), for a channel that lays out the same events otherwise too."""
        game, events = moment.game, list(moment.tail)
        player = notification.player
        settings = self.settings.of(player)
        tr = self.translator_of(player)
        cast = cast_of(game.players, self.directory, tr, player)
        due = self.deadline(game)
        deaf = deaf_to_opponent(game, player, self.directory)
        rematch = game.status is not GameStatus.OVER or self.rematches.may_rematch(game, player)
        return notice(
            game,
            events,
            notification,
            due,
            settings.timezone,
            tr,
            settings.card_faces,
            cast,
            deaf,
            self.clock.now(),
            rematch,
            settings,
            self._occasion(game, events, notification, tr),
        )

    def _occasion(
        self,
        game: Game,
        events: Sequence[StoredEvent],
        notification: Notification,
        tr: Translator,
    ) -> str:
        """What the news of the game's start adds: the round of the tournament it is played
        in ("a line when your next round is paired"); empty for any other game or news."""
        starts = any(
            isinstance(one.event, PlayerJoined)
            and notification.from_seq <= one.seq <= notification.to_seq
            for one in events
        )
        in_round = self.round_of(game.id) if starts else None
        return "" if in_round is None else round_paired_line(in_round[1], in_round[0], tr)

    def board(self, game_id: GameId, player: PlayerId, since: int) -> Notice:
        """The game as ``player`` is shown it now, with every event from version ``since`` on
        told to them, in one read: the notice of no notification, for a channel's own board."""
        return self.notice(Notification(player, game_id, since, since - 1), since)

    def deaf(self, game: Game, player: PlayerId) -> bool:
        """Whether ``player`` hears none of the opponent's messages in ``game`` now: muted
        there or for good (``muting``).  Every channel asks this before telling a message."""
        return deaf_to_opponent(game, player, self.directory)

    def name_of(self, player: PlayerId | None, tr: Translator = ENGLISH) -> str:
        """What the news calls a player (``cast.player_name``)."""
        return player_name(player, self.directory, tr)

    def translator_of(self, player: PlayerId) -> Translator:
        """The player's own language (their profile's); English for a player without one."""
        return translator(self.settings.of(player).language)

    def games_of(self, player: PlayerId) -> list[GameSummary]:
        """The player's games, most recently changed first; games called off are not listed."""
        summaries = self.store.summaries(player)
        return [line for line in summaries if line.status != GameStatus.CANCELLED]

    def transcript(
        self, game_id: GameId, operator: bool = False, reader: PlayerId | None = None
    ) -> list[StoredEvent]:
        """The whole log of a finished game for an ``operator``; a running game's log holds
        hidden cards.  Anyone else gets a copy (``copies.copy_for``): one of the two players
        (``reader``) keeps the conversation's words, the public does not, and neither learns
        of the other seat's mutes and reports (docs/decisions/talk-at-the-table.md)."""
        stored = self.store.load(game_id)
        if operator:
            return stored
        game = fold(stored)
        if game.status is not GameStatus.OVER:
            raise GameNotOver()
        seat = None if reader is None else game.seat_of(reader)
        if reader is None or seat is None:
            return copy_for(stored, None)
        opponent = game.players[seat.other]
        return copy_for(stored, seat, opponent in muted_for_good(self.directory, reader))

    def deadline(self, game: Game) -> Deadline | None:
        """When the decision ``game`` waits for falls due, in its player's settings."""
        return self.journal.deadline(game)
