"""``SqlNotices``: who asked to be told of their turn outside the page, and what was told.

A web player's Web Push subscriptions (one row per browser, ``endpoint`` unique: a browser that
subscribes again, for whichever player, replaces its row), their one notice address with the
time it was confirmed, and the ledger of sent notices (``notices_sent``): ``first_time`` claims a
notice for a target by inserting its row, so a notification that comes round again (a retry
after another target failed, a claim that lapsed) is not told twice to a target that had it.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import (
    DateTime,
    Engine,
    Integer,
    String,
    cast,
    delete,
    literal,
    null,
    select,
    union_all,
    update,
)

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.notice_tables import notice_mail, notice_push, notices_sent
from service.game.events import PlayerId
from service.ports.protocols import Notification
from service.ports.remembering import Remembering

CONFIRM_WITHIN = timedelta(days=3)
"""How long the link that confirms a notice address works (and an unconfirmed one is kept)."""


@dataclass(frozen=True)
class Subscription:
    """A browser's Web Push subscription (the Push API's ``endpoint`` and ``keys``)."""

    id: int
    endpoint: str
    p256dh: str
    auth: str


@dataclass(frozen=True)
class NoticeAddress:
    address: str
    confirmed: bool


@dataclass(frozen=True)
class Targets:
    """Everywhere a player asked to be told of their turn: their browsers and their address."""

    browsers: list[Subscription]
    mail: NoticeAddress | None


class SqlNotices(Rows):
    def __init__(self, engine: Engine) -> None:
        super().__init__(engine)
        self._remembered = Remembering()

    # -- Web Push -------------------------------------------------------------------------------

    @reconnecting
    def subscribe(
        self, player: PlayerId, endpoint: str, p256dh: str, auth: str, at: datetime
    ) -> None:
        row = notice_push.c
        values = {"player": player, "endpoint": endpoint, "p256dh": p256dh, "auth": auth}
        upsert = self._insert(notice_push).values(**values, created_at=at)
        upsert = upsert.on_conflict_do_update(index_elements=[row.endpoint], set_=values)
        self._remembered.forget()
        with self._writer.begin() as connection:
            connection.execute(upsert)

    @reconnecting
    def subscriptions(self, player: PlayerId) -> list[Subscription]:
        row = notice_push.c
        query = (
            select(row.id, row.endpoint, row.p256dh, row.auth)
            .where(row.player == player)
            .order_by(row.id)
        )
        with self.engine.connect() as connection:
            return [Subscription(*one) for one in connection.execute(query)]

    def remembering(self, players: Collection[PlayerId] = ()) -> AbstractContextManager[None]:
        """Within the block this thread reads each player's targets once, those of ``players``
        (a claimed batch's) all in one statement as it opens; a write forgets them
        (``service.ports.remembering``)."""
        return self._remembered.remembering(lambda: self._keep_all(players) if players else None)

    def targets_of(self, player: PlayerId) -> Targets:
        """The player's browsers and notice address: the worker asks it for every notification
        of a web player, and most have asked for neither."""
        return self._remembered.recall(("targets", player), lambda: self._targets([player])[player])

    def _keep_all(self, players: Collection[PlayerId]) -> None:
        for player, targets in self._targets(players).items():
            self._remembered.keep(("targets", player), targets)

    @reconnecting
    def _targets(self, players: Collection[PlayerId]) -> dict[PlayerId, Targets]:
        """The players' browsers and notice addresses in one statement."""
        wanted = list(dict.fromkeys(players))
        push, mail = notice_push.c, notice_mail.c
        browsers = select(
            literal("push").label("kind"),
            push.player,
            push.id,
            push.endpoint.label("text"),
            push.p256dh,
            push.auth,
            cast(null(), DateTime(timezone=True)).label("at"),
        ).where(push.player.in_(wanted))
        address = select(
            literal("mail"),
            mail.player,
            cast(null(), Integer),
            mail.address,
            cast(null(), String),
            cast(null(), String),
            mail.confirmed_at,
        ).where(mail.player.in_(wanted))
        with self.engine.connect() as connection:
            rows = connection.execute(union_all(browsers, address)).all()
        found: dict[PlayerId, list[Subscription]] = {player: [] for player in wanted}
        told: dict[PlayerId, NoticeAddress] = {}
        for one in rows:
            if one.kind == "push":
                found[one.player].append(Subscription(one.id, one.text, one.p256dh, one.auth))
            else:
                told[one.player] = NoticeAddress(one.text, one.at is not None)
        return {
            player: Targets(sorted(browsers, key=lambda one: one.id), told.get(player))
            for player, browsers in found.items()
        }

    @reconnecting
    def unsubscribe(self, player: PlayerId, endpoint: str | None = None) -> None:
        """Forget one of the player's browsers (``endpoint``), or all of them."""
        where = [notice_push.c.player == player]
        if endpoint is not None:
            where.append(notice_push.c.endpoint == endpoint)
        self._remembered.forget()
        with self._writer.begin() as connection:
            connection.execute(delete(notice_push).where(*where))

    @reconnecting
    def gone(self, subscription_id: int) -> None:
        """The push service said the subscription is gone (404 or 410): never send to it again."""
        self._remembered.forget()
        with self._writer.begin() as connection:
            connection.execute(delete(notice_push).where(notice_push.c.id == subscription_id))

    # -- the notice address ---------------------------------------------------------------------

    @reconnecting
    def ask_mail(self, player: PlayerId, address: str, at: datetime) -> None:
        """Record ``address`` as asked for, unconfirmed (replacing any earlier one)."""
        values = {"address": address.lower(), "asked_at": at, "confirmed_at": None}
        upsert = self._insert(notice_mail).values(player=player, **values)
        upsert = upsert.on_conflict_do_update(index_elements=[notice_mail.c.player], set_=values)
        self._remembered.forget()
        with self._writer.begin() as connection:
            connection.execute(upsert)

    @reconnecting
    def confirm_mail(self, player: PlayerId, address: str, at: datetime) -> bool:
        """Confirm ``address`` if it is still the one the player asked for; whether it was."""
        row = notice_mail.c
        confirm = (
            update(notice_mail)
            .where(row.player == player, row.address == address.lower())
            .values(confirmed_at=at)
        )
        self._remembered.forget()
        with self._writer.begin() as connection:
            return bool(connection.execute(confirm).rowcount)

    @reconnecting
    def mail_of(self, player: PlayerId) -> NoticeAddress | None:
        row = notice_mail.c
        query = select(row.address, row.confirmed_at).where(row.player == player)
        with self.engine.connect() as connection:
            found = connection.execute(query).first()
        return None if found is None else NoticeAddress(found[0], found[1] is not None)

    @reconnecting
    def mail_off(self, player: PlayerId) -> None:
        self._remembered.forget()
        with self._writer.begin() as connection:
            connection.execute(delete(notice_mail).where(notice_mail.c.player == player))

    # -- the ledger -----------------------------------------------------------------------------

    @reconnecting
    def first_time(self, notification: Notification, target: str, at: datetime) -> bool:
        """Claim telling ``notification`` to ``target``: True the first time only."""
        key = {
            "player": notification.player,
            "game_id": notification.game_id,
            "to_seq": notification.to_seq,
            "kind": notification.kind,
            "target": target,
        }
        claim = self._insert(notices_sent).values(**key, sent_at=at).on_conflict_do_nothing()
        claim = claim.returning(notices_sent.c.to_seq)  # a row only when this insert made one
        with self._writer.begin() as connection:
            return connection.execute(claim).first() is not None

    @reconnecting
    def untold(self, notification: Notification, target: str) -> None:
        """Give a claim back: sending to ``target`` failed and will be tried again."""
        row = notices_sent.c
        with self._writer.begin() as connection:
            connection.execute(
                delete(notices_sent).where(
                    row.player == notification.player,
                    row.game_id == notification.game_id,
                    row.to_seq == notification.to_seq,
                    row.kind == notification.kind,
                    row.target == target,
                )
            )
