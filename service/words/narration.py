"""What happened at the table, in a sentence per event, as one reader is told it.

Only public facts are narrated: a deal's deck order is never described, and every card named here
was face up when the event happened.  Each sentence is a catalog message in the reader's language
(``tr``), written for its reader (``Cast.reader``): the reader's own moves in the second person
("You take 7♣ …", "Ana forces 7♣ on you"), everyone else's in the third ("Ana takes 7♣ …"), and a
spectator's (reader None) all in the third.  Every person has their own message, so no sentence
is ever made by putting "you" where a name goes.
"""

from __future__ import annotations

from service.language.notation import card_name, card_names
from service.language.translation import ENGLISH, Translator
from service.rules import events
from service.rules.cards import Card, CardSet
from service.rules.errors import N_
from service.rules.seats import Seat, Source
from service.rules.variants import DeckFaces
from service.words.cast import Cast, anonymous, said, said_between
from service.words.endings import deal_drawn_text, deal_won_text, match_ended_text


def center_text(
    one: Card,
    source: Source,
    player: Seat,
    faces: DeckFaces = DeckFaces.FRENCH,
    tr: Translator = ENGLISH,
    cast: Cast | None = None,
    refused: bool = False,
) -> str:
    """The center card and where it came from, for ``player`` (P) to decide on: ``7♣ (discarded by
    Ana)``, or ``7♣ (discarded by you)`` when the reader discarded it.  ``refused``: P has just
    refused it and the opponent may force it on them (the force window), so the line names who
    refused it now — P — whoever turned it up or discarded it before."""
    cast = cast or anonymous(tr)
    card = card_name(one, faces)
    other = player.other
    if refused:
        return said(
            tr,
            cast,
            player,
            N_("{card} (refused by you)"),
            N_("{card} (refused by {player})"),
            card=card,
        )
    match source:
        case Source.OWN_FLIP:
            return tr.gettext("{card} (turned up from the stock)", card=card)
        case Source.OFFERED_DISCARD:
            return said(
                tr,
                cast,
                other,
                N_("{card} (discarded by you)"),
                N_("{card} (discarded by {player})"),
                card=card,
            )
        case Source.OFFERED_REFUSED_FLIP:
            return said(
                tr,
                cast,
                other,
                N_("{card} (turned up and refused by you)"),
                N_("{card} (turned up and refused by {player})"),
                card=card,
            )
        case Source.UPCARD:
            return tr.gettext("{card} (the upcard)", card=card)
    raise TypeError(f"not a source: {source!r}")


def table_text(
    table: tuple[CardSet, ...], faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH
) -> str:
    """A table as ``[5♥ 5♣ 5♦] [A♠ 2♠ 3♠]``, or ``(nothing)``."""
    return " ".join(f"[{card_names(combo, faces)}]" for combo in table) or tr.gettext("(nothing)")


def narrate(
    event: events.Event,
    faces: DeckFaces = DeckFaces.FRENCH,
    tr: Translator = ENGLISH,
    cast: Cast | None = None,
    refused: Card | None = None,
    cause: object = None,
) -> str:
    """One public sentence about ``event`` for the cast's reader.  ``refused`` is the card a force
    is about (its events do not repeat it; ``news`` finds it in the log); ``cause`` is the event
    before a ``MatchEnded``, which says why the match ended (``endings``)."""
    cast = cast or anonymous(tr)
    if isinstance(event, events.MatchEnded):
        return cast.opening(match_ended_text(event, tr, cast, cause))
    return cast.opening(_narrated(event, faces, tr, cast, refused))


