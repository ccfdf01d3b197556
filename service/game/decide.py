"""The game decider: the events a player's command causes in a game, or a refusal saying why
not — the game around the rules, as ``rules.decide`` is the deal.

Joining, calling off, rematches, moves (resigning among them), the time control's claim and
extension, standing instructions, a vacation's pause and resume, and talk at the table
(messages and offers, ``talk_rules``).  Pure: a folded ``Game``,
a command (``game_commands``) and the time in; events out, or an ``IllegalAction`` raised
before any event is made, so a refusal changes nothing.  What follows without anyone deciding
— the match's start once both seats are taken, the next deal, the bots' moves — is
``follow_ups``; loading, appending and retrying a lost race are the use cases'.
"""

from __future__ import annotations

from datetime import datetime

from service.game import talk_rules
from service.game.codec import LogEvent
from service.game.commands import (
    LEFT,
    AcceptRematch,
    Answer,
    AskHint,
    Cancel,
    Claim,
    Extend,
    GameCommand,
    Instruct,
    Join,
    Leave,
    Move,
    Mute,
    Offer,
    OfferRematch,
    Pause,
    Report,
    Resume,
    Say,
    TakeBack,
    Withdraw,
)
from service.game.errors import (
    ClockNotPaused,
    GameCalledOff,
    GameNotStarted,
    GameStarted,
    InvitationUsed,
    InvitationWithdrawn,
    NoRematchOffered,
    NotAPlayer,
    OnVacation,
    OwnInvitation,
    RematchNotYet,
)
from service.game.events import (
    ClockPaused,
    ClockResumed,
    GameCancelled,
    GameId,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
)
from service.game.hint_rules import hinted
from service.game.instructions import given, withdrawn
from service.game.on_time import claimed, extended
from service.game.state import Game
from service.game.status import GameStatus
from service.rules.actions import Forfeit, PlayerAction
from service.rules.decide import decide
from service.rules.errors import MatchOver
from service.rules.seats import Seat
from service.rules.view import view_for


def decide_game(game: Game, command: GameCommand, now: datetime) -> list[LogEvent]:
    """The events ``command`` causes in ``game`` at ``now``; raises ``IllegalAction`` (and makes
    nothing) if it is refused.  No events is an answer too: the command was carried out already
    (a game called off twice, a rematch offered twice)."""
    match command:  # the most frequent first: a move
        case Move(player=player, action=action):
            return _move(game, checked_seat(game, player), action, now)
        case Claim(player=player, due_at=due_at):
            return claimed(game, checked_seat(game, player), now, due_at)
        case Extend(player=player, due_at=due_at, until=until):
            return extended(game, checked_seat(game, player), now, due_at, until)
        case Instruct(player=player, instruction=text):
            seat = checked_seat(game, player)
            _check_playing(game)
            return [*given(game.clocks.instructions[seat], view_for(game.rules, seat), text)]
        case Withdraw(player=player, instruction=text):
            seat = checked_seat(game, player)
            return [*withdrawn(game.clocks.instructions[seat], seat, text)]
        case AskHint(player=player):
            return [*hinted(game, checked_seat(game, player))]
        case Join(player=player):
            return _join(game, player)
        case Cancel(player=player):
            return _cancel(game, player)
        case OfferRematch(player=player, new_game=new_game):
            return _offer_rematch(game, player, new_game)
        case AcceptRematch(player=player, new_game=new_game):
            return _accept_rematch(game, player, new_game)
        case Pause(player=player, until=until):
            return _pause(game, checked_seat(game, player), until, now)
        case Resume(player=player):
            return _resume(game, checked_seat(game, player), now)
        case Leave(player=player):
            seat = checked_seat(game, player)
            _check_playing(game)
            return [*decide(game.rules, Forfeit(seat, LEFT))]
        case Say(player=player, text=text, phrase=phrase):
            return talk_rules.said(game, checked_seat(game, player), text, phrase, now)
        case Offer(player=player, kind=kind, adjourn_until=until):
            return talk_rules.offered(game, checked_seat(game, player), kind, now, until)
        case Answer(player=player, accepted=accepted, adjourn_until=until):
            return talk_rules.answered(game, checked_seat(game, player), accepted, now, until)
        case TakeBack(player=player):
            return talk_rules.withdrawn(game, checked_seat(game, player), now)
        case Mute(player=player, muted=mute):
            return talk_rules.muted(game, checked_seat(game, player), mute)
        case Report(player=player, message=message):
            return talk_rules.reported(game, checked_seat(game, player), message)
    raise TypeError(f"not a game command: {command!r}")


