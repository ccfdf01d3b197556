"""Why the lobby refuses a request: ``IllegalAction``s like the game's, so every channel answers
them the same way (a ``Refused`` with a stable code) and changes nothing."""

from __future__ import annotations

from service.rules.errors import N_, IllegalAction


class SeekGone(IllegalAction):
    """Accepted by someone first, withdrawn or expired; an unknown seek reads the same, so a
    seek's id tells a stranger nothing."""

    code = "seek_gone"
    template = N_("This seek is gone: someone accepted it first, or it was withdrawn or expired.")


class OwnSeek(IllegalAction):
    code = "own_seek"
    template = N_("This is your own seek: wait for someone to accept it.")


class NotYourSeek(IllegalAction):
    code = "not_your_seek"
    template = N_("Only the player who published a seek can withdraw it.")


class NotWanted(IllegalAction):
    code = "not_wanted"
    template = N_("This seek asks for another rating or a higher reliability than yours.")


class TooManyGames(IllegalAction):
    code = "too_many_games"
    template = N_(
        "You already have {held} games against people, seeks and waits; you may have {most}. "
        "Finish a game first."
    )


class TooManySeeks(IllegalAction):
    code = "too_many_seeks"
    template = N_("You have {most} open seeks already: withdraw one first.")


class TooManyAccepts(IllegalAction):
    code = "too_many_accepts"
    template = N_("You have accepted {most} seeks in the last hour: try again later.")


class BadWanted(IllegalAction):
    code = "bad_wanted"
    template = N_(
        "A rating range runs from low to high, and a reliability is between 0 and 100 per cent."
    )


class SeekLasts(IllegalAction):
    code = "seek_lasts"
    template = N_("A seek lasts from an hour to 30 days.")
