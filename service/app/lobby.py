"""``Lobby``: finding an opponent (issue 36) — seeks, automatic pairing and reliability — as one
facade beside ``GameService``, wired by the composition root (``adapters/bootstrap.py``).

The use cases are ``Seeking`` (publish, list, accept, withdraw), ``PairingPool`` (wait, leave,
the worker's pairing step) and ``Reliabilities`` (the projection); ``Seekers`` is who a player is
to them and the limit on games held.  ``answer`` takes the typed requests of
``service.seeks.requests`` and gives their typed replies; ``request`` is the channels' way in, the
same answer handled once per inbox key, as ``GameService.request`` handles a new game: a channel
only parses (``words.seek_words``) and lays out.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from functools import partial

from service.app.games import GameService
from service.app.lobby_requests import requested
from service.app.pairing_pool import PairingPool
from service.app.ratings import Ratings
from service.app.reliabilities import Rebuilt, Reliabilities
from service.app.replies import Reply
from service.app.seekers import Seekers
from service.app.seeking import Seeking
from service.game.events import GameId, PlayerId
from service.ports.quotas import InMemoryQuotas, Quotas
from service.ports.reliability import ReliabilityStore
from service.ports.seeks import Seeks
from service.rules.errors import IllegalAction
from service.seeks import requests
from service.seeks.listing import Listed, SeekFilter
from service.seeks.reliability import Reliability
from service.seeks.seeks import LASTS, Seek, SeekId, Waiting
from service.seeks.terms import SeekTerms, Wanted
from service.words.refusals import Refused


@dataclass(frozen=True, slots=True)
class Tended:
    """What one run of the worker's lobby step did."""

    counted: int
    """Ended matches folded into the reliabilities."""
    paired: tuple[GameId, ...]
    """Games opened for paired players."""


class Lobby:
    def __init__(
        self,
        service: GameService,
        seeks: Seeks,
        reliability: ReliabilityStore,
        ratings: Ratings | None = None,
        quotas: Quotas | None = None,
    ) -> None:
        self.service = service
        self.reliabilities = Reliabilities(reliability)
        self.seekers = Seekers(service, seeks, self.reliabilities, ratings)
        self.seeking = Seeking(
            seeks, self.seekers, service.seating, service.chance, quotas or InMemoryQuotas()
        )
        self.pool = PairingPool(seeks, self.seekers, service.seating)

    def publish(
        self,
        owner: PlayerId,
        terms: SeekTerms,
        wanted: Wanted | None = None,
        lasts: timedelta = LASTS,
        request: str | None = None,
    ) -> Seek:
        """Put an open challenge in the lobby (a week unless ``lasts`` says otherwise)."""
        return self.seeking.publish(owner, terms, wanted or Wanted(), lasts, request)

    def listing(self, viewer: PlayerId | None, wanted: SeekFilter | None = None) -> list[Listed]:
        """The open seeks for ``viewer``: those whose terms they asked for and that admit them."""
        return self.seeking.listing(viewer, wanted)

    def accept(self, taker: PlayerId, seek_id: SeekId) -> GameId:
        """Take the seek; its game starts at once (``SeekGone`` if it was taken first)."""
        return self.seeking.accept(taker, seek_id)[1]

    def withdraw(self, owner: PlayerId, seek_id: SeekId) -> Seek:
        return self.seeking.withdraw(owner, seek_id)

    def wait(self, player: PlayerId, terms: SeekTerms, wanted: Wanted | None = None) -> Waiting:
        """Wait to be paired with anyone whose terms fit."""
        return self.pool.wait(player, terms, wanted or Wanted())

    def leave(self, player: PlayerId) -> bool:
        return self.pool.leave(player)

    def waiting(self, player: PlayerId) -> Waiting | None:
        """The player's place in the pool, if they wait to be paired (a page shows it)."""
        return next((one for one in self.pool.seeks.waiting() if one.player == player), None)

    def reliability(self, player: PlayerId) -> Reliability:
        return self.reliabilities.of(player)

    def every_open(self) -> list[Listed]:
        """Every open seek with its owner's id, for the operators (``conquian lobby``)."""
        return self.seeking.every_open()

    def everyone_waiting(self) -> list[Waiting]:
        """The players waiting to be paired, for the operators."""
        return self.pool.waiting()

    def take_out(self, code: str) -> Seek:
        """An operator takes an open seek (an abusive one) out of the lobby."""
        return self.seeking.take_out(code)

    def rebuild_reliability(self) -> Rebuilt:
        """Rebuild the reliabilities from the logs and say whether they equal the follower."""
        return self.reliabilities.rebuild_checked()

    def tend(self) -> Tended:
        """The worker's step: fold the matches ended since, then pair the waiting."""
        counted = self.reliabilities.follow()
        return Tended(counted, tuple(self.pool.pair_waiting()))

    def request(self, source: str, key: str, payload: str, request: requests.SeekRequest) -> Reply:
        """A channel's lobby request, handled once however often it is delivered: the same
        typed reply each time (a refusal too), recorded in the inbox under ``source``/``key``."""
        answer = partial(self._answer, request)
        return requested(self.service.intake, source, key, payload, answer)

    def answer(self, request: requests.SeekRequest, key: str | None = None) -> Reply:
        """A typed request's typed reply; a refusal changes nothing.  ``key`` names the message
        that asked (its inbox source and key): a publication under it is made once."""
        try:
            return self._answer(request, key)
        except IllegalAction as error:
            return Refused.of(error)

    def _answer(self, request: requests.SeekRequest, key: str | None) -> Reply:
        match request:
            case requests.PublishSeek(player, terms, wanted, lasts):
                seek = self.publish(player, terms, wanted, lasts, key)
                return requests.SeekPublished(seek.seek_id, seek.expires)
            case requests.AcceptSeek(player, code):
                seek_id = self.seeking.resolve(code)
                return requests.SeekAccepted(seek_id, self.accept(player, seek_id))
            case requests.WithdrawSeek(player, code):
                return requests.SeekWithdrawn(
                    self.withdraw(player, self.seeking.resolve(code)).seek_id
                )
            case requests.WaitForPairing(player, terms, wanted):
                return requests.PairingWaited(self.wait(player, terms, wanted).since)
            case requests.LeavePairing(player):
                return requests.PairingLeft(self.leave(player))
