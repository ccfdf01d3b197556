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

from service.delivery.notices import Notice

LOOK_BACK = 60
"""Events read back from a notification for the reader's last move (``Notice.own_move``); news
older than that is not folded into a mail (a turn is a few events; only a long absence reaches
it)."""


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
