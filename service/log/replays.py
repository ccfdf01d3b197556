"""A finished game step by step: the whole game after each event of its log, both hands shown.

This is the omniscient picture (every hand, the stock, the dead cards), so it is given only for a
game that is over, or to an operator of the service: while a game runs its log holds hidden cards.
Each step is folded with ``game.apply``, that is with ``rules.evolve``, exactly as live play folds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from service.game.codec import LogEvent
from service.game.errors import GameNotOver
from service.game.state import Game, apply, fold, opened
from service.ports.protocols import StoredEvent


@dataclass(frozen=True, slots=True)
class Step:
    """Event ``seq`` of the log and the game right after it."""

    seq: int
    at: datetime
    event: LogEvent
    game: Game


def steps(stored: Sequence[StoredEvent], operator: bool = False) -> list[Step]:
    """One step per event; raises ``GameNotOver`` for a running game unless ``operator``."""
    if fold(stored).status != "over" and not operator:
        raise GameNotOver()
    game = opened(stored[0])
    out = [Step(stored[0].seq, stored[0].at, stored[0].event, game)]
    for one in stored[1:]:
        game = apply(game, one)
        out.append(Step(one.seq, one.at, one.event, game))
    return out
