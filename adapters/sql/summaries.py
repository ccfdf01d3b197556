"""The ``game_summaries`` projection: one row per game, replaced by every append.

Its ``version`` is the game's version (the append checks it, see ``appends``): an append writes
the summary of the game *after* its events, so ``version`` is always the number of events.

The row keeps the game's invitation in ``invitation_code`` after it is used (the summary's own
``invitation`` becomes NULL once the game starts), so a late joiner hears the invitation was used.

It also carries the current decision's deadline (``due_at``) and next reminder time, which every
append rewrites, and the workers' claims on them (``*_claimed_until``), which appends leave alone:
a claim lapses by time (``claims``).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import CTE, Row, bindparam, func, null, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite

from adapters.sql.tables import game_summaries
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.ports.protocols import GameSummary

_COLUMNS = (
    game_summaries.c.game_id,
    game_summaries.c.first_player,
    game_summaries.c.second_player,
    game_summaries.c.status,
    game_summaries.c.to_act,
    game_summaries.c.since,
    game_summaries.c.version,
    game_summaries.c.invitation,
    game_summaries.c.due_at,
    game_summaries.c.next_reminder_at,
)
WRITTEN = tuple(
    column
    for column in game_summaries.c
    if column.name
    not in (
        "deadline_claimed_until",
        "reminder_claimed_until",
        "reminders_sent",
        "last_reminder_id",
    )
)
"""The columns an append writes: all but the workers' claims and reminders."""
OF_PLAYER = (
    select(*_COLUMNS)
    .where(
        or_(
            game_summaries.c.first_player == bindparam("player"),
            game_summaries.c.second_player == bindparam("player"),
        )
    )
    .order_by(game_summaries.c.since.desc(), game_summaries.c.game_id)
)
"""A player's games, most recently changed first."""
EVERY = (
    select(*_COLUMNS)
    .order_by(game_summaries.c.since.desc(), game_summaries.c.game_id)
    .limit(bindparam("limit"))
)
"""Every game, most recently changed first (for operators)."""
WITH_STATUS = EVERY.where(game_summaries.c.status == bindparam("status"))
BY_INVITATION = select(game_summaries.c.game_id).where(
    game_summaries.c.invitation_code == bindparam("code")
)


RELEASED = {"deadline_claimed_until": null(), "reminder_claimed_until": null()}
"""An append releases the workers' claims on the game: its new deadline and reminder are nobody's
yet, so one that falls due within a claim's lease is not held up by it (a worker still holding the
old claim acts under the old version, which is now a no-op)."""
OPEN = sqlite.insert(game_summaries).on_conflict_do_nothing(
    index_elements=[game_summaries.c.game_id]
)
"""A new game's summary (parameters as in ``row_of``); writes nothing if the game exists."""
ADVANCE = (
    update(game_summaries)
    .where(
        game_summaries.c.game_id == bindparam("b_game_id"),
        game_summaries.c.version == bindparam("b_expected"),
    )
    .values(
        invitation_code=func.coalesce(bindparam("b_invitation"), game_summaries.c.invitation_code),
        **RELEASED,
    )
)
"""Replace a game's summary only if it is at version ``b_expected`` (``advance_values``)."""


def advance_values(summary: GameSummary, expected_version: int) -> dict[str, Any]:
    """The parameters of ``ADVANCE``."""
    row = row_of(summary)
    del row["game_id"], row["invitation_code"]
    return {
        **row,
        "b_game_id": summary.game_id,
        "b_expected": expected_version,
        "b_invitation": summary.invitation,
    }


def upsert(dialect: str, when: CTE | None = None) -> Any:
    """Insert a game's summary or replace it, keeping an invitation code once set.

    The parameters are named as in ``row_of``.  With ``when`` (a CTE) the row is written only if
    ``when`` has a row, the statement returns the summary's version (for a data-modifying CTE),
    and the parameters are named as in ``prefixed(row_of(…))``: in a statement that also updates
    the outbox, a parameter named ``game_id`` or ``status`` would be set on the outbox rows too
    (SQLAlchemy sets the columns named by an ``UPDATE``'s parameters).
    """
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(game_summaries)
    if when is not None:
        values = [bindparam(f"s_{column.name}", type_=column.type) for column in WRITTEN]
        statement = statement.from_select(
            [column.name for column in WRITTEN], select(*values).select_from(when)
        )
    kept = func.coalesce(statement.excluded.invitation_code, game_summaries.c.invitation_code)
    changed = {
        column.name: statement.excluded[column.name]
        for column in WRITTEN
        if column.name not in ("game_id", "invitation_code")
    }
    upserted = statement.on_conflict_do_update(
        index_elements=[game_summaries.c.game_id],
        set_={**changed, **RELEASED, "invitation_code": kept},
    )
    return upserted if when is None else upserted.returning(game_summaries.c.version)


def row_of(summary: GameSummary) -> dict[str, Any]:
    return {
        "game_id": summary.game_id,
        "first_player": summary.players[0],
        "second_player": summary.players[1],
        "status": summary.status,
        "to_act": summary.to_act,
        "since": summary.since,
        "version": summary.version,
        "invitation": summary.invitation,
        "invitation_code": summary.invitation,
        "due_at": summary.due_at,
        "next_reminder_at": summary.next_reminder_at,
    }


def prefixed(row: dict[str, Any]) -> dict[str, Any]:
    """``row_of``'s parameters as ``upsert(…, when=…)`` names them."""
    return {f"s_{name}": value for name, value in row.items()}


def summary_of(row: Row[*tuple[Any, ...]]) -> GameSummary:
    game_id, first, second, status, to_act, since, version, invitation, due_at, remind_at = row
    return GameSummary(
        GameId(game_id),
        (_player(first), _player(second)),
        GameStatus(status),
        _player(to_act),
        since,
        version,
        invitation,
        due_at,
        remind_at,
    )


def _player(value: str | None) -> PlayerId | None:
    return None if value is None else PlayerId(value)
