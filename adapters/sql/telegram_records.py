"""``TelegramRecords``: the Telegram channel's bookkeeping in SQL (``sql/telegram_tables.py``).

Which updates still need an answer, the last turn message per chat and game, each player's
pictures setting and reachability, and the group a game is shown in.  Each method is one
statement (or one write transaction) on SQLite or PostgreSQL; none holds game state.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, bindparam, delete, func, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from adapters.sql.engine import is_postgresql, reconnecting, writer
from adapters.sql.tables import game_summaries, inbox
from adapters.sql.telegram_tables import (
    telegram_game_chats,
    telegram_players,
    telegram_turn_messages,
    telegram_updates,
)
from service.game.events import GameId, PlayerId
from service.ports.remembering import Remembering

_updates, _turns, _players, _groups = (
    telegram_updates,
    telegram_turn_messages,
    telegram_players,
    telegram_game_chats,
)


_TURN_MESSAGE = select(
    _turns.c.message_id, _turns.c.version, _turns.c.since, _turns.c.buttons
).where(_turns.c.chat_id == bindparam("chat"), _turns.c.game_id == bindparam("game"))
_GROUP_OF = select(_groups.c.chat_id, _groups.c.told_seq).where(
    _groups.c.game_id == bindparam("game")
)
"""Built once: a statement built per call costs about as much CPU again as running it (each
delivery to Telegram reads both, issue 35)."""


def _remember_turn(insert: Any) -> Any:
    """The upsert of a chat's board of a game, built once for the dialect's ``insert``."""
    shown = ("message_id", "version", "since", "buttons")
    statement = insert(_turns).values(
        chat_id=bindparam("chat"), game_id=bindparam("game"), **{c: bindparam(c) for c in shown}
    )
    return statement.on_conflict_do_update(
        index_elements=[_turns.c.chat_id, _turns.c.game_id],
        set_={column: statement.excluded[column] for column in shown},
    )


@dataclass(frozen=True, slots=True)
class Waiting:
    """A stored update not answered yet: its inbox key and payload (None: not in the inbox)."""

    key: str
    payload: str | None


@dataclass(frozen=True, slots=True)
class TurnMessage:
    message_id: int
    version: int
    """The version the board shows."""
    since: int
    """The version the board before it showed: its one-line record tells the events after."""
    buttons: bool = True


@dataclass(frozen=True, slots=True)
class GroupChat:
    chat_id: int
    told_seq: int


@dataclass(frozen=True)
class _PlayerRow:
    choices: tuple[bool, bool, bool]
    """Pictures on, full boards kept, time zone asked (``board_choices``)."""
    unreachable: str | None


class TelegramRecords:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._insert: Any = postgresql.insert if is_postgresql(engine) else sqlite.insert
        self._remembered = Remembering()
        self._remember_turn = _remember_turn(self._insert)

    def remembering(self, players: Collection[PlayerId] = ()) -> AbstractContextManager[None]:
        """Within the block this thread reads each player's row (reachable, board choices)
        once, those of ``players`` (a claimed batch's) in one statement as it opens; a write to
        a player's row forgets them (``service.ports.remembering``).  Boards and groups are
        read afresh every time: the Telegram process changes them too."""
        return self._remembered.remembering(lambda: self._keep_all(players) if players else None)

    # -- updates ------------------------------------------------------------------------------

    @reconnecting
    def enqueue(self, update_id: int, key: str, at: datetime) -> bool:
        """Note an update to answer; False if its update id or its key was seen before."""
        row = {"update_id": update_id, "key": key, "received_at": at}
        statement = self._insert(_updates).on_conflict_do_nothing().returning(_updates.c.id)
        with self.engine.connect() as connection:
            return connection.execute(statement, row).first() is not None

    @reconnecting
    def store(self, update_id: int, key: str, payload: str, lane: str, at: datetime) -> bool:
        """Keep an update's payload in the inbox (source ``telegram``; the first payload stored
        under a key stands) and note it to answer in its chat's ``lane``, in one transaction;
        False if its update id or its key was seen before (``enqueue``)."""
        source = {"source": "telegram", "key": key}
        keep = self._insert(inbox).on_conflict_do_nothing()
        note = self._insert(_updates).on_conflict_do_nothing().returning(_updates.c.id)
        with writer(self.engine).begin() as connection:
            connection.execute(keep, {**source, "payload": payload, "received_at": at})
            row = {"update_id": update_id, "key": key, "received_at": at, "lane": lane}
            return connection.execute(note, row).first() is not None

    @reconnecting
    def waiting_updates(self, limit: int = 100) -> list[Waiting]:
        """The updates not answered yet, oldest first, with their payloads (one statement)."""
        query = _with_payloads().where(_updates.c.answered_at.is_(None)).limit(limit)
        with self.engine.connect() as connection:
            return [Waiting(row.key, row.payload) for row in connection.execute(query)]

    @reconnecting
    def claim(self, now: datetime, until: datetime, limit: int = 100) -> list[Waiting]:
        """Claim the oldest updates not answered yet until ``until`` — those of chats no other
        process is answering now, and of each such chat all that wait, so that one chat's
        updates are answered in order by one process at a time — with their payloads, oldest
        first.  In one transaction that holds off other claims (PostgreSQL: a table lock that
        lets reads through; SQLite: a write transaction), so two never take one chat."""
        busy_rows = _updates.alias("busy")
        busy = select(func.coalesce(busy_rows.c.lane, busy_rows.c.key)).where(
            busy_rows.c.answered_at.is_(None), busy_rows.c.claimed_until >= now
        )
        oldest_rows = _updates.alias("oldest")
        oldest = (
            select(oldest_rows.c.id)
            .where(oldest_rows.c.answered_at.is_(None))
            .order_by(oldest_rows.c.id)
            .limit(limit)
        )
        take = (
            update(_updates)
            .where(
                _updates.c.id.in_(oldest),
                _updates.c.answered_at.is_(None),
                or_(_updates.c.claimed_until.is_(None), _updates.c.claimed_until < now),
                func.coalesce(_updates.c.lane, _updates.c.key).not_in(busy),
            )
            .values(claimed_until=until)
            .returning(_updates.c.key)
        )
        with writer(self.engine).begin() as connection:
            if is_postgresql(self.engine):
                connection.exec_driver_sql("LOCK TABLE telegram_updates IN EXCLUSIVE MODE")
            keys = list(connection.execute(take).scalars())
            if not keys:
                return []
            query = _with_payloads().where(_updates.c.key.in_(keys))
            return [Waiting(row.key, row.payload) for row in connection.execute(query)]

    @reconnecting
    def release(self, keys: list[str]) -> None:
        """Give up the claims on ``keys`` not answered (another round or process takes them)."""
        if not keys:
            return
        statement = (
            update(_updates)
            .where(_updates.c.key.in_(keys), _updates.c.answered_at.is_(None))
            .values(claimed_until=None)
        )
        with self.engine.connect() as connection:
            connection.execute(statement)

    @reconnecting
    def waiting(self, limit: int = 100) -> list[str]:
        """Keys of the updates not answered yet, oldest first."""
        query = (
            select(_updates.c.key)
            .where(_updates.c.answered_at.is_(None))
            .order_by(_updates.c.id)
            .limit(limit)
        )
        with self.engine.connect() as connection:
            return list(connection.execute(query).scalars())

    @reconnecting
    def answered(self, key: str, at: datetime) -> None:
        with self.engine.connect() as connection:
            connection.execute(update(_updates).where(_updates.c.key == key).values(answered_at=at))

    # -- turn messages --------------------------------------------------------------------------

    @reconnecting
    def turn_message(self, chat_id: int, game_id: GameId) -> TurnMessage | None:
        with self.engine.connect() as connection:
            row = connection.execute(_TURN_MESSAGE, {"chat": chat_id, "game": game_id}).first()
        if row is None:
            return None
        since = row.version if row.since is None else row.since
        return TurnMessage(row.message_id, row.version, since, row.buttons)

    @reconnecting
    def remember_turn(self, chat_id: int, game_id: GameId, shown: TurnMessage) -> None:
        """The chat's board of ``game_id`` is now ``shown`` (a new message, or one edited)."""
        values = {
            "chat": chat_id,
            "game": game_id,
            "message_id": shown.message_id,
            "version": shown.version,
            "since": shown.since,
            "buttons": shown.buttons,
        }
        with self.engine.connect() as connection:
            connection.execute(self._remember_turn, values)

    @reconnecting
    def game_of_message(self, chat_id: int, message_id: int) -> GameId | None:
        """The game whose last turn message in this chat is ``message_id``."""
        query = select(_turns.c.game_id).where(
            _turns.c.chat_id == chat_id, _turns.c.message_id == message_id
        )
        with self.engine.connect() as connection:
            found = connection.execute(query).scalar_one_or_none()
        return None if found is None else GameId(found)

    # -- players --------------------------------------------------------------------------------

    def set_pictures(self, player: PlayerId, on: bool) -> None:
        self._upsert_player(player, pictures=on)

    def board_choices(self, player: PlayerId) -> tuple[bool, bool, bool]:
        """Whether the player has pictures on and full boards kept (``/settings``), and whether
        they were asked their time zone, in one read."""
        return self._player(player).choices

    def _player(self, player: PlayerId) -> _PlayerRow:
        return self._remembered.recall(("player", player), lambda: self._players([player])[player])

    def _keep_all(self, players: Collection[PlayerId]) -> None:
        for player, row in self._players(players).items():
            self._remembered.keep(("player", player), row)

    @reconnecting
    def _players(self, players: Collection[PlayerId]) -> dict[PlayerId, _PlayerRow]:
        """The players' rows in one statement (a player without one: nothing chosen, reachable)."""
        wanted = list(dict.fromkeys(players))
        row = _players.c
        query = select(
            row.player_id,
            row.pictures,
            row.full_boards,
            row.zone_asked,
            row.unreachable_since,
            row.unreachable_reason,
        ).where(row.player_id.in_(wanted))
        with self.engine.connect() as connection:
            found = {one.player_id: one for one in connection.execute(query)}
        rows = dict.fromkeys(wanted, _PlayerRow((False, False, False), None))
        for player, one in found.items():
            choices = (bool(one.pictures), bool(one.full_boards), bool(one.zone_asked))
            blocked = None if one.unreachable_since is None else one.unreachable_reason
            rows[PlayerId(player)] = _PlayerRow(choices, None if blocked is None else str(blocked))
        return rows

    def set_zone_asked(self, player: PlayerId) -> None:
        self._upsert_player(player, zone_asked=True)

    def set_full_boards(self, player: PlayerId, on: bool) -> None:
        self._upsert_player(player, full_boards=on)

    def unreachable(self, player: PlayerId) -> str | None:
        """Why the bot cannot reach the player, or None if it can (as far as it knows)."""
        return self._player(player).unreachable

    def mark_unreachable(self, player: PlayerId, at: datetime, reason: str) -> None:
        self._upsert_player(player, unreachable_since=at, unreachable_reason=reason)

    @reconnecting
    def mark_reachable(self, player: PlayerId) -> bool:
        """The player wrote to the bot: reachable again.  True if they were marked unreachable."""
        statement = (
            update(_players)
            .where(_players.c.player_id == player, _players.c.unreachable_since.is_not(None))
            .values(unreachable_since=None, unreachable_reason=None)
        )
        self._remembered.forget()
        with self.engine.connect() as connection:
            return connection.execute(statement).rowcount == 1

    @reconnecting
    def _upsert_player(self, player: PlayerId, **values: object) -> None:
        statement = (
            self._insert(_players)
            .values(player_id=player, **values)
            .on_conflict_do_update(index_elements=[_players.c.player_id], set_=values)
        )
        self._remembered.forget()
        with self.engine.connect() as connection:
            connection.execute(statement)

    # -- group chats ----------------------------------------------------------------------------

    @reconnecting
    def link_group(self, game_id: GameId, chat_id: int, told_seq: int) -> None:
        """Show ``game_id`` in the group ``chat_id`` (once: a game has one group)."""
        row = {"game_id": game_id, "chat_id": chat_id, "told_seq": told_seq}
        with self.engine.connect() as connection:
            connection.execute(self._insert(_groups).on_conflict_do_nothing(), row)

    @reconnecting
    def unlink_groups(self, chat_id: int) -> int:
        """The bot left group ``chat_id``: its games are no longer told there; how many."""
        with self.engine.connect() as connection:
            return connection.execute(delete(_groups).where(_groups.c.chat_id == chat_id)).rowcount

    @reconnecting
    def group_of(self, game_id: GameId) -> GroupChat | None:
        with self.engine.connect() as connection:
            row = connection.execute(_GROUP_OF, {"game": game_id}).first()
        return None if row is None else GroupChat(row.chat_id, row.told_seq)

    @reconnecting
    def groups_behind(self) -> list[GameId]:
        """The games whose group has not been told every event yet."""
        query = (
            select(_groups.c.game_id)
            .join(game_summaries, game_summaries.c.game_id == _groups.c.game_id)
            .where(game_summaries.c.version > _groups.c.told_seq)
        )
        with self.engine.connect() as connection:
            return [GameId(found) for found in connection.execute(query).scalars()]

    @reconnecting
    def tell_group(self, game_id: GameId, told_seq: int, up_to: int) -> bool:
        """The group was told events ``told_seq + 1 … up_to`` (called once Telegram accepted the
        post); False if another process moved the mark meanwhile."""
        statement = (
            update(_groups)
            .where(_groups.c.game_id == game_id, _groups.c.told_seq == told_seq)
            .values(told_seq=up_to)
        )
        with self.engine.connect() as connection:
            return connection.execute(statement).rowcount == 1


def _with_payloads() -> Any:
    """Updates' keys with their payloads from the inbox, oldest first."""
    payloads = (inbox.c.source == "telegram") & (inbox.c.key == _updates.c.key)
    return (
        select(_updates.c.key, inbox.c.payload)
        .select_from(_updates.outerjoin(inbox, payloads))
        .order_by(_updates.c.id)
    )
