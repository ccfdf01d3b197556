"""The crosstable of a tournament: each player's results against each other player, in the
standings' order — what a tournament page shows beside the standings (issue 37).

A cell holds the scores (half points, the row player's) of the matches the two played, in the
order of their rounds: a double round-robin has two.  A forfeit counts as the standings count it
(``standings.records``); a match still running has no score yet.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.events import PlayerId
from service.tournaments.events import WIN
from service.tournaments.standings import Record, ranked
from service.tournaments.state import Tournament


@dataclass(frozen=True, slots=True)
class Row:
    record: Record
    rank: int
    cells: tuple[tuple[int, ...], ...]
    """By opponent, in the rows' order: this player's scores against them (none on the
    diagonal, nor against a player never met)."""


def crosstable(tournament: Tournament) -> list[Row]:
    """Every entrant's row, in the standings' order."""
    order = ranked(tournament)
    scores: dict[tuple[PlayerId, PlayerId], list[int]] = {}
    for round_ in tournament.rounds:
        for pairing, result in zip(round_.pairings, round_.results, strict=True):
            if result is None:
                continue
            first, second = pairing.first, pairing.second
            scores.setdefault((first, second), []).append(result.score)
            scores.setdefault((second, first), []).append(WIN - result.score)
    return [
        Row(
            record,
            rank,
            tuple(tuple(scores.get((record.player, other.player), ())) for other in order),
        )
        for rank, record in enumerate(order, start=1)
    ]
