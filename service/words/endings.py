"""How a deal and a match end, in words every channel tells: who went out and from whom the
stake moved, and why the match ended.

The stake moves from the deal's loser to its winner (RULES R18.1), so "Ana goes out and wins 1
from you" says both sides of it, and two such deals leave the match at 0 to 0, as its ending
then says.  A match given up (resigned, lost on time, left the service) is won whatever the
score (``rules.endings``): its ending says who gave it up and how, never "won 0 to 0".  The
ending is told with its cause, the event just before ``MatchEnded`` in the log, which every
ending is appended after; ``match_ending`` and ``match_result`` find both, for the headline a
channel puts first.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.language.notation import signed
from service.language.translation import ENGLISH, Translator
from service.rules.errors import N_
from service.rules.events import DealDrawn, DealWon, MatchEnded, MatchForfeited, PlayerResigned
from service.rules.state import DealResult
from service.words.cast import Cast, anonymous, said, said_between

GIVEN_UP = {
    "resigned": (
        N_("You win the match: {other} resigned."),
        N_("{player} wins the match: you resigned."),
        N_("{player} wins the match: {other} resigned."),
    ),
    "timeouts": (
        N_("You win the match: {other} ran out of time too often."),
        N_("{player} wins the match: you ran out of time too often."),
        N_("{player} wins the match: {other} ran out of time too often."),
    ),
    "left": (
        N_("You win the match: {other} left the service."),
        N_("{player} wins the match: you left the service."),
        N_("{player} wins the match: {other} left the service."),
    ),
    "claimed": (
        N_("You win the match: {other}'s time ran out and you claimed the win."),
        N_("{player} wins the match: your time ran out and they claimed the win."),
        N_("{player} wins the match: {other}'s time ran out and the win was claimed."),
    ),
}
"""The ending of a match given up, by how: said of the winner (the reader, the one who gave it
up, or neither)."""


def deal_won_text(event: DealWon, tr: Translator, cast: Cast) -> str:
    """``Ana goes out and wins 1 from you``: the stake moves from one side to the other."""
    return said_between(
        tr,
        cast,
        event.seat,
        (
            N_("You go out and win {amount} from {other}."),
            N_("{player} goes out and wins {amount} from you."),
            N_("{player} goes out and wins {amount} from {other}."),
        ),
        amount=event.amount,
    )


def match_ended_text(event: MatchEnded, tr: Translator, cast: Cast, cause: object = None) -> str:
    """The match's end told with its ``cause``: who gave it up and how, or the final score."""
    given_up = _given_up(cause)
    if given_up is not None and event.winner is not None:
        return said_between(tr, cast, event.winner, GIVEN_UP[given_up])
    scores = event.scores
    if event.winner is None:
        return tr.gettext(
            "The match ends in a tie, {first} to {second}.",
            first=signed(scores[0]),
            second=signed(scores[1]),
        )
    return said_between(
        tr,
        cast,
        event.winner,
        (
            N_("You won the match {won} to {lost}."),
            N_("{player} won the match {won} to {lost}."),
            N_("{player} won the match against {other}, {won} to {lost}."),
        ),
        won=signed(scores[event.winner]),
        lost=signed(scores[event.winner.other]),
    )


def match_ending(
    events: Sequence[object], tr: Translator = ENGLISH, cast: Cast | None = None
) -> str:
    """The last ``MatchEnded`` of ``events`` told with its cause as ``news`` tells it, "" if
    there is none: "Ana wins the match: you resigned." or "Ana won the match 1 to −1."."""
    ended, cause = _last_ending(events)
    if ended is None:
        return ""
    cast = cast or anonymous(tr)
    return cast.opening(match_ended_text(ended, tr, cast, cause))


def match_result(
    events: Sequence[object], tr: Translator = ENGLISH, cast: Cast | None = None
) -> str:
    """The match's ending for a reader shown it alone (a headline): ``match_ending``, then the
    deal that decided it ("Ana won the match 1 to −1. Ana goes out and wins 1 from you.")."""
    cast = cast or anonymous(tr)
    result = match_ending(events, tr, cast)
    _, cause = _last_ending(events)
    if result and isinstance(cause, DealWon):
        return f"{result} {cast.opening(deal_won_text(cause, tr, cast))}"
    if result and isinstance(cause, DealDrawn):
        return f"{result} {deal_drawn_text(cause, tr)}"
    return result


def _last_ending(events: Sequence[object]) -> tuple[MatchEnded | None, object]:
    """The last ``MatchEnded`` of ``events`` and the event before it, its cause."""
    for at in reversed(range(len(events))):
        ended = events[at]
        if isinstance(ended, MatchEnded):
            return ended, events[at - 1] if at > 0 else None
    return None, None


def deal_drawn_text(event: DealDrawn, tr: Translator) -> str:
    return tr.gettext("The stock is exhausted: deal {number} is a draw.", number=event.number)


def results_text(results: Sequence[DealResult], tr: Translator, cast: Cast) -> list[str]:
    """Each finished deal and how the stake moved: ``Deal 1: Ana won 1.``, ``Deal 2: a draw.``"""
    lines = []
    for one in results:
        if one.winner is None:
            lines.append(tr.gettext("Deal {number}: a draw.", number=one.number))
            continue
        lines.append(
            cast.opening(
                said(
                    tr,
                    cast,
                    one.winner,
                    N_("Deal {number}: you won {amount}."),
                    N_("Deal {number}: {player} won {amount}."),
                    number=one.number,
                    amount=one.amount,
                )
            )
        )
    return lines


def _given_up(cause: object) -> str | None:
    """How a match was given up, if ``cause`` gave it up: resigned, or a forfeit's reason."""
    match cause:
        case PlayerResigned():
            return "resigned"
        case MatchForfeited(reason=reason):
            return reason if reason in GIVEN_UP else "claimed"
    return None
