"""Talk at the table told to one reader (``news.describe``): a message in quotes after its
writer's name, an offer, its answer, and the reader's own mute or report.

A message's words are told only to the two players: a spectator's cast (a public replay, a
group) hears that a message was written, never what it says.  A reader who had muted the opponent
when a message was written is told nothing of it (the sentence is empty: ``heard`` drops it), not
later either: unmuting brings back none of the words said meanwhile (``deafness``, issue 34).  A
player's mutes and reports are told to that player only: the opponent gets an empty sentence, so
not even the moment of a mute is told.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from service.game import talk_events
from service.game.codec import LogEvent
from service.language.translation import Translator
from service.rules.errors import N_
from service.rules.seats import Seat
from service.words.cast import Cast, said

PHRASE_TEXTS = {
    "good_game": N_("Good game!"),
    "thanks": N_("Thanks!"),
    "away": N_("Sorry, I was away."),
    "good_luck": N_("Good luck!"),
}
"""The preset phrases (``talk_events.PHRASES``) as each reader's language words them."""


def heard(lines: Iterable[str]) -> list[str]:
    """The lines a reader is told: a muted message's empty sentence left out."""
    return [line for line in lines if line]


def deafness(events: Sequence[object], reader: Seat | None, deaf_now: bool) -> list[bool]:
    """Whether ``reader`` had muted the opponent when each of ``events`` was logged: a run of the
    log that ends now, when the reader is ``deaf_now`` (muted in the game or for good).  Walked
    back from now, each mute or unmute of the reader's says how it stood before it."""
    deaf, flags = deaf_now, []
    for event in reversed(events):
        flags.append(deaf)
        if isinstance(event, talk_events.MessagesMuted) and event.seat is reader:
            deaf = not event.muted
    return flags[::-1]


def talk_sentence(
    event: talk_events.TalkEvent, tr: Translator, cast: Cast, muted: bool = False
) -> str:
    match event:
        case talk_events.MessageSaid(seat=seat, text=text, phrase=phrase):
            if cast.reader is None or phrase == talk_events.WITHHELD:
                return tr.gettext("{player} writes to the opponent.", player=cast[seat])
            if muted and cast.reader is not seat:
                return ""
            words = tr.gettext(PHRASE_TEXTS[phrase]) if phrase in PHRASE_TEXTS else text
            return said(
                tr, cast, seat, N_("You say: “{text}”"), N_("{player} says: “{text}”"), text=words
            )
        case talk_events.OfferMade(seat=seat, kind=kind):
            if kind == talk_events.DRAW:
                return said(
                    tr,
                    cast,
                    seat,
                    N_("You offer a draw."),
                    N_("{player} offers you a draw."),
                )
            assert kind == talk_events.ADJOURN
            return said(
                tr,
                cast,
                seat,
                N_("You offer to adjourn the game."),
                N_("{player} offers to adjourn the game."),
            )
        case talk_events.OfferAnswered(seat=seat, accepted=True):
            return said(
                tr, cast, seat, N_("You accept the offer."), N_("{player} accepts the offer.")
            )
        case talk_events.OfferAnswered(seat=seat):
            return said(
                tr, cast, seat, N_("You decline the offer."), N_("{player} declines the offer.")
            )
        case talk_events.OfferWithdrawn(seat=seat):
            return said(
                tr,
                cast,
                seat,
                N_("You withdraw your offer."),
                N_("{player} withdraws their offer."),
            )
        case talk_events.MessagesMuted(seat=seat) | talk_events.MessageReported(seat=seat) if (
            seat is not cast.reader
        ):
            return ""  # the other seat's own business (``OWN_TALK_EVENTS``)
        case talk_events.MessagesMuted(muted=True):
            return tr.gettext("You mute your opponent's messages in this game.")
        case talk_events.MessagesMuted():
            return tr.gettext("You hear your opponent's messages again.")
        case talk_events.MessageReported(message=message):
            return tr.gettext("You report message {number} to the operators.", number=message)
    raise TypeError(f"not a talk event: {event!r}")


def conversation(events: Sequence[LogEvent], tr: Translator, cast: Cast, muted: bool) -> list[str]:
    """The conversation of a game told to the cast's reader, for beside the moves: the messages
    and the offers with their answers, those of a muted opponent's messages left out (``events``:
    the game's talk to now; ``muted``: the reader is deaf to the opponent now)."""
    told = (
        talk_events.MessageSaid,
        talk_events.OfferMade,
        talk_events.OfferAnswered,
        talk_events.OfferWithdrawn,
    )
    deaf = deafness(events, cast.reader, muted)
    return heard(
        talk_sentence(one, tr, cast, was_deaf)
        for one, was_deaf in zip(events, deaf, strict=True)
        if isinstance(one, told)
    )
