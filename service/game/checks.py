"""Checks on the game events of a log: seats, fair deals, rematches and the time control
(docs/log-format.md).

``verify`` walks the log and calls these at each game event, and at each ``DealStarted`` to hold
the deck to the commitment published before it.  A failed check raises ``Bad`` with the event's
number and the reason.  Pure.

The time control's events are checked here for who may make them and when in the game; when in
time they may come is ``clock_checks``.  What a timeout did is checked in full: the move after
``TurnTimedOut`` must be the one its policy gives (``timeouts.timed_out``).
"""

from __future__ import annotations

from service.bots.levels import BOTS
from service.game.events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    DealCommitted,
    DealRevealed,
    GameCancelled,
    GameOpened,
    HintGiven,
    InstructionGiven,
    InstructionWithdrawn,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TurnTimedOut,
    WinClaimed,
)
from service.game.fairness import is_committed
from service.game.hint_rules import check_hint
from service.game.state import Game
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.rules.errors import IllegalAction
from service.rules.events import DealStarted
from service.rules.seats import Phase, Seat


class Bad(Exception):
    """The log fails at event ``seq`` for ``reason``."""

    def __init__(self, seq: int, reason: str) -> None:
        super().__init__(reason)
        self.seq = seq
        self.reason = reason


def check_deal_commitment(game: Game, seq: int, event: DealStarted) -> None:
    """A deal's deck must be the one committed to before the deal started."""
    commitments = [c for c in game.commitments if c.number == event.number]
    if not commitments:
        raise Bad(seq, f"deal {event.number} starts without a commitment to its deck")
    committed = commitments[0]
    if not is_committed(event.deck, committed.salt, committed.commitment):
        raise Bad(
            seq,
            f"deal {event.number}'s deck order does not match the commitment published before it "
            f"(SHA-256 of this deck and the committed salt is not {committed.commitment})",
        )


def check_game_event(game: Game, stored: StoredEvent) -> None:
    """A game event must come where the service would have appended it."""
    seq, event = stored.seq, stored.event
    match event:
        case GameOpened():
            raise Bad(seq, "a game is opened once, by its first event")
        case PlayerJoined(player=player, seat=seat):
            if seat is not Seat.SECOND or game.players[1] is not None:
                raise Bad(seq, "only the second seat is joined, and only once")
            if player == game.host:
                raise Bad(seq, "the host cannot join their own game")
        case GameCancelled(player=player):
            if game.status is not GameStatus.OPEN or player != game.host:
                raise Bad(seq, "only the host calls off a game, and only before anyone joins")
        case DealCommitted(number=number):
            _check_commitment(game, seq, number)
        case DealRevealed(number=number, salt=salt):
            _check_reveal(game, seq, number, salt)
        case RematchOffered(player=player) | RematchAccepted(player=player):
            if game.status is not GameStatus.OVER or game.seat_of(player) is None:
                raise Bad(seq, "only a player of a finished game offers or accepts a rematch")
            if isinstance(event, RematchAccepted):
                _check_acceptance(game, seq, player)
        case TurnTimedOut(seat=seat):
            _check_to_act(game, seq, seat, "only the decision being waited for times out")
        case WinClaimed(seat=seat) | DeadlineExtended(seat=seat):
            _check_to_act(game, seq, seat.other, "only the waiting player claims or extends")
        case ClockPaused() | InstructionGiven():
            _check_to_act(
                game, seq, None, "clocks pause and instructions are left in a game in play"
            )
        case ClockResumed(seat=seat):
            pause = game.clocks.paused[seat]
            if pause is None or stored.at >= pause.until:
                raise Bad(seq, f"player {seat.number}'s clock is not paused, so it cannot resume")
        case InstructionWithdrawn(seat=seat, instruction=text):
            if text not in game.clocks.instructions[seat]:
                raise Bad(seq, f"player {seat.number} withdraws an instruction they never left")
        case HintGiven(seat=seat, version=version):
            _check_hint(game, seq, seat, version)


def _check_hint(game: Game, seq: int, seat: Seat, version: int) -> None:
    """A hint only where the service gives one (``hint_rules``), naming the position it was for."""
    try:
        check_hint(game, seat)
    except IllegalAction as error:
        raise Bad(seq, f"player {seat.number} is given a hint where none may be: {error}") from None
    if version != game.version:
        raise Bad(seq, f"the hint names position {version}, but the game is at {game.version}")


def _check_to_act(game: Game, seq: int, seat: Seat | None, reason: str) -> None:
    """The game is being played and waits for ``seat`` (for anyone, with None)."""
    waiting = game.rules.to_act
    if game.status is not GameStatus.PLAYING or waiting is None or seat not in (None, waiting):
        raise Bad(seq, reason)


def _check_acceptance(game: Game, seq: int, player: PlayerId) -> None:
    """Accepted once, after the other player's offer; a bot accepts without one (``games.BOTS``)."""
    seat = game.seat_of(player)
    assert seat is not None
    other = game.players[seat.other]
    if game.rematch is not None:
        raise Bad(seq, "a rematch is accepted once")
    if game.rematch_offer != other and other not in BOTS:
        raise Bad(seq, "a rematch is accepted only when the other player offered it")


def _check_commitment(game: Game, seq: int, number: int) -> None:
    rules = game.rules
    if rules.phase is not Phase.DEALING or number != rules.deal_number + 1:
        raise Bad(seq, f"a commitment to deal {number} can only come right before that deal")
    if rules.deal_number and rules.deal_number not in game.revealed:
        raise Bad(
            seq, f"deal {number} is committed before deal {rules.deal_number}'s salt is revealed"
        )
    if any(c.number == number for c in game.commitments):
        raise Bad(seq, f"deal {number} is committed twice")


def _check_reveal(game: Game, seq: int, number: int, salt: str) -> None:
    rules = game.rules
    ended = rules.phase in (Phase.DEALING, Phase.OVER) and rules.deal_number == number
    if not ended or number in game.revealed:
        raise Bad(seq, f"deal {number}'s salt can only be revealed once, right after the deal ends")
    committed = next(c for c in game.commitments if c.number == number)
    if salt != committed.salt:
        raise Bad(seq, f"the revealed salt of deal {number} is not the salt it was committed with")
