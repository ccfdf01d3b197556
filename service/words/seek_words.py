"""The lobby's commands in words: one grammar for every channel that reads what a player types
(Telegram's ``/seek``, ``/pair``, ``/lobby``; mail's ``seek …``, ``lobby``, ``accept N``, ``pair``)::

    seek [options of a new game] [rating 1400-1800] [reliable 80] [days 7]
    pair [the same, without days]     wait to be paired with anyone whose terms fit
    unpair                            stop waiting
    accept CODE                       take a seek of the lobby (its code as listed)
    withdraw CODE                     take one's own seek out of the lobby
    lobby [rated|casual]              the open seeks

The options are a new game's (``lobby.read_words``; ``deals=3`` or ``deals 3``), without an
opponent: whoever accepts is the opponent.  A seek's code is the start of its id, as listings
show it (``CODE_LENGTH``); the lobby resolves it among the open seeks.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta

from service.game.events import PlayerId
from service.rules.errors import N_, IllegalAction
from service.seeks.requests import (
    AcceptSeek,
    LeavePairing,
    PublishSeek,
    SeekRequest,
    WaitForPairing,
    WithdrawSeek,
)
from service.seeks.seeks import LASTS, SeekId
from service.seeks.terms import SeekTerms, Wanted
from service.words.lobby import RATED, UnknownOption, read_words

CODE_LENGTH = 6
"""How much of a seek's id a listing shows and a player types (``accept 3f9a2c``)."""
VERBS = frozenset({"seek", "pair", "unpair", "accept", "withdraw", "lobby"})
"""The lobby's verbs, for a channel that has to tell them from a game's commands."""


@dataclass(frozen=True, slots=True)
class LookAtLobby:
    """``lobby``: the open seeks, rated or casual only if asked (None: both)."""

    rated: bool | None = None


class NoSeekCode(IllegalAction):
    code = "no_seek_code"
    template = N_("Write the seek's code as the lobby lists it, e.g. {verb} 3f9a2c.")


class BadRange(IllegalAction):
    code = "bad_wanted"
    template = N_("rating: write the range as low-high, e.g. rating 1400-1800, not '{value}'.")


class BadPercent(IllegalAction):
    code = "bad_wanted"
    template = N_(
        "reliable: write the least reliability in per cent, e.g. reliable 80, not '{value}'."
    )


class BadDays(IllegalAction):
    code = "seek_lasts"
    template = N_(
        "days: write how many days the seek stays in the lobby, from 1 to 30, not '{value}'."
    )


_WANTED = ("rating", "reliable", "days")


def read_seek_command(player: PlayerId, text: str) -> SeekRequest | LookAtLobby | None:
    """The lobby request ``text`` asks for; None when its first word is not a lobby verb.
    Words it cannot read are refused (``IllegalAction``), as a new game's options are."""
    words = text.replace(",", " ").split()
    if not words or words[0].lower().lstrip("/") not in VERBS:
        return None
    verb, rest = words[0].lower().lstrip("/"), words[1:]
    match verb:
        case "accept" | "withdraw":
            if len(rest) != 1:
                raise NoSeekCode(verb=verb)
            code = SeekId(rest[0].lower())
            return AcceptSeek(player, code) if verb == "accept" else WithdrawSeek(player, code)
        case "unpair":
            return LeavePairing(player)
        case "lobby":
            rated = [RATED[word.lower()] for word in rest if word.lower() in RATED]
            return LookAtLobby(rated[0] if len(rated) == 1 else None)
    given, options = _split_wanted(rest)
    chosen = read_words(options, name_opponent=False)
    terms = SeekTerms.of(
        chosen.variant,
        chosen.terms,
        chosen.time_control,
        True if chosen.rated is None else chosen.rated,
    )
    wanted = _wanted(given)
    if verb == "seek":
        return PublishSeek(player, terms, wanted, _lasts(given.get("days")))
    if "days" in given:  # waiting lasts until the player is paired or leaves
        raise UnknownOption(word="days")
    return WaitForPairing(player, terms, wanted)


def _split_wanted(words: list[str]) -> tuple[dict[str, str], list[str]]:
    """The words about whom a seek admits and how long it lasts (``rating 1400-1800``,
    ``reliable=80``, ``days 3``), apart from the options of the game."""
    given: dict[str, str] = {}
    options: list[str] = []
    pieces = list(words)
    while pieces:
        word = pieces.pop(0)
        name, sep, value = word.partition("=")
        if name.lower() not in _WANTED:
            options.append(word)
        elif sep:
            given[name.lower()] = value
        else:
            given[name.lower()] = pieces.pop(0) if pieces else ""
    return given, options


def _wanted(given: dict[str, str]) -> Wanted:
    lowest = highest = None
    if "rating" in given:
        low, dash, high = given["rating"].partition("-")
        if not dash or not (low.isdigit() or high.isdigit()):
            raise BadRange(value=given["rating"])
        if (low and not low.isdigit()) or (high and not high.isdigit()):
            raise BadRange(value=given["rating"])
        lowest = int(low) if low else None
        highest = int(high) if high else None
    reliable = given.get("reliable", "0").rstrip("%")
    if not reliable.isdigit() or int(reliable) > 100:
        raise BadPercent(value=given["reliable"])
    return Wanted(lowest, highest, int(reliable))


def _lasts(days: str | None) -> timedelta:
    if days is None:
        return LASTS
    if not days.isdigit() or not 1 <= int(days) <= 30:
        raise BadDays(value=days)
    return timedelta(days=int(days))
