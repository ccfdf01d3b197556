"""The guided first deal (issue 38): which prompt a player of a practice game sees now.

A practice game (``GameOpened.practice``) teaches by prompting its player at the first decision
of each kind they meet: taking with a meld, discarding, passing (refusing the card), forcing,
being forced, going out.  Which kinds a decision offers is read from the rules' state at its
start (``offered``); a kind offered at an earlier decision of the same seat is taught, so its
prompt is never shown again.  ``Lessons`` is folded from the log with the game
(``state.apply_all`` calls ``learnt`` at every decision boundary), so the prompt is the log's
alone: the same log gives the same prompts on every channel, after any restart.

A decision may offer several new kinds at once (the first chance to take is also the first
discard that follows a take, and every decision on the center card may pass it): each is
prompted once, in ``ORDER``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum
from typing import NamedTuple

from service.rules.actions import Take
from service.rules.events import DECISION_BOUNDARIES, Event
from service.rules.evolve import evolve
from service.rules.legal import legal_actions
from service.rules.seats import Phase, Seat
from service.rules.state import GameState, initial_state


class Lesson(StrEnum):
    """A kind of decision the guided deal prompts once."""

    OUT = "out"
    """A take may meld every card: the player can go out."""
    TAKE = "take"
    """The center card can be taken with a meld."""
    DISCARD = "discard"
    """A take ends with a discard, which the opponent is offered."""
    PASS = "pass"
    """The center card may be refused (passed)."""
    FORCE = "force"
    """The opponent refused a card that fits their table: the player may force it on them."""
    FORCED = "forced"
    """The opponent forced a card on the player, who lays it off and discards."""


ORDER = tuple(Lesson)
"""The order of a decision's prompts: the move that wins first, refusing last."""

NONE: frozenset[Lesson] = frozenset()


class Lessons(NamedTuple):
    """What a practice game's players have been taught, folded from its log."""

    taught: tuple[frozenset[Lesson], frozenset[Lesson]] = (NONE, NONE)
    """The kinds each seat met at a decision that is over."""
    now: frozenset[Lesson] = NONE
    """The kinds the decision waited for now offers (to the seat ``deciding``)."""
    deciding: Seat | None = None


def offered(state: GameState, seat: Seat | None) -> frozenset[Lesson]:
    """The kinds of decision ``seat`` meets in ``state``: none unless it is theirs."""
    if seat is None or state.to_act is not seat:
        return NONE
    if state.phase is Phase.FORCE_WINDOW:
        return frozenset({Lesson.FORCE})
    if state.phase is Phase.FORCED:
        return frozenset({Lesson.FORCED})
    if state.phase is not Phase.DECIDE:
        return NONE
    kinds = {Lesson.PASS}
    for action in legal_actions(state, seat):
        if isinstance(action, Take):
            kinds |= {Lesson.OUT} if action.discard is None else {Lesson.TAKE, Lesson.DISCARD}
    return frozenset(kinds)


def learnt(lessons: Lessons, state: GameState) -> Lessons:
    """After a decision boundary: the decision that ended is taught, the next one waits."""
    taught = lessons.taught
    if lessons.deciding is not None:
        mine = taught[lessons.deciding] | lessons.now
        taught = (mine, taught[1]) if lessons.deciding is Seat.FIRST else (taught[0], mine)
    return Lessons(taught, offered(state, state.to_act), state.to_act)


def prompts(lessons: Lessons | None, state: GameState, seat: Seat) -> tuple[Lesson, ...]:
    """The prompts ``seat`` sees now: the new kinds of its decision, if the game is practice."""
    if lessons is None or lessons.deciding is not seat or state.to_act is not seat:
        return ()
    return tuple(kind for kind in ORDER if kind in lessons.now - lessons.taught[seat])


def lessons_of(events: Iterable[Event]) -> tuple[GameState, Lessons]:
    """A practice deal's rules events folded with their lessons (what ``state.fold`` does for a
    whole game): for tests and tools that hold rules events only."""
    state, lessons = initial_state(), Lessons()
    for event in events:
        state = evolve(state, event)
        if isinstance(event, DECISION_BOUNDARIES):
            lessons = learnt(lessons, state)
    return state, lessons
