"""What a player's command did, as the use cases answer it (``GameService.act``): a closed union
of frozen values, one per kind of reply, that callers ``match`` on.

Each value carries what a caller in this process shows next (the game after the command, so the
player's view; the events a move appended; the parsed query; the profile) and names its stored
reply (``reply``: ``MoveApplied``, ``Answered``, ``OnVacation``, ``SettingChanged``), which is
what the inbox keeps through the one codec.  Two related types rather than one, so nothing that
cannot be stored (a ``Game``) ever reaches the codec, and a reply read back is the same value as
the one first given.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.app.replies import Answered, HintShown, MoveApplied, OnVacation, SettingChanged
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.game.stored import StoredEvent
from service.players.profiles import ShowSettings
from service.ports.directory import Profile
from service.rules.view import PlayerView, view_for
from service.words.grammar import Query, ShowHand, ShowHelp
from service.words.time_commands import ShowInstructions

_LOOKS = {
    ShowHand: "hand",
    ShowHelp: "help",
    ShowInstructions: "instructions",
    ShowSettings: "settings",
}
"""How the inbox names each look."""


@dataclass(frozen=True, slots=True)
class _Seen:
    """What every outcome has: the game after the command and the player who gave it."""

    game: Game
    player: PlayerId

    @property
    def view(self) -> PlayerView:
        seat = self.game.seat_of(self.player)
        assert seat is not None
        return view_for(self.game.rules, seat)


@dataclass(frozen=True, slots=True)
class Applied(_Seen):
    """A move, a time-control command or a timeout: the events it appended."""

    appended: tuple[StoredEvent, ...]

    @property
    def reply(self) -> MoveApplied:
        return MoveApplied(self.game.id, self.appended[0].seq, self.appended[-1].seq)


@dataclass(frozen=True, slots=True)
class Looked(_Seen):
    """A look at the game (hand, help, instructions, settings): nothing changed."""

    query: Query
    profile: Profile | None = None
    """For ``settings``: the player's settings."""

    @property
    def appended(self) -> tuple[StoredEvent, ...]:
        return ()

    @property
    def reply(self) -> Answered:
        return Answered(self.game.id, self.game.version, _LOOKS[type(self.query)])


@dataclass(frozen=True, slots=True)
class WentOnVacation(_Seen):
    """``vacation``: when it ends, the games it paused, and this game's pause (if any)."""

    until: datetime
    games: tuple[GameId, ...]
    appended: tuple[StoredEvent, ...] = ()

    @property
    def reply(self) -> OnVacation:
        here = self.appended
        moved = (here[0].seq, here[-1].seq) if here else None
        return OnVacation(self.game.id, self.game.version, self.until, self.games, moved)


@dataclass(frozen=True, slots=True)
class ChangedSetting(_Seen):
    """A change of the player's settings: the settings as they now are."""

    profile: Profile

    @property
    def appended(self) -> tuple[StoredEvent, ...]:
        return ()

    @property
    def reply(self) -> SettingChanged:
        profile = self.profile
        return SettingChanged(
            self.game.id,
            self.game.version,
            profile.language,
            profile.timezone,
            profile.quiet_hours,
            tuple(profile.reminders),
        )


@dataclass(frozen=True, slots=True)
class Hinted(_Seen):
    """``hint``: the ``HintGiven`` it appended and what the player is told."""

    appended: tuple[StoredEvent, ...]
    reply: HintShown


Outcome = Applied | Looked | WentOnVacation | ChangedSetting | Hinted
"""What a player's command did."""
