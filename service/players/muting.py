"""Whether a player hears their opponent's messages (issue 20): one rule for the narrator, the
notifications, the pages and the copies of the log, on every channel.

A player stops hearing the opponent in one game (``mute``: ``MessagesMuted`` in that game's
log) or in every game (``mute for good``: the opponent's id in the player's profile,
``Profile.muted``, kept across games).  ``unmute`` undoes both.  The profile is read afresh,
not from the minute-long settings cache (``ClockSettingsOf``): a mute set on one channel holds
at once for a message sent from another process.
"""

from __future__ import annotations

from service.game.events import PlayerId
from service.game.state import Game
from service.ports.directory import Directory


def muted_for_good(directory: Directory | None, player: PlayerId) -> tuple[PlayerId, ...]:
    """The players ``player`` muted for good (none without a directory or a profile)."""
    if directory is None:
        return ()
    try:
        return directory.profile(player).muted
    except KeyError:
        return ()


def deaf_to_opponent(game: Game, player: PlayerId, directory: Directory | None) -> bool:
    """Whether ``player`` hears none of the opponent's messages in ``game`` now: muted in this
    game, or the opponent muted for good."""
    seat = game.seat_of(player)
    if seat is None:
        return False
    opponent = game.players[seat.other]
    return game.talk.muted[seat] or (
        opponent is not None and opponent in muted_for_good(directory, player)
    )
