"""``SqlDirectory``: players and the channel addresses they play from.

An address ``(channel, value)`` belongs to one player (a unique constraint); registering or linking
an address someone else holds is refused with ``ValueError``.  Player ids are ``p`` and 64 random
bits in hex, so they reveal nothing and need no counter shared between processes.

A player's clock settings (quiet hours, reminder offsets, vacation allowance) are columns of
``players``, with defaults for a new player; vacations are rows of ``vacations``.  Each method is
one statement (or one write transaction), run once more after a lost connection.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, bindparam, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.tables import UtcDateTime, addresses, players, vacations
from service.game.events import PlayerId
from service.ports.directory import Address, Profile
from service.ports.remembering import Remembering

_OWNER = select(addresses.c.player_id).where(
    addresses.c.channel == bindparam("channel"), addresses.c.value == bindparam("value")
)
_ADDRESSES = (
    select(addresses.c.channel, addresses.c.value)
    .where(addresses.c.player_id == bindparam("player"))
    .order_by(addresses.c.id)
)
_ADDRESSES_OF = (
    select(addresses.c.player_id, addresses.c.channel, addresses.c.value)
    .where(addresses.c.player_id.in_(bindparam("players", expanding=True)))
    .order_by(addresses.c.id)
)
_PROFILE = select(
    players.c.name,
    players.c.language,
    players.c.timezone,
    players.c.quiet_hours,
    players.c.reminders,
    players.c.vacation_days,
    players.c.card_faces,
    players.c.muted,
    players.c.practice_skipped,
    players.c.erased_at,
).where(players.c.id == bindparam("player"))
_PROFILES = select(players.c.id, *_PROFILE.selected_columns).where(
    players.c.id.in_(bindparam("players", expanding=True))
)
_EXISTS = select(players.c.id).where(players.c.id == bindparam("player"))
_UPDATE = (
    update(players)
    .where(players.c.id == bindparam("player"))
    .values(
        name=bindparam("name"),
        language=bindparam("language"),
        timezone=bindparam("timezone"),
        quiet_hours=bindparam("quiet_hours"),
        reminders=bindparam("reminders", type_=players.c.reminders.type),
        vacation_days=bindparam("vacation_days"),
        card_faces=bindparam("card_faces"),
        muted=bindparam("muted", type_=players.c.muted.type),
        practice_skipped=bindparam("practice_skipped"),
    )
)
_START = bindparam("start", type_=UtcDateTime)
_END = bindparam("end", type_=UtcDateTime)
_AT = bindparam("at", type_=UtcDateTime)
_VACATIONS = (
    select(vacations.c.start, vacations.c.end)
    .where(vacations.c.player_id == bindparam("player"))
    .order_by(vacations.c.start, vacations.c.id)
)
_ADD_VACATION = insert(vacations).values(player_id=bindparam("player"), start=_START, end=_END)
_LATEST = (
    select(vacations.c.id)
    .where(vacations.c.player_id == bindparam("player"))
    .order_by(vacations.c.start.desc(), vacations.c.id.desc())
    .limit(1)
    .scalar_subquery()
)
_END_VACATION = (
    update(vacations)
    .where(vacations.c.id == _LATEST, vacations.c.start <= _AT, vacations.c.end > _AT)
    .values(end=_AT)
)
"""Cut the player's latest vacation short at ``at`` if it runs then (one statement)."""


def new_player_id() -> str:
    return f"p{secrets.token_hex(8)}"


