"""The ``game_summaries`` projection: one row per game, replaced by every append.

The row keeps the game's invitation in ``invitation_code`` after it is used (the summary's own
``invitation`` becomes NULL once the game starts), so a late joiner hears the invitation was used.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Row, bindparam, func, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from service.game_events import GameId, PlayerId
from service.ports import GameSummary

from .tables import game_summaries

_COLUMNS = (
    game_summaries.c.game_id,
    game_summaries.c.first_player,
    game_summaries.c.second_player,
    game_summaries.c.status,
    game_summaries.c.to_act,
    game_summaries.c.since,
    game_summaries.c.version,
    game_summaries.c.invitation,
)
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
BY_INVITATION = select(game_summaries.c.game_id).where(
    game_summaries.c.invitation_code == bindparam("code")
)


def upsert(dialect: str) -> Any:
    """Insert a game's summary or replace it, keeping an invitation code once set."""
    statement = (postgresql.insert if dialect == "postgresql" else sqlite.insert)(game_summaries)
    kept = func.coalesce(statement.excluded.invitation_code, game_summaries.c.invitation_code)
    changed = {
        column.name: statement.excluded[column.name]
        for column in game_summaries.c
        if column.name not in ("game_id", "invitation_code")
    }
    return statement.on_conflict_do_update(
        index_elements=[game_summaries.c.game_id], set_={**changed, "invitation_code": kept}
    )


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
    }


def summary_of(row: Row[*tuple[Any, ...]]) -> GameSummary:
    game_id, first, second, status, to_act, since, version, invitation = row
    return GameSummary(
        GameId(game_id),
        (_player(first), _player(second)),
        status,
        _player(to_act),
        since,
        version,
        invitation,
    )


def _player(value: str | None) -> PlayerId | None:
    return None if value is None else PlayerId(value)
