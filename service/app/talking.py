"""Use case of talk at the table (issue 20): a player's message, offer, answer, mute or report,
decided by the game decider (``talk_rules``) and appended like a move, so it is stored once,
answered once (its inbox reply in the same transaction) and told through the outbox.

A rematch offered or accepted with the talk words (``offer rematch``, ``accept``) is the
rematch's own command (``RematchOffered``): the new game's id is drawn only when this request
records it, and the new game is started after, as ``Rematches`` does.

``mute for good`` is no event of the game: it is kept in the player's profile and holds in
every game with that opponent (``players.muting``); its answer is the settings, as after any
setting.  ``unmute`` undoes it and the game's own mute alike.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.app.follow_ups import follow_ups
from service.app.intake import InboxKey
from service.app.journal import Journal
from service.app.outcome import Applied, ChangedSetting
from service.app.profile_changes import ProfileChanges
from service.app.replies import MoveApplied
from service.bots.levels import BOTS
from service.game.commands import (
    AcceptRematch,
    Answer,
    GameCommand,
    Mute,
    Offer,
    OfferRematch,
    Report,
    Say,
    TakeBack,
)
from service.game.decide import answers_offer, checked_seat, decide_game
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.game.talk_errors import NothingChanged
from service.game.talk_rules import standing_offer
from service.ports.directory import Profile
from service.ports.protocols import Chance
from service.words.talk_commands import (
    REMATCH,
    AnswerOffer,
    MakeOffer,
    ReportMessage,
    SayText,
    SetMute,
    TalkRequest,
    WithdrawOffer,
)

ADJOURN_LIMIT = timedelta(days=7)
"""How long an accepted adjournment stops both clocks at most, unless the operators set another
limit (``GameService(adjourn_limit=…)``)."""


@dataclass(frozen=True, slots=True)
class Talking:
    journal: Journal
    chance: Chance
    started: Callable[[Game], GameId]
    bot_accepts: Callable[[GameId, PlayerId], GameId]
    """A bot accepts a rematch at once (``Rematches.accept``)."""
    profiles: ProfileChanges
    """Where a mute for good is kept: the player's profile, across games."""
    adjourn_limit: timedelta = ADJOURN_LIMIT
    check_rematch: Callable[[Game, PlayerId], None] = lambda game, player: None
    """Refuses a rematch with a player who erased themselves (``Rematches.check_opponent``)."""

    def answering(self, game: Game, player: PlayerId) -> bool:
        """Whether an offer of the opponent's waits for ``player``'s answer."""
        seat = game.seat_of(player)
        offer = standing_offer(game, self.journal.clock.now())
        if seat is not None and offer is not None and offer.seat is not seat:
            return True
        return game.status is GameStatus.OVER and answers_offer(game, player)

    def talk(
        self,
        game: Game,
        player: PlayerId,
        request: TalkRequest,
        inbox_key: InboxKey | None,
    ) -> Applied | ChangedSetting:
        """Decide ``request`` on ``game`` and append what follows under its version; a mute
        for good (and ``unmute``, which undoes it) changes the player's profile too."""
        if isinstance(request, SetMute) and (request.for_good or not request.muted):
            changed = self._mute_for_good(game, player, request.muted)
            if request.muted:
                if changed is None:
                    raise NothingChanged()  # muted for good already
                return ChangedSetting(game, player, changed)
            if changed is not None and not self._muted_here(game, player):
                return ChangedSetting(game, player, changed)
            # otherwise ``unmute`` also ends the mute in this game: its event, as below
        now = self.journal.clock.now()
        command = self._command(game, player, request, now)
        decided = decide_game(game, command, now)
        if not decided:
            raise NothingChanged()
        events = follow_ups(game, decided, self.chance)
        reply = None
        if inbox_key is not None:
            answer = MoveApplied(game.id, game.version + 1, game.version + len(events))
            reply = inbox_key.reply(answer)
        after, stored = self.journal.append(game, events, actor=player, inbox_reply=reply)
        if after.rematch is not None and game.rematch is None:
            self.started(after)
        elif after.rematch_offer == player and (bot := self._bot_opponent(after, player)):
            self.bot_accepts(after.id, bot)
        return Applied(after, player, tuple(stored))

    def _mute_for_good(self, game: Game, player: PlayerId, muted: bool) -> Profile | None:
        """Mute the opponent for good (or no longer): the profile if it changed.  A player
        without a profile has muted nobody for good, so ``unmute`` still works in the game."""
        opponent = game.players[checked_seat(game, player).other]
        if opponent is None or (not muted and self.profiles.directory is None):
            return None
        return self.profiles.mute(player, opponent, muted)

    def _muted_here(self, game: Game, player: PlayerId) -> bool:
        return game.talk.muted[checked_seat(game, player)]

    def _bot_opponent(self, game: Game, player: PlayerId) -> PlayerId | None:
        opponent = game.players[checked_seat(game, player).other]
        return opponent if opponent in BOTS else None

    def _command(
        self, game: Game, player: PlayerId, request: TalkRequest, now: datetime
    ) -> GameCommand:
        until = now + self.adjourn_limit
        match request:
            case SayText(text=text, phrase=phrase):
                return Say(player, text, phrase)
            case MakeOffer(kind=kind) if kind == REMATCH:
                self.check_rematch(game, player)
                return OfferRematch(player, self._new_game(game, player))
            case MakeOffer(kind=kind):
                return Offer(player, kind, until)
            case AnswerOffer(accepted=True) if self._rematch_waits(game, player, now):
                self.check_rematch(game, player)
                return AcceptRematch(player, self._new_game(game, player))
            case AnswerOffer(accepted=accepted):
                return Answer(player, accepted, until)
            case WithdrawOffer():
                return TakeBack(player)
            case SetMute(muted=muted):
                return Mute(player, muted)
            case ReportMessage(message=message):
                return Report(player, message)
        raise TypeError(f"not a talk request: {request!r}")

    def _rematch_waits(self, game: Game, player: PlayerId, now: datetime) -> bool:
        return standing_offer(game, now) is None and game.status is GameStatus.OVER

    def _new_game(self, game: Game, player: PlayerId) -> GameId | None:
        """The rematch's id, drawn only when this request records the rematch."""
        checked_seat(game, player)
        return GameId(self.chance.token()) if answers_offer(game, player) else None
