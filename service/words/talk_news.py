"""Talk at the table told to one reader (``news.describe``): a message in quotes after its
writer's name, an offer, its answer, and the reader's own mute or report.

A message's words are told only to the two players: a spectator's cast (a public replay, a
group) hears that a message was written, never what it says.  A reader who muted the opponent
(``muted``) is told nothing of their messages (the sentence is empty: ``heard`` drops it).
"""

from __future__ import annotations

from collections.abc import Iterable

from service.game.talk_events import (
    ADJOURN,
    DRAW,
    WITHHELD,
    MessageReported,
    MessageSaid,
    MessagesMuted,
    OfferAnswered,
    OfferMade,
    OfferWithdrawn,
    TalkEvent,
)
from service.language.translation import Translator
from service.rules.errors import N_
from service.words.cast import Cast, said

PHRASE_TEXTS = {
    "good_game": N_("Good game!"),
    "thanks": N_("Thanks!"),
    "away": N_("Sorry, I was away."),
    "good_luck": N_("Good luck!"),
}
"""The preset phrases (``talk_events.PHRASES``) as each reader's language words them."""

_THEIR_SETTING = N_("{player} changes a setting of theirs.")
"""What the others hear of a mute, its end or a report: never which it was."""


def heard(lines: Iterable[str]) -> list[str]:
    """The lines a reader is told: a muted message's empty sentence left out."""
    return [line for line in lines if line]


def talk_sentence(event: TalkEvent, tr: Translator, cast: Cast, muted: bool = False) -> str:
    match event:
        case MessageSaid(seat=seat, text=text, phrase=phrase):
            if cast.reader is None or phrase == WITHHELD:
                return tr.gettext("{player} writes to the opponent.", player=cast[seat])
            if muted and cast.reader is not seat:
                return ""
            words = tr.gettext(PHRASE_TEXTS[phrase]) if phrase in PHRASE_TEXTS else text
            return said(
                tr, cast, seat, N_("You say: “{text}”"), N_("{player} says: “{text}”"), text=words
            )
        case OfferMade(seat=seat, kind=kind):
            if kind == DRAW:
                return said(
                    tr,
                    cast,
                    seat,
                    N_("You offer a draw."),
                    N_("{player} offers you a draw."),
                )
            assert kind == ADJOURN
            return said(
                tr,
                cast,
                seat,
                N_("You offer to adjourn the game."),
                N_("{player} offers to adjourn the game."),
            )
        case OfferAnswered(seat=seat, accepted=True):
            return said(
                tr, cast, seat, N_("You accept the offer."), N_("{player} accepts the offer.")
            )
        case OfferAnswered(seat=seat):
            return said(
                tr, cast, seat, N_("You decline the offer."), N_("{player} declines the offer.")
            )
        case OfferWithdrawn(seat=seat):
            return said(
                tr,
                cast,
                seat,
                N_("You withdraw your offer."),
                N_("{player} withdraws their offer."),
            )
        case MessagesMuted(seat=seat, muted=muted):
            yours = (
                N_("You mute your opponent's messages in this game.")
                if muted
                else N_("You hear your opponent's messages again.")
            )
            return said(tr, cast, seat, yours, _THEIR_SETTING)
        case MessageReported(seat=seat, message=message):
            yours = N_("You report message {number} to the operators.")
            return said(tr, cast, seat, yours, _THEIR_SETTING, number=message)
    raise TypeError(f"not a talk event: {event!r}")


def conversation(events: Iterable[TalkEvent], tr: Translator, cast: Cast, muted: bool) -> list[str]:
    """The conversation of a game told to the cast's reader, for beside the moves: the messages
    and the offers with their answers, a muted opponent's messages left out."""
    told = (MessageSaid, OfferMade, OfferAnswered, OfferWithdrawn)
    return heard(talk_sentence(one, tr, cast, muted) for one in events if isinstance(one, told))
