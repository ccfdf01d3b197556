"""Whose copy of a finished game's log holds what of the talk at the table (issue 20).

The whole log is the operators'.  Anyone else gets a copy made here, so that the rule is one
for every channel (the web replay and its download, the API, ``conquian export``, a player's
data):

- **a player's own copy** keeps the conversation's words — except the opponent's messages the
  player had muted when they were written, or has muted for good (``deaf``): those never reach
  the one who muted them, not even in the replay — and the player's own mutes and reports;
- **a public copy** (anyone who is not one of the two players) withholds every message's words
  (``talk_events.withheld``: who wrote and when, not what).

Neither copy holds the *other* seat's ``MessagesMuted`` or ``MessageReported``: those are told
to their seat only, and a placeholder in their place would still tell the opponent that the
other player did something private just then (they know it was not them).  So they are left
out and the rest numbered again, 1, 2, 3 … as ``conquian verify`` wants; a report kept in a
player's copy names its message by the copy's own number.  Every copy verifies like the log:
no check of the other events depends on those left out (docs/log-format.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from service.game.stored import StoredEvent
from service.game.talk_events import (
    OWN_TALK_EVENTS,
    MessageReported,
    MessageSaid,
    MessagesMuted,
    withheld,
)
from service.rules.seats import Seat


def copy_for(
    stored: Sequence[StoredEvent], reader: Seat | None, deaf: bool = False
) -> list[StoredEvent]:
    """The copy of the log ``stored`` for the player at ``reader`` (None: the public's);
    ``deaf``: that player has muted the opponent for good."""
    kept: list[StoredEvent] = []
    numbers: dict[int, int] = {}
    muted = False
    for one in stored:
        event = one.event
        if isinstance(event, OWN_TALK_EVENTS) and event.seat is not reader:
            continue  # the other seat's own business: not even its place is shown
        match event:
            case MessagesMuted(muted=now):
                muted = now
            case MessageSaid(seat=seat) if reader is None or (
                seat is not reader and (muted or deaf)
            ):
                event = withheld(event)
            case MessageReported(seat=seat, message=message):
                event = MessageReported(seat, numbers[message])
        numbers[one.seq] = len(kept) + 1
        kept.append(replace(one, seq=len(kept) + 1, event=event))
    return kept
