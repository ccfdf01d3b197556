"""``SqlConfirmations``: ``service.ports.confirmations.Confirmations`` in the ``confirmation_codes``
table.  Each step is one statement that decides by itself, so racing requests cannot use a code
twice or overshoot its tries: the right code is a ``DELETE … RETURNING`` (one taker), a wrong one
an ``UPDATE … RETURNING`` of the count, and the last wrong try deletes the row."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import ColumnElement, delete, insert

from adapters.sql.confirmation_tables import confirmation_codes as codes
from adapters.sql.engine import Rows, reconnecting
from service.game.events import PlayerId
from service.ports.confirmations import Checked, Pending, Purpose


class SqlConfirmations(Rows):
    @reconnecting
    def put(self, pending: Pending) -> None:
        row = {
            "player_id": pending.player,
            "purpose": str(pending.purpose),
            "channel": pending.channel,
            "digest": pending.digest,
            "expires_at": pending.expires_at,
            "wrong_tries": 0,
        }
        with self._writer.begin() as connection:
            connection.execute(
                delete(codes).where(*_of(pending.player, pending.purpose, pending.channel))
            )
            connection.execute(insert(codes).values(row))

    @reconnecting
    def check(
        self,
        player: PlayerId,
        purpose: Purpose,
        channel: str,
        digest: str,
        at: datetime,
        tries: int,
    ) -> Checked:
        live = (*_of(player, purpose, channel), codes.c.expires_at > at)
        with self._writer.begin() as connection:
            taken = connection.execute(
                delete(codes).where(*live, codes.c.digest == digest).returning(codes.c.digest)
            ).first()
            if taken is not None:
                return Checked.CONFIRMED
            counted = connection.execute(
                codes.update()
                .where(*live)
                .values(wrong_tries=codes.c.wrong_tries + 1)
                .returning(codes.c.wrong_tries)
            ).first()
            if counted is None:
                connection.execute(delete(codes).where(*_of(player, purpose, channel)))
                return Checked.NONE
            if counted.wrong_tries >= tries:
                connection.execute(delete(codes).where(*_of(player, purpose, channel)))
            return Checked.WRONG


def _of(player: PlayerId, purpose: Purpose, channel: str) -> tuple[ColumnElement[bool], ...]:
    return (
        codes.c.player_id == player,
        codes.c.purpose == str(purpose),
        codes.c.channel == channel,
    )
