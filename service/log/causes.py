"""Which action caused a run of logged events: the inverse of ``decide``, one case per action.

A move of the rules begins with the event its action emits first; the action is rebuilt from that
event and, for a take or a refusal, the one after it (the discard, or a meld from hand).  Events
that only ever follow a move (flips, burials, the end of a deal) begin none.  Whether the action
was legal, and whether the log holds exactly what it causes, is ``verify``'s question.  Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.game.codec import LogEvent
from service.rules import actions
from service.rules.cards import Card, CardSet
from service.rules.events import (
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardRefused,
    CenterCardTaken,
    DealStarted,
    ForceDeclined,
    HandMelded,
    MatchForfeited,
    MatchStarted,
    PlayerResigned,
)
from service.rules.seats import Seat
from service.rules.state import GameState


def action_for(events: Sequence[LogEvent]) -> actions.Action | None:
    """The action whose events begin with ``events[0]`` (``events[1]``, if any, is the next one)."""
    first = events[0]
    after = events[1] if len(events) > 1 else None
    match first:
        case MatchStarted(variant=variant, terms=terms, first_dealer=dealer, cuts=cuts):
            return actions.StartMatch(variant, terms, dealer, cuts)
        case DealStarted(deck=deck):
            return actions.StartDeal(deck)
        case CenterCardTaken(seat=seat, put_down=put_down, table=table):
            return actions.Take(seat, put_down, _discard(after, seat), arrangement=table)
        case CardLaidOff(seat=seat, table=table):
            # A forced lay-off (R14.4) spelled out as the table it made; the rules accept only
            # the tables a lay-off of the refused card allows.
            return actions.Take(seat, discard=_discard(after, seat), arrangement=table)
        case CardRefused(seat=seat):
            if isinstance(after, HandMelded) and after.seat == seat:
                # The logged table as the groups to keep: the rules pick exactly it again.
                return actions.Refuse(seat, after.put_down, hints=after.table)
            return actions.Refuse(seat)
        case ForceDeclined(seat=seat):
            return actions.NoForce(seat)
        case CardForced(seat=seat):
            return actions.Force(seat)
        case PlayerResigned(seat=seat):
            return actions.Resign(seat)
        case MatchForfeited(seat=seat, reason=reason):
            return actions.Forfeit(seat, reason)
    return None


def without_second(action: actions.Action, state: GameState) -> actions.Action | None:
    """The same move with the part its second event records made harmless, or None if it has none.

    A take's discard becomes some card still in the mover's hand; a refusal drops its meld from
    hand.  If that move is legal, the second event is the one that broke the rules.
    """
    match action:
        case actions.Take(seat=seat, put_down=put_down, discard=discard, arrangement=table) if (
            discard
        ):
            left = CardSet(state.hands[seat] & ~put_down)
            return actions.Take(seat, put_down, next(iter(left), None), arrangement=table)
        case actions.Refuse(seat=seat, meld=meld) if meld:
            return actions.Refuse(seat)
    return None


def _discard(after: LogEvent | None, seat: Seat) -> Card | None:
    if isinstance(after, CardDiscarded) and after.seat == seat:
        return after.card
    return None