def _narrated(
    event: events.Event, faces: DeckFaces, tr: Translator, cast: Cast, refused: Card | None
) -> str:
    def c(one: Card) -> str:
        return card_name(one, faces)

    def table(of: tuple[CardSet, ...]) -> str:
        return table_text(of, faces, tr)

    match event:
        case events.MatchStarted(first_dealer=dealer):
            return said(
                tr,
                cast,
                dealer,
                N_("The match begins; you deal first."),
                N_("The match begins; {player} deals first."),
            )
        case events.DealStarted(number=number, dealer=dealer):
            return said(
                tr,
                cast,
                dealer,
                N_("Deal {number}: you deal ten cards each."),
                N_("Deal {number}: {player} deals ten cards each."),
                number=number,
            )
        case events.UpcardTurned(seat=seat, card=one):
            return said(
                tr,
                cast,
                seat,
                N_("You turn up {card} as the upcard."),
                N_("{player} turns up {card} as the upcard."),
                card=c(one),
            )
        case events.CardTurnedUp(seat=seat, card=one):
            return said(
                tr,
                cast,
                seat,
                N_("You turn up {card}."),
                N_("{player} turns up {card}."),
                card=c(one),
            )
        case events.CenterCardTaken(seat=seat, card=one, put_down=put_down, table=laid):
            if put_down:
                return said(
                    tr,
                    cast,
                    seat,
                    N_("You take {card} with {cards}: {table}."),
                    N_("{player} takes {card} with {cards}: {table}."),
                    card=c(one),
                    cards=card_names(put_down, faces),
                    table=table(laid),
                )
            return said(
                tr,
                cast,
                seat,
                N_("You take {card}: {table}."),
                N_("{player} takes {card}: {table}."),
                card=c(one),
                table=table(laid),
            )
        case events.CardDiscarded(seat=seat, card=one):
            return said(
                tr,
                cast,
                seat,
                N_("You discard {card}."),
                N_("{player} discards {card}."),
                card=c(one),
            )
        case events.CardRefused(seat=seat, card=one):
            return said(
                tr,
                cast,
                seat,
                N_("You refuse {card}."),
                N_("{player} refuses {card}."),
                card=c(one),
            )
        case events.HandMelded(seat=seat, put_down=put_down, table=laid):
            return said(
                tr,
                cast,
                seat,
                N_("You meld {cards} from hand: {table}."),
                N_("{player} melds {cards} from hand: {table}."),
                cards=card_names(put_down, faces),
                table=table(laid),
            )
        case _:
            return _forcing(event, faces, tr, cast, refused)


def _forcing(
    event: events.Event, faces: DeckFaces, tr: Translator, cast: Cast, refused: Card | None
) -> str:
    """The force window, a force, a lay-off, and the events that end a deal or the match."""
    card = tr.gettext("the refused card") if refused is None else card_name(refused, faces)
    match event:
        case events.ForceWindowOpened(seat=seat):
            return said_between(
                tr,
                cast,
                seat,
                (
                    N_("{card} fits {other}'s table: you may force it on them."),
                    N_("{card} fits your table: {player} may force it on you."),
                    N_("{card} fits {other}'s table: {player} may force it on them."),
                ),
                card=card,
            )
        case events.ForceDeclined(seat=seat):
            return said(tr, cast, seat, N_("You do not force."), N_("{player} does not force."))
        case events.CardForced(seat=seat):
            return said_between(
                tr,
                cast,
                seat,
                (
                    N_("You force {card} on {other}."),
                    N_("{player} forces {card} on you."),
                    N_("{player} forces {card} on {other}."),
                ),
                card=card,
            )
        case events.CardLaidOff(seat=seat, card=one, table=laid):
            return said(
                tr,
                cast,
                seat,
                N_("You lay off {card}: {table}."),
                N_("{player} lays off {card}: {table}."),
                card=card_name(one, faces),
                table=table_text(laid, faces, tr),
            )
        case events.CardBuried(card=one):
            return tr.gettext("{card} is dead.", card=card_name(one, faces))
        case events.CardPassed(seat=seat, card=one):
            return said(
                tr,
                cast,
                seat.other,
                N_("{card} passes to you."),
                N_("{card} passes to {player}."),
                card=card_name(one, faces),
            )
    return _ending(event, tr, cast)


def _ending(event: events.Event, tr: Translator, cast: Cast) -> str:
    match event:
        case events.DealWon():
            return deal_won_text(event, tr, cast)
        case events.DealDrawn():
            return deal_drawn_text(event, tr)
        case events.MatchForfeited(seat=seat, reason="timeouts"):
            return said(
                tr,
                cast,
                seat,
                N_("You forfeit the match: too many of your turns ran out of time."),
                N_("{player} forfeits the match: too many turns ran out of time."),
            )
        case events.MatchForfeited(seat=seat, reason="left"):
            return said(
                tr,
                cast,
                seat,
                N_("You leave the service: the match is given up."),
                N_("{player} left the service: the match is given up, and it is not rated."),
            )
        case events.MatchForfeited(seat=seat):
            return said(
                tr,
                cast,
                seat,
                N_("You forfeit the match: the win was claimed."),
                N_("{player} forfeits the match: the win was claimed."),
            )
        case events.PlayerResigned(seat=seat):
            return said(tr, cast, seat, N_("You resign."), N_("{player} resigns."))
        case events.MatchEnded():
            return match_ended_text(event, tr, cast)
    raise TypeError(f"not an event: {event!r}")
