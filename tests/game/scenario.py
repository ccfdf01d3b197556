"""Givens for the game decider's tests: a game's log as events, a command, then the events it
causes or the refusal it meets — the rules' scenario tests (``tests/rules``) one level up.

    given(*opened(), *joined()).when(Cancel(HOST)).refused(GameStarted)
    given(*opened()).when(Join(GUEST)).then(PlayerJoined(GUEST, O))
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from service.game.codec import LogEvent
from service.game.commands import GameCommand
from service.game.decide import decide_game
from service.game.events import GameId, GameOpened, PlayerId, PlayerJoined, TimeControl
from service.game.state import Game, fold
from service.game.stored import StoredEvent
from service.rules.actions import Resign, StartDeal, StartMatch
from service.rules.decide import decide
from service.rules.errors import IllegalAction
from service.rules.events import Event
from service.rules.evolve import replay
from service.rules.seats import Seat
from service.rules.state import initial_state
from service.rules.variants import DEFAULT, MatchTerms
from tests.positions import STACKED

GAME, REMATCH = GameId("g1"), GameId("g2")
HOST, GUEST, STRANGER = PlayerId("ana"), PlayerId("ben"), PlayerId("cy")
BOT = PlayerId("bot:greedy")
P = Seat.FIRST
"""The host's seat."""
O = Seat.SECOND  # noqa: E741 (the guest's seat, named as in tests/rules)
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)
"""When every given event happened."""


def opened() -> list[LogEvent]:
    """HOST opened the game; nobody has joined."""
    return [GameOpened(GAME, HOST, DEFAULT, MatchTerms(), TimeControl(), "invitation")]


def joined(guest: PlayerId = GUEST) -> list[LogEvent]:
    """``guest`` took the second seat and the first deal (``STACKED``, dealt by O) began: P,
    the host, decides on the card turned up, and O waits."""
    return [PlayerJoined(guest, O), *first_deal()]


def resigned(seat: Seat) -> list[LogEvent]:
    """After ``joined``: ``seat`` resigned, so the match is over."""
    return [*decide(replay(first_deal()), Resign(seat))]


def first_deal() -> list[Event]:
    """The match's start, O dealing first, and its first deal from ``STACKED``."""
    started = decide(initial_state(), StartMatch(DEFAULT, MatchTerms(), O))
    return [*started, *decide(replay(started), StartDeal(STACKED))]


@dataclass(frozen=True)
class Given:
    events: tuple[LogEvent, ...]

    def when(self, command: GameCommand, now: datetime = T0) -> When:
        return When(self.game(), command, now)

    def game(self) -> Game:
        numbered = enumerate(self.events, start=1)
        return fold(StoredEvent(GAME, seq, seq, event, T0) for seq, event in numbered)


@dataclass(frozen=True)
class When:
    game: Game
    command: GameCommand
    now: datetime

    def then(self, *expected: LogEvent) -> None:
        """The command causes exactly ``expected``, in order (none: it was done already)."""
        assert decide_game(self.game, self.command, self.now) == list(expected)

    def refused(self, error: type[IllegalAction], **params: object) -> None:
        """The command is refused with exactly ``error``, with these of its parameters."""
        with pytest.raises(error) as raised:
            decide_game(self.game, self.command, self.now)
        assert type(raised.value) is error
        assert {name: raised.value.params[name] for name in params} == params


def given(*events: LogEvent) -> Given:
    return Given(events)
