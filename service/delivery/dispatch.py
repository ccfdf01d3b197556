"""Delivering the outbox: each claimed notification goes out through one channel's ``Sender``, and
its outcome is recorded — delivered, tried again later, or given up — so nothing is lost quietly.

A ``Sender`` answers a notification it cannot deliver now with ``TryLater`` (a rate limit, the
network) and one it can never deliver with ``Undeliverable`` (the bot is blocked, no such chat).
Any other exception counts as a ``TryLater``: it is logged and recorded with the retry, never
dropped.  Failures back off along a fixed schedule (``Backoff``), spread by a little jitter so
that a crowd of failures does not come back at one instant, and a ``retry_after`` from the
channel is honoured as given; after ``max_attempts`` failures the notification is given up.

Each sender is handed the notification as a ``Telling``, with the player's ``Notice``: built
once per delivery, from one read of the game, when a sender first asks for it, and handed to
every address tried (a sender that needs no notice, such as the log's, costs no read).

Only this module knows about channels by name: the player's addresses (``Directory``) whose channel
has a sender are tried in order.  An ``Undeliverable`` from one passes the notification on to the
next (a player who blocked the bot still hears by email); a ``TryLater`` does not, since that
channel will take it soon and trying the next one too would tell the player twice.  ``LogSender``
(channel ``log``) writes a line per notification, for operators and tests; real channels live in
``adapters/``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Collection, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from service.delivery.notices import Notice
from service.game.events import GameId, PlayerId
from service.ports.directory import Address, Directory
from service.ports.protocols import LEASE, Chance, Clock, Delivery, Notification, Outbox

log = logging.getLogger(__name__)

LANE_PORTIONS = 2
"""A lane that has sent its share claims at most a drain's limit shared by the lanes, halved:
claims small enough that the next one after a slow send finds the other lanes still claiming,
large enough that a claim (and its reads ahead) serves several notifications."""


class Undeliverable(Exception):
    """This address will never take the notification (blocked, deleted, no such chat)."""


class TryLater(Exception):
    """The channel cannot take the notification now; ``retry_after`` seconds if it said so."""

    def __init__(self, reason: str, retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.retry_after = retry_after


Notices = Callable[[Notification, int | None], Notice]
"""How a notification's notice is made (``GameReads.notice``): the notification, and the
earliest version whose news a sender also tells (None: the notification's own)."""


class Telling:
    """A notification on its way to its player, with its ``Notice``: made when a sender first
    asks for it, and handed to every sender the notification is tried with."""

    def __init__(self, notification: Notification, notices: Notices | None = None) -> None:
        self.notification = notification
        self.notices = notices
        self._notice: Notice | None = None

    @property
    def player(self) -> PlayerId:
        return self.notification.player

    def notice(self, since: int | None = None) -> Notice:
        """The player's notice, from one read of the game; ``since``: the sender tells the news
        from that version on too (its board's start), read along the first time it is asked
        (and again only if a later sender asks for older news)."""
        made = self._notice
        if made is None or (since is not None and not made.covers(since)):
            assert self.notices is not None, "this dispatcher makes no notices"
            made = self._notice = self.notices(self.notification, since)
        return made


class Sender(Protocol):
    """One channel's way of telling a player about a notification."""

    def send(self, address: Address, telling: Telling) -> None:
        """Deliver, or raise ``TryLater`` / ``Undeliverable``."""
        ...


@runtime_checkable
class ReadsAhead(Protocol):
    """A sender that can read what a whole batch's players need at once (the web's notice
    targets): inside ``remembering(players)`` it reads them in one go and asks no more."""

    def remembering(self, players: Collection[PlayerId]) -> AbstractContextManager[None]: ...


class LogSender:
    """The ``log`` channel: one line per notification on a logger (for operators and tests)."""

    def __init__(self, logger: logging.Logger | None = None) -> None:
        self.logger = logger or logging.getLogger("conquian.notifications")

    def send(self, address: Address, telling: Telling) -> None:
        notification = telling.notification
        self.logger.info(
            "%s for %s at log:%s: game %s, events %d-%d",
            notification.kind,
            notification.player,
            address.value,
            notification.game_id,
            notification.from_seq,
            notification.to_seq,
        )


@dataclass(frozen=True, slots=True)
class Backoff:
    """When a failed notification is tried again, and how many failures give it up."""

    schedule: tuple[float, ...] = (10, 30, 120, 600, 3600)
    """Seconds before the retry after the first, second, … failure; the last one repeats."""
    jitter: float = 0.2
    """Each delay is stretched or shrunk by up to this fraction (with a ``Chance``)."""
    max_attempts: int = 10
    """Failures after which a notification is given up (the last about five hours after the first)."""

    def delay(
        self, failures: int, retry_after: float | None = None, chance: Chance | None = None
    ) -> timedelta:
        """How long to wait after the ``failures``-th failure (counting from 1)."""
        if retry_after is not None:
            return timedelta(seconds=max(retry_after, 1.0))  # never at once: no busy loop
        seconds = self.schedule[min(failures, len(self.schedule)) - 1]
        if chance is not None:
            seconds *= 1 + self.jitter * (2 * chance.random() - 1)
        return timedelta(seconds=seconds)

    def is_exhausted(self, failures: int) -> bool:
        return failures >= self.max_attempts


@dataclass(frozen=True, slots=True)
class Drained:
    """What one ``drain`` did with the deliveries it claimed."""

    delivered: int = 0
    retried: int = 0
    failed: int = 0
    left: int = 0
    """Claimed but not tried because the claim's lease ran short; they come round again."""

    @property
    def claimed(self) -> int:
        return self.delivered + self.retried + self.failed + self.left

    def __add__(self, other: Drained) -> Drained:
        return Drained(
            self.delivered + other.delivered,
            self.retried + other.retried,
            self.failed + other.failed,
            self.left + other.left,
        )


class Dispatcher:
    """Claims due deliveries from the outbox, sends each and records what happened."""

    def __init__(
        self,
        outbox: Outbox,
        directory: Directory,
        senders: Mapping[str, Sender],
        clock: Clock,
        chance: Chance | None = None,
        to_act: Callable[[GameId], PlayerId | None] | None = None,
        backoff: Backoff = Backoff(),
        lease: timedelta = LEASE,
        notices: Notices | None = None,
        lanes: int = 1,
    ) -> None:
        """``notices``: how a notification's ``Notice`` is made for the senders that lay one
        out (``GameReads.notice``); ``lanes``: how many players' notifications of a batch are
        sent at once (see ``drain``)."""
        self.outbox = outbox
        self.directory = directory
        self.senders = dict(senders)
        self.clock = clock
        self.chance = chance
        self.to_act = to_act
        self.backoff = backoff
        self.lease = lease
        self.notices = notices
        self.lanes = lanes
        self._interrupted = _Interrupted()

    def drain(self, limit: int = 100) -> Drained:
        """Claim up to ``limit`` due deliveries and send them, turn notifications first.

        A notification spends most of its time waiting on its channel (a post's round trip to
        Telegram, an SMTP session, the database), not on the CPU.  With ``lanes`` above one, the
        claim's players are dealt out to that many threads: each player's notifications go out
        in order in one lane, the players whose turn it is handed out first, and the waits of
        different players overlap.  A lane that has sent its share does not wait for the
        slowest: it claims what came in meanwhile (``_carry_on``), so one slow mail does not
        hold back every notification queued after the claim.

        Sending stops once most of the claim's lease is used: another worker may claim what is
        left after the lease, so sending it here too could tell a player twice.
        """
        deliveries, claimed_at = self._claim(limit)
        shares = _dealt(deliveries, self.lanes)
        if len(shares) < 2:
            return self._send_in_order(deliveries, claimed_at)
        budget = _Budget(limit - len(deliveries))
        portion = max(1, limit // (LANE_PORTIONS * self.lanes))
        with ThreadPoolExecutor(len(shares), "lane") as lanes:
            sent = lanes.map(
                lambda share: self._carry_on(
                    self._send_in_order(share, claimed_at), budget, portion
                ),
                shares,
            )
            return sum(sent, Drained())

    def _carry_on(self, sent: Drained, budget: _Budget, portion: int) -> Drained:
        """After a lane's share: claim up to ``portion`` more and send them, while the claims
        come back full and the drain's ``budget`` lasts (claims pass over the players another
        lane holds, so each player's notifications stay in order)."""
        while not sent.left and (wanted := budget.take(portion)):
            more = self._claim_and_send(wanted)
            budget.give_back(wanted - more.claimed)
            sent += more
            if more.claimed < wanted:
                break
        return sent

    def _claim_and_send(self, limit: int) -> Drained:
        return self._send_in_order(*self._claim(limit))

    def _claim(self, limit: int) -> tuple[list[Delivery], datetime]:
        """Up to ``limit`` due deliveries, turns first, and when they were claimed; first, what
        an earlier failure left claimed goes back to the outbox (``_interrupted``)."""
        claimed_at = self.clock.now()
        self._interrupted.hand_back(self.outbox, claimed_at)
        deliveries = self._turns_first(self.outbox.claim(claimed_at, limit, self.lease))
        return deliveries, claimed_at

    def _send_in_order(self, deliveries: list[Delivery], claimed_at: datetime) -> Drained:
        """Send ``deliveries`` one after the other while most of their claim's lease lasts,
        every player's addresses and profile read once for them all as they start (two
        statements, not two a delivery; the block lasts no longer than the claim's lease).

        What is not sent goes back to the outbox instead of waiting out the lease: at once
        when the lease runs short, and, when a failure (the database gone) cuts the sending
        short, as soon as the next claim finds the database again."""
        outcomes = {"delivered": 0, "retried": 0, "failed": 0}
        players = {delivery.notification.player for delivery in deliveries}
        leased_until, send_until = claimed_at + self.lease, claimed_at + self.lease * 0.8
        done = 0
        try:
            with self._remembering(players):
                for done, delivery in enumerate(deliveries):
                    if self.clock.now() >= send_until:
                        left = [one.id for one in deliveries[done:]]
                        log.warning("lease running out: %d deliveries handed back", len(left))
                        self.outbox.release(left, leased_until)
                        return Drained(**outcomes, left=len(left))
                    outcomes[self._deliver(delivery)] += 1
        except Exception:
            self._interrupted.keep([one.id for one in deliveries[done:]], leased_until)
            raise
        return Drained(**outcomes)

    @contextmanager
    def _remembering(self, players: Collection[PlayerId]) -> Iterator[None]:
        """The directory's block for ``players``, and every sender's that reads ahead."""
        with ExitStack() as blocks:
            blocks.enter_context(self.directory.remembering(players))
            ahead = {id(one): one for one in self.senders.values() if isinstance(one, ReadsAhead)}
            for sender in ahead.values():
                blocks.enter_context(sender.remembering(players))
            yield

    def _turns_first(self, deliveries: list[Delivery]) -> list[Delivery]:
        """The players told it is now their turn before the rest, each player's notifications
        in the order claimed, oldest first (a stable sort): a player hears of their games in
        the order things happened, and a player who must move hears first."""
        if self.to_act is None or len(deliveries) < 2:
            return deliveries
        turns = {d.notification.player for d in deliveries if self._is_turn(d.notification)}
        return sorted(deliveries, key=lambda d: d.notification.player not in turns)

    def _is_turn(self, notification: Notification) -> bool:
        if notification.kind != "moves" or self.to_act is None:
            return False
        try:
            return self.to_act(notification.game_id) == notification.player
        except Exception:  # the order is a courtesy; sending decides what counts
            log.exception("cannot tell whose turn it is in %s", notification.game_id)
            return False

    def _deliver(self, delivery: Delivery) -> str:
        """Send one delivery and record the outcome: ``delivered``, ``retried`` or ``failed``."""
        note = delivery.notification
        telling = Telling(note, self.notices)  # one notice for every address tried
        refused: list[str] = []
        try:
            for address in self._addresses(note.player):
                try:
                    self.senders[address.channel].send(address, telling)
                except Undeliverable as error:
                    refused.append(str(error))
                    continue
                if refused:
                    log.info("%s went by %s instead", _describe(delivery), address.channel)
                self.outbox.delivered(delivery.id, self.clock.now(), address.channel)
                return "delivered"
        except TryLater as error:
            return self._retry(delivery, f"try later: {error}", error.retry_after)
        except Exception as error:
            log.exception("sending %s failed", _describe(delivery))
            return self._retry(delivery, f"{type(error).__name__}: {error}", None)
        if refused:
            return self._fail(delivery, f"undeliverable: {'; '.join(refused)}")
        return self._fail(delivery, "no address with a channel that can send")

    def _addresses(self, player: PlayerId) -> list[Address]:
        """The player's addresses whose channel has a sender, in the player's order."""
        return [a for a in self.directory.addresses(player) if a.channel in self.senders]

    def _retry(self, delivery: Delivery, error: str, retry_after: float | None) -> str:
        failures = delivery.attempts + 1
        if self.backoff.is_exhausted(failures):
            return self._fail(delivery, f"gave up after {failures} attempts; last: {error}")
        at = self.clock.now() + self.backoff.delay(failures, retry_after, self.chance)
        self.outbox.retry(delivery.id, at, error)
        log.info("%s: %s; next attempt at %s", _describe(delivery), error, at.isoformat())
        return "retried"

    def _fail(self, delivery: Delivery, error: str) -> str:
        self.outbox.failed(delivery.id, error)
        log.warning("%s given up: %s", _describe(delivery), error)
        return "failed"


def _dealt(deliveries: list[Delivery], lanes: int) -> list[list[Delivery]]:
    """``deliveries`` dealt out to at most ``lanes`` shares, player by player in the order of
    their first delivery: all of one player's in one share, in order."""
    shares: list[list[Delivery]] = []
    lane_of: dict[PlayerId, int] = {}
    for delivery in deliveries:
        player = delivery.notification.player
        if player not in lane_of:
            lane_of[player] = len(lane_of) % max(lanes, 1)
            if lane_of[player] == len(shares):
                shares.append([])
        shares[lane_of[player]].append(delivery)
    return shares


class _Interrupted:
    """Claims a failure cut short: the ids not sent, and until when their claim holds them."""

    def __init__(self) -> None:
        self._claims: list[tuple[list[int], datetime]] = []
        self._lock = threading.Lock()

    def keep(self, delivery_ids: list[int], leased_until: datetime) -> None:
        if delivery_ids:
            with self._lock:
                self._claims.append((delivery_ids, leased_until))

    def hand_back(self, outbox: Outbox, now: datetime) -> None:
        """Release every claim kept whose lease still runs (the others are free already); a
        claim the outbox cannot take back now is kept for the next try."""
        with self._lock:
            claims, self._claims = [claim for claim in self._claims if claim[1] > now], []
        for number, (delivery_ids, leased_until) in enumerate(claims):
            try:
                outbox.release(delivery_ids, leased_until)
            except Exception:
                with self._lock:
                    self._claims.extend(claims[number:])
                raise


class _Budget:
    """How many more deliveries one drain's lanes may claim between them."""

    def __init__(self, left: int) -> None:
        self.left = max(left, 0)
        self._lock = threading.Lock()

    def take(self, most: int) -> int:
        with self._lock:
            taken = min(most, self.left)
            self.left -= taken
            return taken

    def give_back(self, unused: int) -> None:
        with self._lock:
            self.left += unused


def _describe(delivery: Delivery) -> str:
    note = delivery.notification
    return f"{note.kind} #{delivery.id} for {note.player} in {note.game_id}"
