"""``SqlLinkCodes``: pending link codes (``service.players.linking``) in the ``link_codes`` table; taking
one is a single ``DELETE … RETURNING``, so a code is used once even by racing requests."""

from __future__ import annotations

from sqlalchemy import delete, insert

from adapters.sql.email_tables import link_codes
from adapters.sql.engine import Rows, reconnecting
from service.game.events import PlayerId
from service.players.linking import LinkCode
from service.ports.directory import Address


class SqlLinkCodes(Rows):
    @reconnecting
    def put(self, link: LinkCode) -> None:
        target = link.target or Address("", "")
        row = {
            "code": link.code,
            "player_id": link.player,
            "channel": target.channel,
            "value": target.value,
            "expires_at": link.expires_at,
        }
        with self._writer.begin() as connection:
            connection.execute(insert(link_codes).values(row))

    @reconnecting
    def take(self, code: str) -> LinkCode | None:
        statement = delete(link_codes).where(link_codes.c.code == code).returning(link_codes)
        with self._writer.begin() as connection:
            row = connection.execute(statement).first()
        if row is None:
            return None
        target = Address(row.channel, row.value) if row.channel else None
        return LinkCode(row.code, PlayerId(row.player_id), target, row.expires_at)