def checked_seat(game: Game, player: PlayerId) -> Seat:
    """The player's seat in a game that is being played or is over; refused otherwise."""
    seat = game.seat_of(player)
    if seat is None:
        raise NotAPlayer()
    if game.status is GameStatus.OPEN:
        raise GameNotStarted()
    if game.status is GameStatus.CANCELLED:
        raise GameCalledOff()
    return seat


def is_paused(game: Game, seat: Seat, now: datetime) -> bool:
    """Whether ``seat``'s clock is paused at ``now`` in a game being played."""
    pause = game.clocks.paused[seat]
    return (
        game.status is GameStatus.PLAYING and pause is not None and pause.since <= now < pause.until
    )


def answers_offer(game: Game, player: PlayerId) -> bool:
    """Whether an offer or acceptance by ``player`` now records the rematch: the opponent has
    offered it and none is recorded yet.  Only then does the new game need an id."""
    return game.rematch is None and game.rematch_offer is not None and game.rematch_offer != player


def _move(game: Game, seat: Seat, action: PlayerAction, now: datetime) -> list[LogEvent]:
    """A player's own move first ends their vacation pause (a move made for them does not)."""
    back: list[LogEvent] = [ClockResumed(seat)] if is_paused(game, seat, now) else []
    return [*back, *decide(game.rules, action)]


def _join(game: Game, player: PlayerId) -> list[LogEvent]:
    if player == game.host:
        raise OwnInvitation()
    if game.status is GameStatus.CANCELLED:
        raise InvitationWithdrawn()
    if game.status is not GameStatus.OPEN:
        raise InvitationUsed()
    return [PlayerJoined(player, Seat.SECOND)]


def _cancel(game: Game, player: PlayerId) -> list[LogEvent]:
    """Only the host has a seat before anyone joins; once someone has, the game is played (or
    resigned) instead."""
    if game.seat_of(player) is None:
        raise NotAPlayer()
    if game.status is GameStatus.CANCELLED:
        return []
    if game.status is not GameStatus.OPEN:
        raise GameStarted()
    return [GameCancelled(player)]


def _offer_rematch(game: Game, player: PlayerId, new_game: GameId | None) -> list[LogEvent]:
    """An offer after the opponent's is an acceptance; a repeated one changes nothing."""
    checked_seat(game, player)
    if game.status is not GameStatus.OVER:
        raise RematchNotYet()
    if answers_offer(game, player):
        return [_accepted(player, new_game)]
    if game.rematch is not None or game.rematch_offer == player:
        return []
    return [RematchOffered(player)]


def _accept_rematch(game: Game, player: PlayerId, new_game: GameId | None) -> list[LogEvent]:
    checked_seat(game, player)
    if game.rematch is not None:
        return []
    if not answers_offer(game, player):
        raise NoRematchOffered()
    return [_accepted(player, new_game)]


def _accepted(player: PlayerId, new_game: GameId | None) -> RematchAccepted:
    assert new_game is not None, "the caller draws the new game's id when answers_offer"
    return RematchAccepted(player, new_game)


def _pause(game: Game, seat: Seat, until: datetime, now: datetime) -> list[LogEvent]:
    _check_playing(game)
    pause = game.clocks.paused[seat]
    if pause is not None and is_paused(game, seat, now):
        raise OnVacation(until=pause.until)
    return [ClockPaused(seat, until)]


def _resume(game: Game, seat: Seat, now: datetime) -> list[LogEvent]:
    if not is_paused(game, seat, now):
        raise ClockNotPaused()
    return [ClockResumed(seat)]


def _check_playing(game: Game) -> None:
    if game.status is not GameStatus.PLAYING:
        raise MatchOver()
