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
    code = "bad_tournament_terms"
    template = N_("A tournament's {what} must be from {least} to {most}.")


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