class SqlDirectory(Rows):
    """The ``Directory`` port on SQLite or PostgreSQL."""

    def __init__(self, engine: Engine, new_id: Callable[[], str] = new_player_id) -> None:
        super().__init__(engine)
        self._new_id = new_id
        self._remembered = Remembering()

    def remembering(self, players: Collection[PlayerId] = ()) -> AbstractContextManager[None]:
        """Within the block this thread reads each profile and address list once
        (``service.ports.remembering``); a write forgets them.  ``players``: a new block
        starts with all their addresses and profiles, read in two statements."""
        return self._remembered.remembering(lambda: self._keep_all(players) if players else None)

    @reconnecting
    def _keep_all(self, players: Collection[PlayerId]) -> None:
        wanted = list(dict.fromkeys(players))
        with self.engine.connect() as connection:
            found = connection.execute(_ADDRESSES_OF, {"players": wanted}).all()
            rows = connection.execute(_PROFILES, {"players": wanted}).all()
        listed: dict[PlayerId, list[Address]] = {player: [] for player in wanted}
        for row in found:
            listed[PlayerId(row.player_id)].append(Address(row.channel, row.value))
        for player, held in listed.items():
            self._remembered.keep(("addresses", player), held)
        for row in rows:
            player = PlayerId(row.id)
            self._remembered.keep(("profile", player), _profile(player, row))

    @reconnecting
    def player_at(self, address: Address) -> PlayerId | None:
        with self.engine.connect() as connection:
            owner = connection.execute(_OWNER, _where(address)).scalar_one_or_none()
        return None if owner is None else PlayerId(owner)

    @reconnecting
    def register(self, name: str, address: Address) -> PlayerId:
        self._remembered.forget()
        player = PlayerId(self._new_id())
        try:
            with self._writer.begin() as connection:
                _refuse_taken(connection, address, player)
                connection.execute(
                    insert(players),
                    {"id": player, "name": name, "language": "en", "timezone": "UTC"},
                )
                connection.execute(insert(addresses), {**_where(address), "player_id": player})
        except IntegrityError:
            raise ValueError(f"{address} already belongs to a player") from None
        return player

    @reconnecting
    def link(self, player: PlayerId, address: Address) -> None:
        self._remembered.forget()
        try:
            with self._writer.begin() as connection:
                if connection.execute(_EXISTS, {"player": player}).first() is None:
                    raise KeyError(f"no player {player}")
                if _refuse_taken(connection, address, player):
                    return
                connection.execute(insert(addresses), {**_where(address), "player_id": player})
        except IntegrityError:
            raise ValueError(f"{address} already belongs to another player") from None

    def addresses(self, player: PlayerId) -> list[Address]:
        return list(self._remembered.recall(("addresses", player), lambda: self._addresses(player)))

    @reconnecting
    def _addresses(self, player: PlayerId) -> list[Address]:
        with self.engine.connect() as connection:
            rows = connection.execute(_ADDRESSES, {"player": player}).all()
        return [Address(row.channel, row.value) for row in rows]

    def profile(self, player: PlayerId) -> Profile:
        return self._remembered.recall(("profile", player), lambda: self._read_profile(player))

    @reconnecting
    def _read_profile(self, player: PlayerId) -> Profile:
        with self.engine.connect() as connection:
            row = connection.execute(_PROFILE, {"player": player}).first()
        if row is None:
            raise KeyError(f"no player {player}")
        return _profile(player, row)

    @reconnecting
    def profiles_of(self, players: Collection[PlayerId]) -> list[Profile]:
        if not players:
            return []
        with self.engine.connect() as connection:
            rows = connection.execute(_PROFILES, {"players": list(players)}).all()
        return [_profile(PlayerId(row.id), row) for row in rows]

    @reconnecting
    def update(self, profile: Profile) -> None:
        self._remembered.forget()
        values = {
            "player": profile.player,
            "name": profile.name,
            "language": profile.language,
            "timezone": profile.timezone,
            "quiet_hours": profile.quiet_hours,
            "reminders": list(profile.reminders),
            "vacation_days": profile.vacation_days,
            "card_faces": profile.card_faces,
            "muted": list(profile.muted),
            "practice_skipped": profile.practice_skipped,
        }
        with self.engine.connect() as connection:
            if connection.execute(_UPDATE, values).rowcount != 1:
                raise KeyError(f"no player {profile.player}")

    @reconnecting
    def vacations(self, player: PlayerId) -> list[tuple[datetime, datetime]]:
        with self.engine.connect() as connection:
            rows = connection.execute(_VACATIONS, {"player": player}).all()
        return [(row.start, row.end) for row in rows]

    @reconnecting
    def add_vacation(self, player: PlayerId, start: datetime, end: datetime) -> None:
        """``KeyError`` for an unknown player."""
        try:
            with self.engine.connect() as connection:
                connection.execute(_ADD_VACATION, {"player": player, "start": start, "end": end})
        except IntegrityError:
            raise KeyError(f"no player {player}") from None

    @reconnecting
    def end_vacation(self, player: PlayerId, at: datetime) -> None:
        with self.engine.connect() as connection:
            connection.execute(_END_VACATION, {"player": player, "at": at})


def _profile(player: PlayerId, row: Any) -> Profile:
    return Profile(
        player,
        row.name,
        row.language,
        row.timezone,
        row.quiet_hours,
        tuple(row.reminders),
        row.vacation_days,
        row.card_faces,
        row.erased_at is not None,
        tuple(PlayerId(one) for one in row.muted),
        bool(row.practice_skipped),
    )


def _where(address: Address) -> dict[str, str]:
    return {"channel": address.channel, "value": address.value}


def _refuse_taken(connection: Connection, address: Address, player: PlayerId) -> bool:
    """True if ``address`` is already ``player``'s; ``ValueError`` if it is someone else's."""
    owner = connection.execute(_OWNER, _where(address)).scalar_one_or_none()
    if owner is not None and owner != player:
        raise ValueError(f"{address} already belongs to another player")
    return owner == player
