"""Standings and their tiebreaks, as a person would count them by hand.

A win is a point, a draw half, a loss nothing (kept in half points: 2, 1, 0); a bye is a win,
and so is a match forfeited by an opponent who withdrew.  Ties are broken in this order, for
Swiss and round-robin alike (docs/decisions/tournament-pairing.md):

1. **Buchholz**: the sum of the points of every opponent met at the table (a bye or a forfeit
   without a game adds nothing);
2. **Sonneborn–Berger**: each such opponent's points times the share of the match won against
   them (all of them for a win, half for a draw);
3. the seed: the higher rating at entry, then the earlier entry.

In a complete round-robin Buchholz ties whenever the points tie, so Sonneborn–Berger decides
there.  The points of opponents are their points so far: after the last round, the final ones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from service.game.events import PlayerId
from service.tournaments.events import DRAW, WIN
from service.tournaments.state import Tournament


@dataclass(slots=True)
class Record:
    """One player's count: the inputs of the tiebreaks and of the next Swiss pairing."""

    player: PlayerId
    seed: int
    points: int = 0
    """Half points."""
    met: set[PlayerId] = field(default_factory=set)
    """Everyone paired with, a forfeit too: no pairing is repeated."""
    played: list[tuple[PlayerId, int]] = field(default_factory=list)
    """Opponents met at the table with this player's score against them (half points)."""
    colours: list[int] = field(default_factory=list)
    """+1 for each match this player dealt first, -1 for each the opponent did."""
    byes: int = 0
    buchholz: int = 0
    """Half points."""
    sonneborn_berger: int = 0
    """Quarter points: an opponent's half points times the half points scored against them."""

    @property
    def balance(self) -> int:
        return sum(self.colours)


def records(tournament: Tournament) -> dict[PlayerId, Record]:
    """Every entrant's record from the results recorded so far (withdrawn players too)."""
    count = {player: Record(player, seed) for seed, player in enumerate(tournament.seeds())}
    for round_ in tournament.rounds:
        if round_.bye is not None:
            count[round_.bye].points += WIN
            count[round_.bye].byes += 1
        for pairing, result in zip(round_.pairings, round_.results, strict=True):
            first, second = count[pairing.first], count[pairing.second]
            first.met.add(second.player)
            second.met.add(first.player)
            if pairing.game is not None:
                first.colours.append(1)
                second.colours.append(-1)
            if result is None:
                continue
            first.points += result.score
            second.points += WIN - result.score
            if pairing.game is not None:
                first.played.append((second.player, result.score))
                second.played.append((first.player, WIN - result.score))
    for one in count.values():
        one.buchholz = sum(count[opponent].points for opponent, _ in one.played)
        one.sonneborn_berger = sum(count[opponent].points * score for opponent, score in one.played)
    return count


def ranked(tournament: Tournament) -> list[Record]:
    """Every entrant's record in the standings' order (points, Buchholz, Sonneborn–Berger,
    seed)."""
    return sorted(records(tournament).values(), key=_order)


def _order(one: Record) -> tuple[int, int, int, int]:
    return (-one.points, -one.buchholz, -one.sonneborn_berger, one.seed)


def adjudicated(scores: tuple[int, int]) -> int:
    """The rule for a match still running at its round's deadline, written before any round is
    played: the match score decides it then: the player ahead wins, equal scores are a draw.
    Returns the first seat's score in half points."""
    if scores[0] == scores[1]:
        return DRAW
    return WIN if scores[0] > scores[1] else 0
