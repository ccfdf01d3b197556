"""The directory port: players, the addresses they are reached at on each channel, their
profiles and vacations, so that one game can mix channels and one player can use several."""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Protocol

from service.game.events import PlayerId
from service.language.names import NO_NAME, display_name


@dataclass(frozen=True, slots=True)
class Address:
    """Where a player can be reached: ``("telegram", "12345")``, ``("email", "ana@example.org")``,
    ``("web", <token digest>)``.  Each address belongs to one player."""

    channel: str
    value: str


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's name and settings.  The name is always a display name (``names``): cleaned
    here, where every channel reads names from, whatever a caller stored or a row written
    before names were cleaned holds."""

    player: PlayerId
    name: str
    language: str = "en"
    timezone: str = "UTC"
    quiet_hours: str = ""
    """``22:00-08:00`` in the player's time zone, or empty for none (``deadlines.py``)."""
    reminders: tuple[str, ...] = ("half", "1h")
    vacation_days: int = 14
    """Vacation allowance per year."""
    card_faces: str = ""
    """The deck the player reads and writes cards in: ``french`` (A 2 … 7 J Q K of ♣ ♦ ♥ ♠) or
    ``spanish`` (1–7, 10 sota, 11 caballo, 12 rey of oros, copas, espadas, bastos); empty for
    each game's own (its ``deck_faces`` variant)."""
    former: bool = False
    """The player asked to be erased: only their id is left, and they are "a former player"."""
    muted: tuple[PlayerId, ...] = ()
    """Players whose messages this player never hears, in any game: muted "for good"
    (``mute for good``; ``players.muting``)."""
    practice_skipped: bool = False
    """The player said ``skip practice`` (or No thanks): the guided first deal is not offered to
    them again (issue 38)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "name", display_name(self.name, NO_NAME))


class Directory(Protocol):
    """Players and the channel addresses they play from, so one game can mix channels."""

    def player_at(self, address: Address) -> PlayerId | None: ...

    def register(self, name: str, address: Address) -> PlayerId:
        """A new player reachable at ``address`` (which must not belong to anyone yet)."""
        ...

    def link(self, player: PlayerId, address: Address) -> None:
        """Reach ``player`` at another address too; an address already linked elsewhere is refused
        with ``ValueError``."""
        ...

    def addresses(self, player: PlayerId) -> list[Address]: ...

    def profile(self, player: PlayerId) -> Profile: ...

    def profiles_of(self, players: Collection[PlayerId]) -> list[Profile]:
        """The profiles of those of ``players`` who are known, in one read (in no set order)."""
        ...

    def update(self, profile: Profile) -> None:
        """Store changed settings of a known player (``KeyError`` for an unknown one)."""
        ...

    def vacations(self, player: PlayerId) -> list[tuple[datetime, datetime]]:
        """The player's vacations, as (start, end), oldest first; the last may still run."""
        ...

    def add_vacation(self, player: PlayerId, start: datetime, end: datetime) -> None:
        """Record a vacation; ``KeyError`` for an unknown player."""
        ...

    def end_vacation(self, player: PlayerId, at: datetime) -> None:
        """Cut the running vacation short at ``at`` (nothing if none runs then)."""
        ...

    def remembering(self, players: Collection[PlayerId] = ()) -> AbstractContextManager[None]:
        """Within the block this thread may read each player's profile and addresses once
        (``remembering.Remembering``: one batch of notifications' delivery); a write forgets
        them.  ``players``: read all their addresses and profiles at once as the block opens
        (a claimed batch's players), instead of one by one when asked."""
        ...
