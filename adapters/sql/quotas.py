"""``SqlQuotas``: ``service.ports.quotas.Quotas`` in the ``quota_uses`` table, shared by every process
on the database.  A use is inserted and committed first, then counted (``service/ports/quotas.py`` says
why that never overshoots a limit); one over the limit is deleted again, and every
``PRUNE_EVERY``-th use deletes the uses older than ``KEEP``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, insert, select

from adapters.sql.engine import Rows, reconnecting
from adapters.sql.quota_tables import quota_uses
from service.ports.quotas import KEEP, PRUNE_EVERY


class SqlQuotas(Rows):
    @reconnecting
    def take(self, key: str, limit: int, since: datetime, at: datetime) -> int | None:
        count = select(func.count()).where(quota_uses.c.key == key, quota_uses.c.at > since)
        with self.engine.connect() as connection:
            if connection.execute(count).scalar_one() >= limit:
                return None  # the common refusal, without a write
        with self._writer.begin() as connection:
            ticket = connection.execute(
                insert(quota_uses).values(key=key, at=at).returning(quota_uses.c.id)
            ).scalar_one()
            if ticket % PRUNE_EVERY == 0:
                connection.execute(delete(quota_uses).where(quota_uses.c.at < at - KEEP))
        with self.engine.connect() as connection:
            if connection.execute(count).scalar_one() <= limit:
                return int(ticket)
        self.give_back(int(ticket))
        return None

    @reconnecting
    def give_back(self, ticket: int) -> None:
        with self._writer.begin() as connection:
            connection.execute(delete(quota_uses).where(quota_uses.c.id == ticket))
