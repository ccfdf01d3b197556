"""``conquian verify``'s checks of the talk at the table: each talk event must be what the
game decider (``talk_rules``) makes of its command at its time, so a log holds no message the
safety rules refuse, no answer without a standing offer and no draw nobody agreed to."""

from __future__ import annotations

from datetime import datetime

from service.game import talk_rules
from service.game.checks import Bad
from service.game.codec import LogEvent, name_of
from service.game.state import Game
from service.game.stored import StoredEvent
from service.game.talk_events import (
    DRAW,
    OFFER_KINDS,
    PHRASES,
    WITHHELD,
    MessageReported,
    MessageSaid,
    MessagesMuted,
    OfferAnswered,
    OfferMade,
    OfferWithdrawn,
    TalkEvent,
)
from service.rules.errors import IllegalAction
from service.rules.events import MatchEnded


def check_talk(game: Game, stored: StoredEvent, event: TalkEvent) -> None:
    """The talk event ``stored`` must be the decider's own on ``game`` at its time."""
    try:
        expected = _decided(game, event, stored.at)
    except IllegalAction as error:
        reason = f"{name_of(event)} breaks the rules of talk: {error.message}"
        raise Bad(stored.seq, reason) from None
    if expected[:1] != [event]:
        raise Bad(stored.seq, f"{name_of(event)} is not what its command makes here")


def accepted_draw(game: Game, stored: list[StoredEvent]) -> int:
    """After an accepted draw, the match ends without a winner on the scores as they stand;
    returns how many events that is (the answer and the end)."""
    answer = stored[0]
    want = MatchEnded(None, game.rules.scores)
    if len(stored) < 2 or stored[1].event != want:
        raise Bad(answer.seq + 1, f"an accepted draw is followed by {want!r}")
    return 2


def is_accepted_draw(game: Game, stored: StoredEvent) -> bool:
    offer = game.talk.offer
    return (
        isinstance(stored.event, OfferAnswered)
        and stored.event.accepted
        and offer is not None
        and offer.kind == DRAW
    )


def _decided(game: Game, event: TalkEvent, at: datetime) -> list[LogEvent]:
    match event:
        case MessageSaid(seat=seat, text=text, phrase=phrase):
            if phrase and (text or phrase not in (*PHRASES, WITHHELD)):
                return []
            return talk_rules.said(game, seat, text, phrase, at)
        case OfferMade(seat=seat, kind=kind):
            if kind not in OFFER_KINDS:
                return []
            return talk_rules.offered(game, seat, kind, at, at)
        case OfferAnswered(seat=seat, accepted=accepted):
            return talk_rules.answered(game, seat, accepted, at, at)
        case OfferWithdrawn(seat=seat):
            return talk_rules.withdrawn(game, seat, at)
        case MessagesMuted(seat=seat, muted=muted):
            return talk_rules.muted(game, seat, muted)
        case MessageReported(seat=seat, message=message):
            return talk_rules.reported(game, seat, message)
    raise TypeError(f"not a talk event: {event!r}")
