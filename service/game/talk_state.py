"""What the log says about talk at the table at one point: the standing offer, who muted whom,
and when each seat last wrote (for the rate limit).  Folded with the game (``state.apply_all``),
so it is the log's alone."""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple

from service.game.talk_events import (
    MessageReported,
    MessageSaid,
    MessagesMuted,
    OfferAnswered,
    OfferMade,
    OfferWithdrawn,
    TalkEvent,
)
from service.rules.seats import Seat

RATE_COUNT = 5
"""Messages a seat may write within ``RATE_WINDOW``: a conversation, not a flood."""
RATE_SECONDS = 10 * 60


class Offer(NamedTuple):
    seat: Seat
    kind: str
    at: datetime


class Talk(NamedTuple):
    offer: Offer | None = None
    """The standing offer, until answered, withdrawn, or lapsed with the position."""
    muted: tuple[bool, bool] = (False, False)
    """Each seat's mute of the opponent in this game."""
    said: tuple[tuple[datetime, ...], tuple[datetime, ...]] = ((), ())
    """When each seat wrote its latest messages (at most ``RATE_COUNT``)."""
    messages: tuple[tuple[int, Seat], ...] = ()
    """Each message's event number and writer, for reports."""


def talk_after(talk: Talk, event: TalkEvent, seq: int, at: datetime) -> Talk:
    """``talk`` after one talk event, event number ``seq`` made at ``at``."""
    match event:
        case MessageSaid(seat=seat):
            recent = (*talk.said[seat], at)[-RATE_COUNT:]
            said = (recent, talk.said[1]) if seat is Seat.FIRST else (talk.said[0], recent)
            return talk._replace(said=said, messages=(*talk.messages, (seq, seat)))
        case OfferMade(seat=seat, kind=kind):
            return talk._replace(offer=Offer(seat, kind, at))
        case OfferAnswered() | OfferWithdrawn():
            return talk._replace(offer=None)
        case MessagesMuted(seat=seat, muted=muted):
            pair = (muted, talk.muted[1]) if seat is Seat.FIRST else (talk.muted[0], muted)
            return talk._replace(muted=pair)
        case MessageReported():
            return talk
    raise TypeError(f"not a talk event: {event!r}")
