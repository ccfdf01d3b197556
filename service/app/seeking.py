"""Seeks: publish one, list them for a viewer, accept one (the game starts at once), withdraw one.

Acceptance is decided by the store's ``claim``, one conditional update, so of any number of
players accepting at the same moment exactly one takes the seek and the others hear that it is
gone (``SeekGone``); the game is then opened under the seek's key (``Seek.request``), so the
taker accepting again, after a crash or a second delivery, reaches the same game.  A listing
names the owner only to whom may see their name (``words.naming.may_see``): to anyone else they
are "a player" with a rating and a reliability, and a seek holds terms only.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import timedelta

from service.app.seating import Seating
from service.app.seekers import Seekers, check_wanted
from service.clock.timeouts import check_time_control
from service.game.events import GameId, PlayerId
from service.ports.protocols import Chance, Clock
from service.ports.quotas import Quotas
from service.ports.seeks import Seeks
from service.seeks import errors
from service.seeks.listing import Listed, SeekFilter
from service.seeks.seeks import LASTS, Seek, SeekId, SeekStatus
from service.seeks.terms import SeekTerms, Wanted
from service.words.naming import may_see
from service.words.seek_words import CODE_LENGTH

MOST_SEEKS = 3
"""Open seeks a player may have at once (issue 36's limit against flooding the lobby)."""
ACCEPTS_AN_HOUR = 10
"""Seeks a player may accept in an hour (each starts a game)."""
ID_LENGTH = 16
"""A seek's id in hex digits (drawn like a game's, or derived from the request that asked)."""
SHORTEST, LONGEST = timedelta(hours=1), timedelta(days=30)
"""How long a seek may be asked to last."""


@dataclass(frozen=True, slots=True)
class Seeking:
    seeks: Seeks
    seekers: Seekers
    seating: Seating
    chance: Chance
    quotas: Quotas

    @property
    def clock(self) -> Clock:
        return self.seating.journal.clock

    def publish(
        self,
        owner: PlayerId,
        terms: SeekTerms,
        wanted: Wanted,
        lasts: timedelta = LASTS,
        request: str | None = None,
    ) -> Seek:
        """Put a seek in the lobby.  With ``request`` (the message that asked) the seek's id comes
        from it, so the same request publishes one seek however often it is handled."""
        check_time_control(terms.time_control)
        check_wanted(wanted)
        if not SHORTEST <= lasts <= LONGEST:
            raise errors.SeekLasts()
        now = self.clock.now()
        seek_id = self._seek_id(owner, request)
        earlier = None if request is None else self.seeks.seek(seek_id)
        if earlier is not None and earlier.owner == owner:
            return earlier
        if len(self.seeks.seeks_of(owner, now)) >= MOST_SEEKS:
            raise errors.TooManySeeks(most=MOST_SEEKS)
        self.seekers.check_room(owner, now)
        seek = Seek(seek_id, owner, terms, wanted, now, now + lasts)
        self.seeks.publish(seek)
        return seek

    def _seek_id(self, owner: PlayerId, request: str | None) -> SeekId:
        """Drawn, or derived from the request and the owner's id (which nobody else knows)."""
        if request is None:
            return SeekId(self.chance.token())
        return SeekId(hashlib.sha256(f"{owner}\n{request}".encode()).hexdigest()[:ID_LENGTH])

    def listing(self, viewer: PlayerId | None, wanted: SeekFilter | None = None) -> list[Listed]:
        """The open seeks ``viewer`` asked for, oldest first."""
        wanted = wanted or SeekFilter()
        mine = None if viewer is None else self.seekers.rating(viewer)
        reliable = None if viewer is None else self.seekers.reliabilities.of(viewer).percent
        listed = []
        for seek in self.seeks.open_seeks(self.clock.now()):
            own = seek.owner == viewer
            if not wanted.shows(seek.terms):
                continue
            admits = mine is None or own or seek.wanted.admits(mine, reliable)
            if wanted.admitting_me and not admits:
                continue
            shown = may_see(viewer, seek.owner, self.seekers.is_public)
            listed.append(self._listed(seek, seek.owner if shown else None, own))
        return listed

    def every_open(self) -> list[Listed]:
        """Every open seek with its owner, oldest first: the lobby as its operators see it."""
        return [
            self._listed(one, one.owner, False) for one in self.seeks.open_seeks(self.clock.now())
        ]

    def _listed(self, seek: Seek, owner: PlayerId | None, own: bool) -> Listed:
        return Listed(
            seek.seek_id,
            owner,
            round(self.seekers.rating(seek.owner)),
            self.seekers.reliabilities.of(seek.owner).percent,
            seek.terms,
            seek.expires,
            own,
        )

    def accept(self, taker: PlayerId, seek_id: SeekId) -> tuple[Seek, GameId]:
        """Take the seek and start its game; ``SeekGone`` if someone else took it first."""
        seek = self.seeks.seek(seek_id)
        if seek is not None and seek.status is SeekStatus.ACCEPTED and seek.taker == taker:
            return seek, self._started(seek)  # accepted before: the same game
        now = self.clock.now()
        if seek is None or not seek.is_open(now):
            raise errors.SeekGone()
        if seek.owner == taker:
            raise errors.OwnSeek()
        if not seek.wanted.admits(
            self.seekers.rating(taker), self.seekers.reliabilities.of(taker).percent
        ):
            raise errors.NotWanted()
        self.seekers.check_room(taker, now)
        ticket = self.quotas.take(f"accept:{taker}", ACCEPTS_AN_HOUR, now - timedelta(hours=1), now)
        if ticket is None:
            raise errors.TooManyAccepts(most=ACCEPTS_AN_HOUR)
        taken = self.seeks.claim(seek_id, taker, now)
        if taken is None:
            self.quotas.give_back(ticket)
            raise errors.SeekGone()
        return taken, self._started(taken)

    def _started(self, seek: Seek) -> GameId:
        """The seek's game, opened by its owner on its terms and joined by its taker."""
        assert seek.taker is not None
        terms = seek.terms
        return self.seating.open_game(
            seek.owner,
            terms.variant,
            terms.match,
            terms.time_control,
            seek.taker,
            seek.request,
            terms.rated,
        )

    def resolve(self, code: str) -> SeekId:
        """The seek a player names by its code (the start of its id, as listings show it): a
        whole id as it is; a code is looked up among the open seeks (``SeekGone`` if none has
        it; if two do, which one in 16 million codes of two open seeks would, the player
        types more of the id).  A code shorter than a listing shows names none: ``accept 3``
        must not take whichever seek happens to be the only one starting with 3."""
        if len(code) >= ID_LENGTH:
            return SeekId(code)
        code = code.lower()
        if len(code) < CODE_LENGTH:
            raise errors.SeekGone()
        found = [
            s.seek_id for s in self.seeks.open_seeks(self.clock.now()) if s.seek_id.startswith(code)
        ]
        if len(found) != 1:
            raise errors.SeekGone()
        return found[0]

    def take_out(self, code: str) -> Seek:
        """An operator takes an open seek out of the lobby (an abusive one), whoever owns it;
        ``SeekGone`` if no open seek has that code or id."""
        seek = self.seeks.seek(self.resolve(code))
        if seek is None or not self.seeks.withdraw(seek.seek_id, seek.owner, self.clock.now()):
            raise errors.SeekGone()
        return seek

    def withdraw(self, owner: PlayerId, seek_id: SeekId) -> Seek:
        seek = self.seeks.seek(seek_id)
        if seek is None:
            raise errors.SeekGone()
        if seek.owner != owner:
            raise errors.NotYourSeek()
        if not self.seeks.withdraw(seek_id, owner, self.clock.now()):
            raise errors.SeekGone()
        return seek
