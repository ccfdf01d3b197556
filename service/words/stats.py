"""A player's stats in words, and the ``stats`` request, for every channel.

``stats`` shows my own profile, ``stats NAME`` (or ``@NAME``) someone's public one; ``stats
public`` / ``stats private`` choose whether others may see mine, ``stats leave`` / ``stats join``
take me off the leaderboard or back on.  Channels lay the lines out; the words are here once.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from service.game.events import PlayerId
from service.language.translation import Translator
from service.ratings.store import Stats
from service.rules.errors import N_
from service.seeks.reliability import Reliability
from service.words.naming import A_PLAYER

HIDDEN = N_("That profile is private, or there is no such player.")
CHOICES = {
    "public": (True, None),
    "private": (False, None),
    "leave": (None, False),
    "join": (None, True),
}
"""``stats WORD``: (public, listed) as the player chooses; None leaves that choice as it was."""
SHOWN_OPPONENTS = 5


@dataclass(frozen=True, slots=True)
class StatsRequest:
    subject: str | None = None
    """Whose profile (a name or an id); None for my own."""
    public: bool | None = None
    listed: bool | None = None


def read_stats(words: list[str]) -> StatsRequest:
    """The words after ``stats``."""
    if not words:
        return StatsRequest()
    first = words[0].lower()
    if first in CHOICES and len(words) == 1:
        public, listed = CHOICES[first]
        return StatsRequest(None, public, listed)
    return StatsRequest(" ".join(words).lstrip("@"))


def stats_lines(
    stats: Stats, name: str, name_of: Callable[[PlayerId, Translator], str], tr: Translator
) -> list[str]:
    """The profile as lines of text: rating, record, opponents, recent games."""
    standing = stats.standing
    rating = standing.rating.shown
    if standing.provisional:
        lines = [tr.gettext("{name}: rating {rating}? (provisional)", name=name, rating=rating)]
    else:
        lines = [tr.gettext("{name}: rating {rating}", name=name, rating=rating)]
    record = standing.record
    lines.append(tr.gettext("Rated games: {count}", count=standing.rated_games))
    lines.append(
        tr.gettext(
            "Wins {wins}, losses {losses}, draws {draws}",
            wins=record.wins,
            losses=record.losses,
            draws=record.draws,
        )
    )
    if stats.reliability is not None:
        lines.append(reliability_line(stats.reliability, tr))
    busiest = sorted(standing.opponents, key=lambda pair: -pair[1].games)[:SHOWN_OPPONENTS]
    for opponent, tally in busiest:
        lines.append(
            tr.gettext(
                "Against {opponent}: {wins} won, {losses} lost, {draws} drawn",
                opponent=_named(opponent, name_of, tr),
                wins=tally.wins,
                losses=tally.losses,
                draws=tally.draws,
            )
        )
    if standing.recent:
        lines.append(tr.gettext("Recent games:"))
    for played in standing.recent[:10]:
        them = _named(played.opponent, name_of, tr)
        when = tr.when(played.at)
        if played.score == 1.0:
            lines.append(tr.gettext("{when}: won against {opponent}", when=when, opponent=them))
        elif played.score == 0.0:
            lines.append(tr.gettext("{when}: lost to {opponent}", when=when, opponent=them))
        else:
            lines.append(tr.gettext("{when}: drew with {opponent}", when=when, opponent=them))
    if stats.own:
        if stats.visibility.public:
            lines.append(tr.gettext("Your profile is public (stats private hides it)."))
        else:
            lines.append(tr.gettext("Your profile is private (stats public shows it)."))
    return lines


def per_cent(value: int, tr: Translator) -> str:
    """``96%`` as the reader's language writes a share (``96 %`` in Spanish).  Apart from the
    words around it, since a ``%`` before a letter in a message reads as a format code to the
    catalog tools."""
    # Translators: a share in per cent, e.g. 96%.
    return tr.gettext("{percent}%", percent=value)


def reliability_line(reliability: Reliability, tr: Translator) -> str:
    """A profile's reliability, the same on every channel: ``96% reliable (48 finished, 1 lost on
    time, 1 abandoned)``, or that the player is new before any finished match."""
    if reliability.percent is None:
        return tr.gettext("New player: no match finished yet.")
    # Translators: a player's reliability: the share of their finished matches not abandoned.
    return tr.gettext(
        "{share} reliable ({finished}, {lost_on_time}, {abandoned})",
        share=per_cent(reliability.percent, tr),
        # Translators: matches finished, as in "48 finished" (a player's reliability).
        finished=tr.ngettext("{n} finished", "{n} finished", reliability.finished),
        # Translators: matches lost by running out of time, as in "1 lost on time".
        lost_on_time=tr.ngettext("{n} lost on time", "{n} lost on time", reliability.lost_on_time),
        # Translators: matches left without a word, as in "1 abandoned".
        abandoned=tr.ngettext("{n} abandoned", "{n} abandoned", reliability.abandoned),
    )


def _named(
    opponent: PlayerId | None, name_of: Callable[[PlayerId, Translator], str], tr: Translator
) -> str:
    """An opponent's name; None is one the reader may not see (``Ratings.stats``)."""
    return tr.gettext(A_PLAYER) if opponent is None else name_of(opponent, tr)
