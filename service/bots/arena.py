"""Two bots over duplicate deals: who is stronger, by how much, and how fast each decides.

Every deck is played twice with the seats swapped (and the same dealer seat), so the luck of the
cards cancels out between the two bots; each seat draws from a generator seeded by the
arena's seed, the deck's number and the seat, so any one deal can be replayed alone.  Pure apart from the
injected clock, which only measures: the games do not depend on it.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

from service.bots.policies import Policy, Rng
from service.bots.selfplay import play_deal
from service.rules.actions import PlayerAction
from service.rules.cards import DECK
from service.rules.seats import Seat
from service.rules.variants import Variant
from service.rules.view import PlayerView

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


@dataclass
class Score:
    """Deals won, lost and drawn by the first bot, and each bot's time per decision."""

    wins: int = 0
    losses: int = 0
    draws: int = 0
    decisions: int = 0
    seconds: float = 0.0
    times: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))

    @property
    def deals(self) -> int:
        return self.wins + self.losses + self.draws

    def summary(self, names: tuple[str, str]) -> dict[str, object]:
        """The figures the arena reports, as plain values (the CLI prints or dumps them)."""
        decided = self.wins + self.losses
        return {
            "bots": list(names),
            "deals": self.deals,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_share_of_decided": _share(self.wins, decided),
            "win_share_of_decided_95": wilson(self.wins, decided),
            "win_share_95": wilson(self.wins, self.deals),
            "loss_share_95": wilson(self.losses, self.deals),
            "draw_share_95": wilson(self.draws, self.deals),
            "decisions_per_second": round(self.decisions / self.seconds, 1) if self.seconds else 0,
            "ms_per_decision": {
                name: {"median": _quantile(times, 0.5), "p99": _quantile(times, 0.99)}
                for name, times in zip(names, self.times, strict=True)
            },
        }


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """The Wilson score interval at 95 % for a share: sound for small counts and shares near 0
    or 1, where the textbook interval leaves [0, 1]."""
    if trials == 0:
        return (0.0, 1.0)
    share = successes / trials
    spread = Z95 * Z95 / trials
    centre = (share + spread / 2) / (1 + spread)
    half = Z95 * math.sqrt(share * (1 - share) / trials + spread / (4 * trials)) / (1 + spread)
    return (round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def arena(
    policies: tuple[Policy, Policy],
    deals: int,
    seed: int,
    variant: Variant,
    clock: Callable[[], float],
) -> Score:
    """Play ``deals`` deals, each deck twice with the seats swapped, first bot's view."""
    score = Score()
    started = clock()
    deck: list[int] = []
    for number in range(deals):
        swapped = number % 2 == 1
        if not swapped:
            deck = list(DECK)
            random.Random(f"{seed}:deck:{number // 2}").shuffle(deck)
        order = (1, 0) if swapped else (0, 1)
        seated = (
            _seated(policies[order[0]], score.times[order[0]], clock, f"{seed}:{number // 2}:0"),
            _seated(policies[order[1]], score.times[order[1]], clock, f"{seed}:{number // 2}:1"),
        )
        dealer = Seat(number // 2 % 2)
        unused = random.Random(seed)  # each seat draws from its own generator (``_seated``)
        state, decisions = play_deal(variant, tuple(DECK[i] for i in deck), dealer, seated, unused)
        winner = state.results[-1].winner
        first_bot = Seat.SECOND if swapped else Seat.FIRST
        if winner is None:
            score.draws += 1
        elif winner == first_bot:
            score.wins += 1
        else:
            score.losses += 1
        score.decisions += decisions
    score.seconds = clock() - started
    return score


def _seated(policy: Policy, times: list[float], clock: Callable[[], float], seed: str) -> Policy:
    """``policy`` timed, drawing from a generator of its seat at this deck: whichever bot sits
    there draws the same numbers, so A against B is exactly B against A with the seats swapped."""
    rng = random.Random(seed)

    def seated(view: PlayerView, _: Rng) -> PlayerAction:
        start = clock()
        action = policy(view, rng)
        times.append(clock() - start)
        return action

    return seated


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _quantile(times: list[float], q: float) -> float:
    """The ``q`` quantile in milliseconds (nearest rank), 0 without any decision."""
    if not times:
        return 0.0
    ordered = sorted(times)
    return round(ordered[min(len(ordered) - 1, math.ceil(q * len(ordered)) - 1)] * 1000, 3)
