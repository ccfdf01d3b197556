"""How a match's end is told (issue 34, item 9; issue 33, item 2): given the events that end it,
when a reader is told them, then they read why the match ended and a score that agrees with
what the history said of the deals.

A match given up at the start was told "You won the match 0 to 0."; the loser of a match decided
by a deal read "Ana won the match 1 to −1." with no word of why.  Now the ending says who gave
the match up and how, and a deal's end says from whom the stake moved.
"""

from __future__ import annotations

import pytest

from service.game.codec import LogEvent
from service.language.translation import translator
from service.rules.events import DealWon, MatchEnded, MatchForfeited, PlayerResigned
from service.rules.seats import Seat
from service.rules.variants import DEFAULT
from service.words.cast import named
from service.words.endings import match_result
from service.words.news import news

ANA, BO = Seat.FIRST, Seat.SECOND
NAMES = ("Ana", "Bo")
LANGUAGES = ("en", "es", "fil", "uk", "ms", "hi")


def told(events: list[LogEvent], reader: Seat | None, language: str = "en") -> list[str]:
    tr = translator(language)
    return news(events, DEFAULT, named(NAMES, tr, reader), tr)


def headline(events: list[LogEvent], reader: Seat | None, language: str = "en") -> str:
    tr = translator(language)
    return match_result(events, tr, named(NAMES, tr, reader))


@pytest.mark.parametrize(
    ("cause", "ana_reads", "bo_reads", "onlooker_reads"),
    [
        (
            PlayerResigned(BO),
            "You win the match: Bo resigned.",
            "Ana wins the match: you resigned.",
            "Ana wins the match: Bo resigned.",
        ),
        (
            MatchForfeited(BO, "timeouts"),
            "You win the match: Bo ran out of time too often.",
            "Ana wins the match: you ran out of time too often.",
            "Ana wins the match: Bo ran out of time too often.",
        ),
        (
            MatchForfeited(BO, "left"),
            "You win the match: Bo left the service.",
            "Ana wins the match: you left the service.",
            "Ana wins the match: Bo left the service.",
        ),
        (
            MatchForfeited(BO, "claimed"),
            "You win the match: Bo's time ran out and you claimed the win.",
            "Ana wins the match: your time ran out and they claimed the win.",
            "Ana wins the match: Bo's time ran out and the win was claimed.",
        ),
    ],
)
def test_a_match_given_up_at_the_start_says_who_gave_it_up_and_no_score(
    cause: LogEvent, ana_reads: str, bo_reads: str, onlooker_reads: str
) -> None:
    events = [cause, MatchEnded(ANA, (0, 0))]
    for reader, reads in ((ANA, ana_reads), (BO, bo_reads), (None, onlooker_reads)):
        assert told(events, reader)[-1] == reads
        assert headline(events, reader) == reads  # the headline every channel puts first


def test_the_loser_of_a_match_decided_by_a_deal_is_told_who_went_out_and_from_whom() -> None:
    events: list[LogEvent] = [DealWon(ANA, 1), MatchEnded(ANA, (1, -1))]
    assert told(events, BO) == [
        "Ana goes out and wins 1 from you.",
        "Ana won the match 1 to \N{MINUS SIGN}1.",
    ]
    assert headline(events, BO) == (
        "Ana won the match 1 to \N{MINUS SIGN}1. Ana goes out and wins 1 from you."
    )


def test_two_deals_won_one_each_leave_the_tie_the_history_adds_up_to() -> None:
    events: list[LogEvent] = [DealWon(ANA, 1), DealWon(BO, 1), MatchEnded(None, (0, 0))]
    assert told(events, ANA) == [
        "You go out and win 1 from Bo.",
        "Bo goes out and wins 1 from you.",
        "The match ends in a tie, 0 to 0.",
    ]


@pytest.mark.parametrize("language", LANGUAGES)
def test_in_every_language_a_given_up_ending_names_the_other_and_no_score(language: str) -> None:
    for cause in (PlayerResigned(BO), *(MatchForfeited(BO, r) for r in ("timeouts", "left"))):
        events = [cause, MatchEnded(ANA, (0, 0))]
        ana, bo, onlooker = (headline(events, r, language) for r in (ANA, BO, None))
        assert "Bo" in ana and "Ana" not in ana, ana
        assert "Ana" in bo and "Bo" not in bo, bo
        assert "Ana" in onlooker and "Bo" in onlooker, onlooker
        assert "0" not in ana + bo + onlooker, (ana, bo, onlooker)
