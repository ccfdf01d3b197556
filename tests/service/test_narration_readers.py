"""What each reader is told of the same events: given events, when a reader reads them, then lines.

Ana sits in seat 1 and Bo in seat 2; a third reader watches (a group, a replay).  The reader is
told of their own doings in the second person with their own verb form, of the other player's in
the third person by name, and the onlooker of both by name — in each of the six languages, with
a message of its own for each person, never a name swapped for "you".  Scores read from the
winner's side and a negative one is written with a true minus sign, never as "-1" after a dash.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime

import pytest

from service.game.codec import LogEvent
from service.game.events import TurnTimedOut
from service.language.notation import parse_card
from service.language.translation import Translator, translator
from service.rules.cards import CardSet
from service.rules.events import (
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardRefused,
    CenterCardTaken,
    DealDrawn,
    DealWon,
    ForceWindowOpened,
    MatchEnded,
    PlayerResigned,
)
from service.rules.seats import Seat
from service.rules.variants import DEFAULT
from service.words.cast import named
from service.words.news import news

LANGUAGES = ("en", "es", "fil", "uk", "ms", "hi")
NAMES = ("Ana", "Bo")
ANA, BO = Seat.FIRST, Seat.SECOND
READERS = (ANA, BO, None)
T0 = datetime(2026, 3, 1, 9, 0, tzinfo=UTC)


def cards(text: str) -> CardSet:
    return CardSet.of(parse_card(word) for word in text.split())


KS, SEVEN = parse_card("KS"), parse_card("7C")
TAKE = CenterCardTaken(ANA, KS, cards("KD KH"), (cards("KD KH KS"),))
REFUSE = CardRefused(BO, SEVEN)
WINDOW = ForceWindowOpened(ANA)
FORCE = CardForced(ANA)
LAY_OFF = CardLaidOff(BO, SEVEN, (cards("5C 6C 7C"),))
GO_OUT = DealWon(ANA, 1)
DRAW = DealDrawn(2)
RESIGN = PlayerResigned(BO)
TIMEOUT = TurnTimedOut(BO, "forfeit")
MATCH_OVER = MatchEnded(ANA, (2, 0))
MATCH_OVER_BELOW_ZERO = MatchEnded(ANA, (1, -1))


def told(events: Sequence[LogEvent], reader: Seat | None, language: str = "en") -> list[str]:
    """``events`` as ``reader`` is told them (None: an onlooker)."""
    tr = translator(language)
    return news(events, DEFAULT, named(NAMES, tr, reader), tr)


# -- in English, word for word ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("events", "ana_reads", "bo_reads", "onlooker_reads"),
    [
        (
            [TAKE],
            ["You take K♠ with K♦ K♥: [K♦ K♥ K♠]."],
            ["Ana takes K♠ with K♦ K♥: [K♦ K♥ K♠]."],
            ["Ana takes K♠ with K♦ K♥: [K♦ K♥ K♠]."],
        ),
        ([REFUSE], ["Bo refuses 7♣."], ["You refuse 7♣."], ["Bo refuses 7♣."]),
        (
            [REFUSE, WINDOW],
            ["Bo refuses 7♣.", "7♣ fits Bo's table: you may force it on them."],
            ["You refuse 7♣.", "7♣ fits your table: Ana may force it on you."],
            ["Bo refuses 7♣.", "7♣ fits Bo's table: Ana may force it on them."],
        ),
        (
            [FORCE, LAY_OFF],  # the news begins at the force: the lay-off names the card
            ["You force 7♣ on Bo.", "Bo lays off 7♣: [5♣ 6♣ 7♣]."],
            ["Ana forces 7♣ on you.", "You lay off 7♣: [5♣ 6♣ 7♣]."],
            ["Ana forces 7♣ on Bo.", "Bo lays off 7♣: [5♣ 6♣ 7♣]."],
        ),
        (
            [GO_OUT],
            ["You go out and win 1 from Bo."],
            ["Ana goes out and wins 1 from you."],
            ["Ana goes out and wins 1 from Bo."],
        ),
        (
            [DRAW],
            ["The stock is exhausted: deal 2 is a draw."],
            ["The stock is exhausted: deal 2 is a draw."],
            ["The stock is exhausted: deal 2 is a draw."],
        ),
        ([RESIGN], ["Bo resigns."], ["You resign."], ["Bo resigns."]),
        (
            [TIMEOUT],
            ["Bo ran out of time: they forfeit the match."],
            ["You ran out of time: you forfeit the match."],
            ["Bo ran out of time: they forfeit the match."],
        ),
        (
            [MATCH_OVER],
            ["You won the match 2 to 0."],
            ["Ana won the match 2 to 0."],
            ["Ana won the match against Bo, 2 to 0."],
        ),
        (
            [MATCH_OVER_BELOW_ZERO],
            ["You won the match 1 to \N{MINUS SIGN}1."],
            ["Ana won the match 1 to \N{MINUS SIGN}1."],
            ["Ana won the match against Bo, 1 to \N{MINUS SIGN}1."],
        ),
    ],
)
def test_each_reader_is_told_in_their_own_person(
    events: list[LogEvent], ana_reads: list[str], bo_reads: list[str], onlooker_reads: list[str]
) -> None:
    assert told(events, ANA) == ana_reads
    assert told(events, BO) == bo_reads
    assert told(events, None) == onlooker_reads


def test_a_force_names_the_refused_card_from_the_refusal_before_it() -> None:
    assert told([REFUSE, WINDOW, FORCE], BO)[-1] == "Ana forces 7♣ on you."


def test_a_force_whose_lay_off_is_still_to_come_names_the_center_card() -> None:
    tr = translator("en")
    cast = named(NAMES, tr, BO)
    assert news([FORCE], DEFAULT, cast, tr, center=SEVEN) == ["Ana forces 7♣ on you."]


# -- in every language --------------------------------------------------------------------------

EVERY_EVENT: list[LogEvent] = [
    TAKE,
    CardDiscarded(ANA, parse_card("4H")),
    REFUSE,
    WINDOW,
    FORCE,
    LAY_OFF,
    GO_OUT,
    DRAW,
    RESIGN,
    TIMEOUT,
    MATCH_OVER_BELOW_ZERO,
]
ACTOR = {
    id(TAKE): ANA,
    id(REFUSE): BO,
    id(FORCE): ANA,
    id(LAY_OFF): BO,
    id(GO_OUT): ANA,
    id(RESIGN): BO,
    id(TIMEOUT): BO,
    id(MATCH_OVER_BELOW_ZERO): ANA,
}
"""Who does each of the events the test reads in every language (the others: see the English)."""
WRONG_FORM = re.compile(
    r"\b[Yy]ou (takes|refuses|forces|lays|goes|wins|resigns|discards|melds|runs|forfeits)\b"
)
DASHED_NEGATIVE = re.compile(r"[–—-]\s*[-\N{MINUS SIGN}]\d|\s-\d")


@pytest.mark.parametrize("language", LANGUAGES)
def test_in_every_language_the_actor_is_addressed_and_the_others_hear_their_name(
    language: str,
) -> None:
    lines = {reader: told(EVERY_EVENT, reader, language) for reader in READERS}
    for index, event in enumerate(EVERY_EVENT):
        actor = ACTOR.get(id(event))
        if actor is None:
            continue
        own, other, onlooker = (lines[r][index] for r in (actor, actor.other, None))
        name = NAMES[actor]
        assert name not in own, f"{language}: the actor reads their own name: {own!r}"
        assert name in other, f"{language}: the opponent is not told who: {other!r}"
        assert name in onlooker, f"{language}: the onlooker is not told who: {onlooker!r}"
        assert own != other, f"{language}: one sentence for two people: {own!r}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_in_every_language_no_substituted_you_and_no_dashed_negative(language: str) -> None:
    for reader in READERS:
        for line in told(EVERY_EVENT, reader, language):
            assert not WRONG_FORM.search(line), f"{language}, reader {reader}: {line!r}"
            assert not DASHED_NEGATIVE.search(line), f"{language}, reader {reader}: {line!r}"
    over = told([MATCH_OVER_BELOW_ZERO], None, language)[0]
    assert "\N{MINUS SIGN}1" in over and "-1" not in over, over


@pytest.mark.parametrize("language", LANGUAGES)
def test_in_every_language_a_force_names_its_card(language: str) -> None:
    tr: Translator = translator(language)
    for reader in READERS:
        window, force = told([REFUSE, WINDOW, FORCE], reader, language)[1:]
        assert "7♣" in window and "7♣" in force, (window, force)
        assert tr.gettext("the refused card") not in force
