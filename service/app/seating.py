"""Use cases of a game's seats: opening a game, joining it with its invitation, calling it off.

Joining and calling off are the game decider's (``Join``, ``Cancel``); the match's start, once
both seats are taken, follows by itself (``follow_ups``).
"""

from __future__ import annotations

import hashlib

from service.app.follow_ups import follow_ups
from service.app.journal import Journal
from service.clock.timeouts import check_time_control
from service.game.commands import Cancel, Join
from service.game.decide import decide_game
from service.game.errors import UnknownInvitation
from service.game.events import GameId, GameOpened, PlayerId, TimeControl
from service.game.state import Game
from service.game.status import GameStatus
from service.ports.protocols import Chance, ConcurrencyError, GameSummary, InboxReply
from service.rules.variants import MatchTerms, Variant


def requested_game(host: PlayerId, request: str) -> GameId:
    """The id of the game ``host`` opens under ``request``: derived from both, so the request
    handled again opens the same game and its asker can tell which game it opened."""
    return GameId(hashlib.sha256(f"{host}\n{request}".encode()).hexdigest()[:16])


class Seating:
    def __init__(self, journal: Journal, chance: Chance) -> None:
        self.journal = journal
        self.chance = chance

    def open_game(
        self,
        host: PlayerId,
        variant: Variant,
        terms: MatchTerms | None,
        time_control: TimeControl | None,
        opponent: PlayerId | None,
        request: str | None,
        rated: bool | None = None,
        tell_player: bool = False,
        practice: bool = False,
    ) -> GameId:
        """``GameService.open_game``: the same ``request`` opens the same game.  The opponent
        is told of it too with ``tell_player`` (the service seated them: a tournament's round)."""
        if request is None:
            game_id = self.opened(host, variant, terms, time_control, rated=rated)
        else:
            game_id = self._open_once(host, variant, terms, time_control, request, rated, practice)
        game = self.journal.game(game_id)
        if opponent is not None and game.status is GameStatus.OPEN:
            self.join(game.invitation, opponent, tell_player=tell_player)
        return game_id

    def _open_once(
        self,
        host: PlayerId,
        variant: Variant,
        terms: MatchTerms | None,
        time_control: TimeControl | None,
        request: str,
        rated: bool | None = None,
        practice: bool = False,
    ) -> GameId:
        """The game's id derived from the request and the host's id (which nobody else knows)."""
        game_id = requested_game(host, request)
        try:
            return self.opened(host, variant, terms, time_control, None, game_id, rated, practice)
        except ConcurrencyError:
            if self.journal.game(game_id).host != host:
                raise
            return game_id  # opened when this request was first handled

    def opened(
        self,
        host: PlayerId,
        variant: Variant,
        terms: MatchTerms | None,
        time_control: TimeControl | None,
        rematch_of: GameId | None = None,
        game_id: GameId | None = None,
        rated: bool | None = None,
        practice: bool = False,
    ) -> GameId:
        """Append the first event of a new game (``ConcurrencyError`` if ``game_id`` is taken)."""
        check_time_control(time_control or TimeControl())
        game_id = game_id or GameId(self.chance.token())
        opened = GameOpened(
            game_id,
            host,
            variant,
            terms or MatchTerms.default_for(variant),
            time_control or TimeControl(),
            self.chance.token(),
            rematch_of,
            rated,
            True if practice else None,
        )
        now = self.journal.clock.now()
        summary = GameSummary(
            game_id, (host, None), GameStatus.OPEN, None, now, 1, opened.invitation
        )
        self.journal.store.append(game_id, 0, [opened], now, summary)
        return game_id

    def store_game_of(self, invitation: str) -> GameId:
        """The game an invitation belongs to (``UnknownInvitation`` for none)."""
        game_id = self.journal.store.game_by_invitation(invitation)
        if game_id is None:
            raise UnknownInvitation()
        return game_id

    def join(
        self,
        invitation: str,
        player: PlayerId,
        reply: InboxReply | None = None,
        tell_player: bool = False,
    ) -> GameId:
        """Take the free seat of the game this invitation belongs to; the match begins.  With
        ``reply``, the request's inbox reply is recorded in the same append.  The joining player
        asked, so only the host is told; unless ``tell_player`` (the pairing joined for them)."""
        game_id = self.store_game_of(invitation)

        def attempt(game: Game) -> None:
            joined = decide_game(game, Join(player), self.journal.clock.now())
            quiet = self.journal.quiet_hours(game, (game.players[0], player))  # the guest is 2nd
            events = follow_ups(game, [*joined, *quiet], self.chance)
            actor = None if tell_player else player
            self.journal.append(game, events, actor=actor, inbox_reply=reply)

        self.journal.retried(game_id, attempt)  # after a lost race: someone joined first
        return game_id

    def cancel(self, game_id: GameId, player: PlayerId, reply: InboxReply | None = None) -> Game:
        """The host calls off a game nobody has joined; a second call changes nothing.  With
        ``reply``, the request's inbox reply is recorded in the same append."""

        def attempt(game: Game) -> Game:
            events = decide_game(game, Cancel(player), self.journal.clock.now())
            if not events:
                return game
            return self.journal.append(game, events, actor=player, inbox_reply=reply)[0]

        return self.journal.retried(game_id, attempt)  # after a lost race: the guest joined
