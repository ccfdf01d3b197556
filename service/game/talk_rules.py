"""The game decider's part for talk at the table: messages, offers by consent, mute and reports.

Pure, as ``decide`` is: the folded game, the command and the time in; talk events out, or an
``IllegalAction`` before any event is made.  The safety rules for a message's text are here,
so every channel holds them the same (docs/decisions/talk-at-the-table.md):

* plain text on one line: control and invisible formatting characters (zero-width, direction
  overrides) are dropped and every run of white space becomes one space;
* at most ``LONGEST_MESSAGE`` characters;
* no links or web addresses at all, so nothing can pass for the service's own link;
* no suit or playing-card symbols, so nothing can pass for the table (cards are written in
  words, ``7 of hearts``); channels show a message in quotes after its writer's name;
* at most ``RATE_COUNT`` messages per seat within ``RATE_SECONDS`` (``talk_state``).
"""

from __future__ import annotations

import re
import unicodedata
from datetime import datetime, timedelta

from service.bots.levels import BOTS
from service.game.codec import LogEvent
from service.game.events import ClockPaused
from service.game.state import Game
from service.game.status import GameStatus
from service.game.talk_errors import (
    BotOffer,
    MessageEmpty,
    MessageHasCards,
    MessageHasLink,
    MessageTooLong,
    NoOfferStanding,
    NoOwnOffer,
    NoSuchMessage,
    NotInPlay,
    OfferStanding,
    OwnOffer,
    TooManyMessages,
)
from service.game.talk_events import (
    ADJOURN,
    DRAW,
    MessageReported,
    MessageSaid,
    MessagesMuted,
    OfferAnswered,
    OfferMade,
    OfferWithdrawn,
)
from service.game.talk_state import RATE_COUNT, RATE_SECONDS, Offer
from service.rules.events import MatchEnded
from service.rules.seats import Seat

LONGEST_MESSAGE = 280
OFFER_LIFETIME = timedelta(days=1)
"""An offer not answered within this lapses (so does one whose position changed)."""

_LINK = re.compile(
    r"[a-z][a-z0-9+.-]*://|www\.|mailto:|\b[\w-]+(\.[\w-]+)*\.[a-z]{2,}\s?/"
    r"|\b[\w-]+\.(com|net|org|io|me|app|dev|link|ly|gg|co|xyz|info|site|page|click|ru|ua|ph|my"
    r"|in|es|mx|uk|us|eu|de|fr|to|tk|cc|tv|biz|online|store)\b",
    re.IGNORECASE,
)
_SUITS = frozenset("♠♥♦♣♤♡♢♧")


def clean_message(text: str) -> str:
    """``text`` as it is stored and shown, or the refusal of a text that breaks the rules."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", text)
        if ch.isspace() or unicodedata.category(ch) not in ("Cc", "Cf", "Co", "Cs", "Cn")
    )
    cleaned = " ".join(kept.split())
    if not cleaned:
        raise MessageEmpty()
    if len(cleaned) > LONGEST_MESSAGE:
        raise MessageTooLong(limit=LONGEST_MESSAGE, length=len(cleaned))
    if _LINK.search(cleaned):
        raise MessageHasLink()
    if any(ch in _SUITS or 0x1F0A0 <= ord(ch) <= 0x1F0FF for ch in cleaned):
        raise MessageHasCards()
    return cleaned


def said(game: Game, seat: Seat, text: str, phrase: str, now: datetime) -> list[LogEvent]:
    """A message, or a preset phrase, from ``seat`` to the opponent."""
    if game.status not in (GameStatus.PLAYING, GameStatus.OVER):
        raise NotInPlay()
    recent = game.talk.said[seat]
    if len(recent) >= RATE_COUNT and (now - recent[-RATE_COUNT]).total_seconds() < RATE_SECONDS:
        raise TooManyMessages(count=RATE_COUNT, minutes=RATE_SECONDS // 60)
    return [MessageSaid(seat, "" if phrase else clean_message(text), phrase)]


def standing_offer(game: Game, now: datetime) -> Offer | None:
    """The offer waiting for its answer at ``now`` (None once its time ran out)."""
    offer = game.talk.offer
    return None if offer is None or now >= offer.at + OFFER_LIFETIME else offer


def offered(
    game: Game, seat: Seat, kind: str, now: datetime, adjourn_until: datetime
) -> list[LogEvent]:
    """An offer; the opponent's own standing offer of the same is accepted instead, and a
    repeated offer changes nothing."""
    _check_offerable(game, seat)
    offer = standing_offer(game, now)
    if offer is not None and offer.kind == kind:
        return [] if offer.seat is seat else _accepted(game, seat, kind, now, adjourn_until)
    if offer is not None:
        raise OfferStanding()
    return [OfferMade(seat, kind)]


def answered(
    game: Game, seat: Seat, accepted: bool, now: datetime, adjourn_until: datetime
) -> list[LogEvent]:
    offer = standing_offer(game, now)
    if offer is None:
        raise NoOfferStanding()
    if offer.seat is seat:
        raise OwnOffer()
    if not accepted:
        return [OfferAnswered(seat, False)]
    return _accepted(game, seat, offer.kind, now, adjourn_until)


def withdrawn(game: Game, seat: Seat, now: datetime) -> list[LogEvent]:
    offer = standing_offer(game, now)
    if offer is None or offer.seat is not seat:
        raise NoOwnOffer()
    return [OfferWithdrawn(seat)]


def muted(game: Game, seat: Seat, mute: bool) -> list[LogEvent]:
    """Mute or unmute the opponent in this game; saying it twice changes nothing."""
    return [] if game.talk.muted[seat] is mute else [MessagesMuted(seat, mute)]


def reported(game: Game, seat: Seat, message: int | None) -> list[LogEvent]:
    """Report the opponent's message ``message`` (their latest without a number)."""
    theirs = [seq for seq, writer in game.talk.messages if writer is not seat]
    if not theirs or (message is not None and message not in theirs):
        raise NoSuchMessage()
    return [MessageReported(seat, theirs[-1] if message is None else message)]


def accepted_events(game: Game, seat: Seat, kind: str, until: datetime) -> list[LogEvent]:
    """What follows an accepted offer: the match's end without a winner for a draw; for an
    adjournment, a pause of each clock not already paused for longer (``until``)."""
    if kind == DRAW:
        return [MatchEnded(None, game.rules.scores)]
    assert kind == ADJOURN
    return [
        ClockPaused(one, until)
        for one in Seat
        if (pause := game.clocks.paused[one]) is None or pause.until < until
    ]


def _accepted(game: Game, seat: Seat, kind: str, now: datetime, until: datetime) -> list[LogEvent]:
    return [OfferAnswered(seat, True), *accepted_events(game, seat, kind, until)]


def _check_offerable(game: Game, seat: Seat) -> None:
    if game.status is not GameStatus.PLAYING:
        raise NotInPlay()
    if game.players[seat.other] in BOTS:
        raise BotOffer()
