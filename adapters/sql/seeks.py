"""``SqlSeeks``: the lobby's store (``service.ports.seeks.Seeks``) in the ``seeks`` and
``pairing_pool`` tables.

What may happen once is one statement: ``claim`` and ``withdraw`` are conditional updates of an
open, unexpired seek (of racing takers on PostgreSQL the later waits for the earlier's commit and
then finds the row no longer open; SQLite's one write lock orders them), ``leave`` deletes only an
unpaired row, and ``pair`` marks two rows in one transaction, rolled back unless both were still
unpaired.  A seek's terms are stored as the ``GameOpened`` its game will begin with, through the
log's codec: one format for the terms of a game.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import and_, delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.seek_tables import pairing_pool, seeks
from service.game.codec import decode, encode
from service.game.events import GameId, GameOpened, PlayerId
from service.seeks.seeks import Pair, Seek, SeekId, SeekStatus, Waiting
from service.seeks.terms import SeekTerms, Wanted


class SqlSeeks(Rows):
    @reconnecting
    def publish(self, seek: Seek) -> None:
        row = {
            "seek_id": seek.seek_id,
            "owner": seek.owner,
            "terms": _terms(seek.terms),
            "wanted": _wanted(seek.wanted),
            "published": seek.published,
            "expires": seek.expires,
            "status": seek.status.value,
            "taker": seek.taker,
        }
        try:
            with self._writer.begin() as connection:
                connection.execute(insert(seeks).values(row))
        except IntegrityError:
            raise ValueError(f"seek {seek.seek_id} exists") from None

    def seek(self, seek_id: SeekId) -> Seek | None:
        with self.engine.connect() as connection:
            row = connection.execute(select(seeks).where(seeks.c.seek_id == seek_id)).one_or_none()
        return None if row is None else _seek(row)

    def open_seeks(self, now: Any) -> list[Seek]:
        return self._open(now)

    def seeks_of(self, owner: PlayerId, now: Any) -> list[Seek]:
        return self._open(now, seeks.c.owner == owner)

    def _open(self, now: Any, *where: Any) -> list[Seek]:
        query = (
            select(seeks)
            .where(seeks.c.status == SeekStatus.OPEN.value, seeks.c.expires > now, *where)
            .order_by(seeks.c.published, seeks.c.seek_id)
        )
        with self.engine.connect() as connection:
            return [_seek(row) for row in connection.execute(query)]

    @reconnecting
    def claim(self, seek_id: SeekId, taker: PlayerId, now: Any) -> Seek | None:
        taking = (
            update(seeks)
            .where(_open_one(seek_id, now))
            .values(status=SeekStatus.ACCEPTED.value, taker=taker)
            .returning(*seeks.c)
        )
        with self._writer.begin() as connection:
            row = connection.execute(taking).one_or_none()
        return None if row is None else _seek(row)

    @reconnecting
    def withdraw(self, seek_id: SeekId, owner: PlayerId, now: Any) -> bool:
        ending = (
            update(seeks)
            .where(_open_one(seek_id, now), seeks.c.owner == owner)
            .values(status=SeekStatus.WITHDRAWN.value)
        )
        with self._writer.begin() as connection:
            return connection.execute(ending).rowcount == 1

    @reconnecting
    def wait(self, waiting: Waiting) -> bool:
        values = {
            "terms": _terms(waiting.terms),
            "wanted": _wanted(waiting.wanted),
            "rating": waiting.rating,
            "reliability": waiting.reliability,
            "since": waiting.since,
        }
        upsert = self._insert(pairing_pool).values(player=waiting.player, pair_key=None, **values)
        renewing = upsert.on_conflict_do_update(
            index_elements=[pairing_pool.c.player],
            set_=values,
            where=pairing_pool.c.pair_key.is_(None),
        )
        with self._writer.begin() as connection:
            done = connection.execute(renewing.returning(pairing_pool.c.player))
            return done.one_or_none() is not None

    @reconnecting
    def leave(self, player: PlayerId) -> bool:
        leaving = delete(pairing_pool).where(
            pairing_pool.c.player == player, pairing_pool.c.pair_key.is_(None)
        )
        with self._writer.begin() as connection:
            return connection.execute(leaving).rowcount == 1

    def waiting(self) -> list[Waiting]:
        query = (
            select(pairing_pool)
            .where(pairing_pool.c.pair_key.is_(None))
            .order_by(pairing_pool.c.since, pairing_pool.c.player)
        )
        with self.engine.connect() as connection:
            return [_waiting(row) for row in connection.execute(query)]

    @reconnecting
    def pair(self, pair: Pair) -> bool:
        players = [pair.first.player, pair.second.player]
        marking = (
            update(pairing_pool)
            .where(pairing_pool.c.player.in_(players), pairing_pool.c.pair_key.is_(None))
            .values(pair_key=pair.key)
        )
        try:
            with self._writer.begin() as connection:
                if connection.execute(marking).rowcount != 2:
                    raise _Unpaired()  # one of them left, or another worker paired them
        except _Unpaired:
            return False
        return True

    def paired(self) -> list[Pair]:
        query = (
            select(pairing_pool)
            .where(pairing_pool.c.pair_key.is_not(None))
            .order_by(pairing_pool.c.pair_key, pairing_pool.c.since, pairing_pool.c.player)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(query).all()
        by_key: dict[str, list[Waiting]] = {}
        for row in rows:
            by_key.setdefault(row.pair_key, []).append(_waiting(row))
        return [Pair(two[0], two[1]) for two in by_key.values() if len(two) == 2]

    @reconnecting
    def settle(self, pair: Pair) -> None:
        with self._writer.begin() as connection:
            connection.execute(delete(pairing_pool).where(pairing_pool.c.pair_key == pair.key))


class _Unpaired(Exception):
    """Rolls a half-made pair back."""


def _open_one(seek_id: SeekId, now: Any) -> Any:
    return and_(
        seeks.c.seek_id == seek_id,
        seeks.c.status == SeekStatus.OPEN.value,
        seeks.c.expires > now,
    )


def _terms(terms: SeekTerms) -> dict[str, Any]:
    opening = GameOpened(
        GameId(""), PlayerId(""), terms.variant, terms.match, terms.time_control, "", None
    )
    return {**encode(opening), "rated": terms.rated}


def _read_terms(data: dict[str, Any]) -> SeekTerms:
    rated = bool(data["rated"])
    opening = decode("GameOpened", {**data, "rated": None})
    assert isinstance(opening, GameOpened)
    return SeekTerms(opening.variant, opening.terms, opening.time_control, rated)


def _wanted(wanted: Wanted) -> dict[str, Any]:
    return {
        "lowest": wanted.lowest,
        "highest": wanted.highest,
        "least_reliability": wanted.least_reliability,
    }


def _read_wanted(data: dict[str, Any]) -> Wanted:
    return Wanted(data["lowest"], data["highest"], data["least_reliability"])


def _seek(row: Any) -> Seek:
    return Seek(
        SeekId(row.seek_id),
        PlayerId(row.owner),
        _read_terms(row.terms),
        _read_wanted(row.wanted),
        row.published,
        row.expires,
        SeekStatus(row.status),
        None if row.taker is None else PlayerId(row.taker),
    )


def _waiting(row: Any) -> Waiting:
    return Waiting(
        PlayerId(row.player),
        _read_terms(row.terms),
        _read_wanted(row.wanted),
        row.rating,
        row.reliability,
        row.since,
    )
