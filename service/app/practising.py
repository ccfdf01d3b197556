"""The guided first deal's use cases (issue 38): start one, decline it, and whether to offer it.

A practice game is a casual, unrated one-deal game against the easy bot, marked in its log
(``GameOpened.practice``); its prompts are the log's (``game/lessons.py``).  Every channel
offers it in its first greeting to a player who has no game yet and has not declined it; a
player declines with ``skip practice`` (a "No thanks" button), kept in their profile so that
no channel offers it again.  Both are requests of the one intake (``GameService.request``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from service.app.profile_changes import ProfileChanges
from service.app.seating import Seating
from service.bots.levels import LEVELS
from service.game.events import GameId, PlayerId
from service.ports.protocols import EventStore
from service.rules.variants import DEFAULT, MatchTerms

PRACTICE_BOT = PlayerId(LEVELS["easy"])
"""The practice deal's opponent: the easy bot, which plays at random."""
PRACTICE_TERMS = MatchTerms(deals=1)
"""One deal: the guided deal is a deal, not a match."""


@dataclass(frozen=True, slots=True)
class Practise:
    """``practice``: start the guided first deal."""

    player: PlayerId


@dataclass(frozen=True, slots=True)
class SkipPractice:
    """``skip practice``: the guided first deal is not offered again."""

    player: PlayerId


class Practising:
    def __init__(self, seating: Seating, profiles: ProfileChanges, store: EventStore) -> None:
        self.seating = seating
        self.profiles = profiles
        self.store = store

    def start(self, player: PlayerId, request: str) -> GameId:
        """Open the practice game (the same ``request`` opens the same game); it starts at once."""
        return self.seating.open_game(
            player, DEFAULT, PRACTICE_TERMS, None, PRACTICE_BOT, request, False, practice=True
        )

    def skip(self, player: PlayerId) -> None:
        """Remember that ``player`` declined the guided deal (nothing for a player unknown)."""
        directory = self.profiles.directory
        if directory is None:
            return
        try:
            profile = directory.profile(player)
        except KeyError:
            return
        if not profile.practice_skipped:
            directory.update(replace(profile, practice_skipped=True))

    def offered(self, player: PlayerId | None) -> bool:
        """Whether a channel's greeting offers ``player`` the guided deal: a newcomer (None) or a
        player with no game yet who has not declined it."""
        if player is None:
            return True
        directory = self.profiles.directory
        if directory is not None:
            try:
                if directory.profile(player).practice_skipped:
                    return False
            except KeyError:
                return True
        return not self.store.summaries(player)
