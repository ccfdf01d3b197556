"""The end of a deal as one player is shown it: who went out (or that the deal was a draw), how
the stake moved, and the table as the deal left it, the opponent's hand face up.

The next deal starts in the same append as the end of the last (``app.follow_ups``), so a page
that showed only the game as it stands would go from one deal to the next with nothing between.
This is the moment between: the log folded up to the deal's last event, seen from the reader's
seat (``view_for``, which shows the opponent's hand once the deal is over, RULES R20.1 and no
sooner), and the deal's end in the words every channel uses (``endings``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.game.state import fold
from service.game.stored import StoredEvent
from service.language.translation import Translator
from service.rules.events import (
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardRefused,
    CenterCardTaken,
    DealDrawn,
    DealWon,
    ForceDeclined,
    HandMelded,
)
from service.rules.seats import Seat
from service.rules.view import PlayerView, view_for
from service.words.cast import Cast
from service.words.endings import deal_drawn_text, deal_won_text, results_text

DECISIONS = (
    CenterCardTaken,
    CardDiscarded,
    CardRefused,
    HandMelded,
    ForceDeclined,
    CardForced,
    CardLaidOff,
)
"""The events of a player's own decisions: once the reader made one in the next deal, the
moment of the last deal's end is behind them."""


@dataclass(frozen=True, slots=True)
class DealEnd:
    """The last finished deal's end, as the reader is shown it."""

    number: int
    ending: str
    """``Ana goes out and wins 1 from you.`` or ``The stock is exhausted: deal 1 is a draw.``"""
    results: tuple[str, ...]
    """Every finished deal so far and how the stake moved (``endings.results_text``)."""
    view: PlayerView
    """The table as the deal left it, from the reader's seat: the opponent's hand shown."""
    behind: bool
    """The reader has decided in a later deal since: the moment is over for them."""


def last_deal_end(
    stored: Sequence[StoredEvent], seat: Seat, tr: Translator, cast: Cast
) -> DealEnd | None:
    """The end of the last deal in ``stored`` (the game's whole log), or None before any ended."""
    at = next(
        (
            i
            for i in reversed(range(len(stored)))
            if isinstance(stored[i].event, DealWon | DealDrawn)
        ),
        None,
    )
    if at is None:
        return None
    ended = stored[at].event
    view = view_for(fold(stored[: at + 1]).rules, seat)
    if isinstance(ended, DealWon):
        ending = cast.opening(deal_won_text(ended, tr, cast))
    else:
        assert isinstance(ended, DealDrawn)
        ending = deal_drawn_text(ended, tr)
    behind = any(
        isinstance(one.event, DECISIONS) and one.event.seat is seat for one in stored[at + 1 :]
    )
    results = tuple(results_text(view.match.results, tr, cast))
    return DealEnd(view.deal_number, ending, results, view, behind)
