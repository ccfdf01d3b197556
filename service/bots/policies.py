"""Bots: pure policies from what a seat sees (``PlayerView``) and an injected random generator.

``random`` picks uniformly among the legal actions.  ``greedy`` melds as much as it can, goes out
when it can, discards the card least likely to join a meld, and forces whenever the window opens
unless forcing would let the opponent go out.  ``wary`` is greedy keeping back, too, a card the
opponent could lay off: the hard bot's rollouts (``bots.search``).  None ever sees more than its
view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Take
from service.rules.cards import Card
from service.rules.melds import layoff_targets
from service.rules.seats import Phase, Seat
from service.rules.state import GameState
from service.rules.view import PlayerView, view_for

WARY = 4
"""What the wary bot adds to a card's keep value when the opponent could lay it off: more than a
partner in hand (2) or a fit on its own table (3), as much as two partners."""


class Rng(Protocol):
    """The part of ``random.Random`` a bot may use."""

    def random(self) -> float: ...


Policy = Callable[[PlayerView, Rng], PlayerAction]


class NoChance:
    """The generator to give the greedy bot, which never draws at random; this makes that explicit
    (a draw would be a bug)."""

    def random(self) -> float:
        raise AssertionError("the greedy bot does not use chance")


def random_bot(view: PlayerView, rng: Rng) -> PlayerAction:
    """Uniform over the legal actions.

    Indexes with ``rng.random()`` (implemented in C) rather than ``rng.choice`` (Python code that
    cost a tenth of a self-play run); with at most a few hundred actions the bias is below 1e-13.
    """
    actions = view.legal_actions
    return actions[int(rng.random() * len(actions))]


def greedy_bot(view: PlayerView, rng: Rng) -> PlayerAction:
    """Meld the most, go out when possible, keep cards near melds, force when it cannot hurt."""
    return _greedy(view, False)


def wary_bot(view: PlayerView, rng: Rng) -> PlayerAction:
    """The greedy bot that also keeps back a card the opponent could lay off on their table: the
    hard bot's rollouts play it, so a discard that feeds the opponent is seen to cost."""
    return _greedy(view, True)


def _greedy(view: PlayerView, wary: bool) -> PlayerAction:
    actions = view.legal_actions
    if view.phase is Phase.FORCE_WINDOW:
        forcing_lets_them_out = view.hand_sizes[view.player] == 0
        wanted = NoForce if forcing_lets_them_out else Force
        return next(a for a in actions if isinstance(a, wanted))
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        return min(discards, key=lambda a: _keep_value(view, a.card, view.hand, wary))
    takes = [a for a in actions if isinstance(a, Take)]
    if not takes:
        return max((a for a in actions if isinstance(a, Refuse)), key=lambda a: len(a.meld))
    return _best_take(view, takes, wary)


def _best_take(view: PlayerView, takes: list[Take], wary: bool) -> Take:
    going_out = [a for a in takes if a.discard is None]
    if going_out:
        return going_out[0]
    most = max(len(a.put_down) for a in takes)
    widest = [a for a in takes if len(a.put_down) == most]
    put_down = widest[0].put_down
    remaining = view.hand & ~put_down
    candidates = [a for a in widest if a.put_down == put_down]
    return min(candidates, key=lambda a: _keep_value(view, a.discard, remaining, wary))


def _keep_value(view: PlayerView, one: Card | None, hand: int, wary: bool) -> int:
    """How much a hand card is worth keeping: partners for a set or sequence, or a table it fits."""
    if one is None:
        return 0
    value = 0
    for other in range(one % 10, 40, 10):  # same rank, other suits
        if other != one and hand >> other & 1:
            value += 2
    suit_start = one - one % 10
    for distance, weight in ((1, 2), (2, 1)):
        for neighbour in (one - distance, one + distance):
            if suit_start <= neighbour < suit_start + 10 and hand >> neighbour & 1:
                value += weight
    if layoff_targets(view.tables[view.seat], one):
        value += 3
    if wary and layoff_targets(view.tables[view.seat.other], one):
        value += WARY
    return value


def recall(state: GameState, seat: Seat) -> PlayerView:
    """What ``seat`` knows now: its view, with the dead cards it watched go dead.

    Each dead card was the center card, face up to both seats, before it was buried (R20.2);
    a face-down dead pile only stops a person from looking back, not a bot from remembering."""
    return view_for(state, seat, remembering=True)
