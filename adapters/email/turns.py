"""One mail per turn: which outbox notification makes a mail, and the news it folds in.

The outbox holds one notification per append that concerns a player.  A mail reader is written
to when it becomes their turn (or a question is theirs), and when the match ends; news that asks
nothing of them waits for that mail (``mail turn``, the default), also goes in the daily digest
the worker sends (``mail digest``, ``digests.py``), or comes with each move (``mail each``;
``choices.py``); the start of the game (the guest sat down) is told at once.  The mail then
tells the news since the reader's own last move, so nothing held back is lost.

Whether a notification is *overtaken* (the game moved on after it: a later notification, or
the reader's own move, tells that turn, so it makes no mail), asks a decision, starts the game
or carries the opponent's words is decided once, on its ``Notice`` (``service/delivery/
notices.py``), for every channel; this module only says what a mail reader gets of it.  That is
how two quick moves by the opponent make one turn mail, showing the position the turn is played
on.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

from service.delivery.notices import Notice
from service.game.events import PRIVATE_EVENTS, QuietHoursSet, TurnTimedOut
from service.game.stored import StoredEvent
from service.game.talk_events import TALK_EVENTS
from service.rules.seats import Seat

LOOK_BACK = 60
"""Events read back from a notification for the reader's last move; news older than that is
not folded into a mail (a turn is a few events; only a long absence reaches it)."""
NOT_MOVES = (QuietHoursSet, TurnTimedOut, *PRIVATE_EVENTS, *TALK_EVENTS)
"""Events with a ``seat`` that are not that seat's move: a record of settings, a timeout (news
to the player who ran out of time), a standing instruction, talk at the table."""


class Mailing(enum.Enum):
    TURN = "turn"
    """The reader's decision: one mail with the news since their last move and their moves."""
    END = "end"
    """The match ended: the result from the reader's side, how to ask for a rematch."""
    NEWS = "news"
    """News while the reader waits (``each``): nothing to answer."""
    HOLD = "hold"
    """Nothing to mail now: the news waits for the turn mail."""


def mailing(notice: Notice, each: bool) -> Mailing:
    """What a (not overtaken) notice makes for a mail reader: news while they wait is mailed only
    with ``each``; otherwise it waits for the turn mail, and for a digest reader also goes in the
    next daily digest (``digests.py``)."""
    if notice.ends_match:
        return Mailing.END
    if notice.asks:
        return Mailing.TURN
    return Mailing.NEWS if each else Mailing.HOLD


def news_from(
    events: Sequence[StoredEvent], seat: Seat, from_seq: int, to_seq: int | None = None
) -> int:
    """The first event to tell: the one after ``seat``'s last move among ``events`` (the log
    read back from a notification), but never later than the notification's own ``from_seq``.

    A notification of talk alone (``from_seq`` … ``to_seq``) tells only itself: the opponent's
    words are mailed as they come (``Notice.opponent_talks``), so folding the news since the
    reader's last move into each would tell that news again with every message (issue 34)."""
    own = [one for one in events if from_seq <= one.seq <= (to_seq or from_seq)]
    if own and all(isinstance(one.event, TALK_EVENTS) for one in own):
        return from_seq
    first = events[0].seq if events else from_seq
    for one in events:
        if one.seq >= from_seq:
            break
        if getattr(one.event, "seat", None) == seat and not isinstance(one.event, NOT_MOVES):
            first = one.seq + 1
    return min(first, from_seq)
