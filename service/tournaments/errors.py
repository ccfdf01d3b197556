"""Why a tournament refuses: a player's request (``IllegalAction``s like the game's, answered the
same way by every channel, changing nothing) or a step of the service or a log that breaks the
rules (``Unfounded``, in English for operators and for ``conquian verify``)."""

from __future__ import annotations

from service.rules.errors import N_, IllegalAction


class UnknownTournament(IllegalAction):
    code = "unknown_tournament"
    template = N_("There is no such tournament.")


class EntriesClosed(IllegalAction):
    code = "entries_closed"
    template = N_("This tournament takes no more entries.")


class TournamentFull(IllegalAction):
    code = "tournament_full"
    template = N_("This tournament is full: it has {size} players.")


class NotEntered(IllegalAction):
    code = "not_entered"
    template = N_("You are not playing in this tournament.")


class TournamentOver(IllegalAction):
    code = "tournament_over"
    template = N_("This tournament is over.")


class BadTournamentTerms(IllegalAction):
    """Terms out of bounds; each bound has its own words (``decide.check_terms``)."""

    code = "bad_tournament_terms"


class BadSize(BadTournamentTerms):
    template = N_("A tournament takes from {least} to {most} players.")


class BadRounds(BadTournamentTerms):
    template = N_("A Swiss tournament has from {least} to {most} rounds, fewer than its players.")


class BadLateEntries(BadTournamentTerms):
    template = N_("Late entries may be allowed until a round from {least} to {most}.")


class BadRoundDays(BadTournamentTerms):
    template = N_("A round lasts from {least} to {most} days.")


class MayNotCreate(IllegalAction):
    code = "may_not_create"
    template = N_("You may create a tournament once you have finished {games} games.")


class TooManyTournaments(IllegalAction):
    code = "too_many_tournaments"
    template = N_("You already run {held} tournaments; you may run {most} at a time.")


class Unfounded(ValueError):
    """A step the tournament's rules do not give: a pairing other than the algorithm's, a
    result for a match that has one, a round ended too soon.  Raised by ``decide``; the
    service never appends it, and ``verify`` names the event of a log that makes it."""


class NoPairing(Unfounded):
    def __init__(self) -> None:
        super().__init__("no pairing of the round repeats no pairing")
