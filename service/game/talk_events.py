"""Events of talk at the table (issue 20): messages between the two players, offers by consent
(a draw, an adjournment) and their answers, and each player's mute and reports.

They are game events like the others (``events.py``), kept in the log so a message or an offer
is stored once, delivered through the outbox with the moves, checked by ``conquian verify`` and
shown beside the moves in the players' own replay.  None of them changes the position: a move
made on the position before them is not stale.  Names are stable (docs/log-format.md, schema 3).
"""

from __future__ import annotations

from typing import Final

from service.rules.records import Record
from service.rules.seats import Seat

DRAW = "draw"
ADJOURN = "adjourn"
OFFER_KINDS = (DRAW, ADJOURN)
"""What can be offered in the log's own offer events; a rematch keeps its older events
(``RematchOffered``), whichever channel or command offers it."""

PHRASES = ("good_game", "thanks", "away", "good_luck")
"""The preset phrases: stored by name and worded in each reader's language."""
WITHHELD = "withheld"
"""The phrase of a message in a public copy of the log: its words are its two players' alone."""


class MessageSaid(Record):
    """``seat`` wrote ``text`` to the opponent (checked plain text, ``talk_rules``), or said one
    of the preset ``phrase`` s (then ``text`` is empty)."""

    __slots__ = ("phrase", "seat", "text")
    __match_args__ = ("seat", "text", "phrase")

    def __init__(self, seat: Seat, text: str, phrase: str = "") -> None:
        self.seat: Final = seat
        self.text: Final = text
        self.phrase: Final = phrase


class OfferMade(Record):
    """``seat`` offers the opponent a ``kind`` (``draw`` or ``adjourn``).  It stands until it is
    answered or withdrawn, the position changes, or its time runs out (``talk_rules``)."""

    __slots__ = ("kind", "seat")
    __match_args__ = ("seat", "kind")

    def __init__(self, seat: Seat, kind: str) -> None:
        self.seat: Final = seat
        self.kind: Final = kind


class OfferAnswered(Record):
    """``seat`` answered the opponent's standing offer.  An accepted draw is followed by the
    match's end (``MatchEnded`` without a winner); an accepted adjournment by both clocks'
    pauses (``ClockPaused``)."""

    __slots__ = ("accepted", "seat")
    __match_args__ = ("seat", "accepted")

    def __init__(self, seat: Seat, accepted: bool) -> None:
        self.seat: Final = seat
        self.accepted: Final = accepted


class OfferWithdrawn(Record):
    """``seat`` took back its standing offer before it was answered."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class MessagesMuted(Record):
    """``seat`` no longer hears the opponent's messages in this game (``muted``), or again."""

    __slots__ = ("muted", "seat")
    __match_args__ = ("seat", "muted")

    def __init__(self, seat: Seat, muted: bool) -> None:
        self.seat: Final = seat
        self.muted: Final = muted


class MessageReported(Record):
    """``seat`` reported the opponent's message ``message`` (its event number) to the operators
    (``conquian reports``)."""

    __slots__ = ("message", "seat")
    __match_args__ = ("seat", "message")

    def __init__(self, seat: Seat, message: int) -> None:
        self.seat: Final = seat
        self.message: Final = message


TalkEvent = (
    MessageSaid | OfferMade | OfferAnswered | OfferWithdrawn | MessagesMuted | MessageReported
)
TALK_EVENTS = (
    MessageSaid,
    OfferMade,
    OfferAnswered,
    OfferWithdrawn,
    MessagesMuted,
    MessageReported,
)
"""Events that are talk, not play: none changes the position."""
OWN_TALK_EVENTS = (MessagesMuted, MessageReported)
"""Talk only its seat is told of: the opponent never learns they were muted or reported."""


def withheld(event: MessageSaid) -> MessageSaid:
    """``event`` as a public copy of the log holds it: who wrote and when, not what."""
    return MessageSaid(event.seat, "", WITHHELD)
