"""``SqlPersonalData``: what the tables hold about a player, and their erasure (issue 25;
``service.ports.personal``).

A player's own rows go: addresses, vacations, the channels' rows about them (Telegram's settings
and turn messages, mail threads, contacts, link codes, counted uses), their notifications, their
pending confirmation codes, their seeks and their wait in the pairing pool (a seek of theirs left
in the lobby would let someone accept a game against nobody), their reviews (the review worker
makes none for an erased player afterwards: ``reviews.py``).  Their
``players`` row stays as a tombstone — the id their finished games name, the defaults instead of
their name and settings, ``erased_at`` set — so those games read "a former player".

What they *sent* is found by the addresses it came from: an inbox row whose payload or key holds
their Telegram id or mail address, a stored mail whose raw text holds their address.  Its copy goes
(a pending one is dropped; the payload and raw text of a handled one are emptied) and its key
becomes ``erased:`` and the key's SHA-256 — the same in the inbox, ``telegram_updates``,
``email_messages`` and ``email_uids`` — so no key still spells a chat id or an address, and a
mailbox UID seen again is still known.  (A Telegram update delivered again is known by its
``update_id``, which stays.)  Rows of other players that quote the name or an address (a reply
naming the opponent, a mail quoting the news, an error mentioning the address) have it scrubbed.
Their mail addresses are put on the never-mail list as MACs (``suppression.py``), so no mail of
ours reaches them again.  All of it is one write transaction.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from email.parser import Parser
from email.utils import parseaddr
from typing import Any

from sqlalchemy import ColumnElement, Engine, Table, delete, func, literal, or_, select, update
from sqlalchemy.engine import Connection

from adapters.sql.confirmation_tables import confirmation_codes
from adapters.sql.email_tables import (
    email_contacts,
    email_messages,
    email_threads,
    email_uids,
    link_codes,
)
from adapters.sql.engine import Rows, reconnecting
from adapters.sql.notice_tables import notice_mail, notice_push, notices_sent
from adapters.sql.quota_tables import quota_uses
from adapters.sql.rating_tables import profile_choices
from adapters.sql.review_tables import reviews
from adapters.sql.seek_tables import pairing_pool, seeks
from adapters.sql.suppression import suppress
from adapters.sql.tables import DEFAULT_REMINDERS, addresses, inbox, outbox, players, vacations
from adapters.sql.telegram_tables import (
    telegram_chat_pace,
    telegram_players,
    telegram_turn_messages,
    telegram_updates,
)
from service.game.events import PlayerId
from service.ports.directory import Address
from service.ports.personal import Held

TELEGRAM = "telegram"
EMAIL = "email"
FORMER = "a former player"
"""What a stored reply that named the erased player names instead (replies are shown as stored)."""


def erased_key(key: str) -> str:
    """A key that no longer spells what it was made of, still the same for the same key."""
    return "erased:" + hashlib.sha256(key.encode()).hexdigest()


class SqlPersonalData(Rows):
    """The ``PersonalData`` port on SQLite or PostgreSQL."""

    def __init__(self, engine: Engine, secret: Callable[[], bytes]) -> None:
        super().__init__(engine)
        self.secret = secret
        """The service's secret: an erased address is kept only as a MAC under it."""

    @reconnecting
    def held(self, player: PlayerId, addresses_: Sequence[Address]) -> Held:
        """Their own rows, and of the inbox's and the mailbox's only what they sent: a row that
        merely names them (the opponent's reply quoting their name, a stranger's mail naming
        their address) is someone else's, and stays out of their export (issue 31)."""
        found = _Found(player, addresses_)
        with self.engine.connect() as connection:
            return {
                table.name: [
                    _text(row)
                    for row in connection.execute(query).mappings()
                    if found.sent(table, row)
                ]
                for table, query in found.own_rows()
            }

    @reconnecting
    def erased(self, since: datetime) -> list[tuple[PlayerId, datetime]]:
        """The players erased at or after ``since``, oldest first (for operators: ``conquian
        erased``, to erase them again in a restored backup)."""
        query = (
            select(players.c.id, players.c.erased_at)
            .where(players.c.erased_at >= since)
            .order_by(players.c.erased_at, players.c.id)
        )
        with self.engine.connect() as connection:
            return [(PlayerId(row.id), row.erased_at) for row in connection.execute(query)]

    @reconnecting
    def erase(
        self, player: PlayerId, addresses_: Sequence[Address], name: str, at: datetime
    ) -> None:
        found = _Found(player, addresses_)
        with self._writer.begin() as connection:
            keys = found.sent_keys(connection)
            _hide_keys(connection, keys, at)
            for statement in found.deletions():
                connection.execute(statement)
            _forget_profile(connection, player, at)
            _scrub_others(connection, [name, *found.values])
            suppress(connection, self.secret(), found.mails, at)  # never mailed again


class _Found:
    """Where a player's rows are: by their id, and by the addresses what they sent came from."""

    def __init__(self, player: PlayerId, addresses_: Sequence[Address]) -> None:
        self.player = player
        self.chats = [int(a.value) for a in addresses_ if a.channel == TELEGRAM]
        self.mails = [a.value.lower() for a in addresses_ if a.channel == EMAIL]
        self.values = [str(chat) for chat in self.chats] + self.mails

    def _in_payload(self) -> ColumnElement[bool]:
        """An inbox row sent from one of the addresses (a Telegram update's JSON names the chat
        and the sender by id, ``"id": 12345,``; a mail's payload its sender)."""
        payload = func.lower(inbox.c.payload)
        tests = [payload.contains(mail, autoescape=True) for mail in self.mails]
        for chat in self.chats:
            tests += [
                inbox.c.payload.contains(f'"id": {chat},'),
                inbox.c.payload.contains(f'"id": {chat}}}'),
                inbox.c.key.contains(f":{chat}:"),
            ]
        return or_(literal(False), *tests)

    def _in_mail(self) -> ColumnElement[bool]:
        raw = func.lower(email_messages.c.raw)
        return or_(literal(False), *(raw.contains(mail, autoescape=True) for mail in self.mails))

    def sent_keys(self, connection: Connection) -> dict[str, str]:
        """The keys of everything they sent (inbox and mail), each with its hidden form."""
        keys = set(connection.execute(select(inbox.c.key).where(self._in_payload())).scalars())
        keys |= set(
            connection.execute(select(email_messages.c.key).where(self._in_mail())).scalars()
        )
        return {key: erased_key(key) for key in keys if not key.startswith("erased:")}

    def sent(self, table: Table, row: Any) -> bool:
        """Whether ``row`` is theirs: an inbox row or a stored mail is if they sent it (as its
        payload or its ``From`` says), any other row found is theirs by its key."""
        if table is inbox:
            return _sender_of(row.payload) in self.values
        if table is email_messages:
            sender = parseaddr(str(Parser().parsestr(row.raw, headersonly=True)["From"]))
            return sender[1].lower() in self.mails
        return True

    def own_rows(self) -> Iterable[tuple[Table, Any]]:
        player = self.player
        yield players, select(players).where(players.c.id == player)
        yield addresses, select(addresses).where(addresses.c.player_id == player)
        yield vacations, select(vacations).where(vacations.c.player_id == player)
        yield (
            telegram_players,
            select(telegram_players).where(telegram_players.c.player_id == player),
        )
        yield email_contacts, select(email_contacts).where(email_contacts.c.address.in_(self.mails))
        yield email_threads, select(email_threads).where(email_threads.c.player_id == player)
        yield link_codes, select(link_codes).where(link_codes.c.player_id == player)
        yield outbox, select(outbox).where(outbox.c.player == player)
        yield notice_push, select(notice_push).where(notice_push.c.player == player)
        yield notice_mail, select(notice_mail).where(notice_mail.c.player == player)
        yield seeks, select(seeks).where(seeks.c.owner == player)
        yield pairing_pool, select(pairing_pool).where(pairing_pool.c.player == player)
        yield reviews, select(reviews).where(reviews.c.player == player).order_by(reviews.c.game_id)
        yield inbox, select(inbox).where(self._in_payload()).order_by(inbox.c.id)
        yield (
            email_messages,
            select(email_messages).where(self._in_mail()).order_by(email_messages.c.id),
        )

    def deletions(self) -> Iterable[Any]:
        player = self.player
        yield delete(vacations).where(vacations.c.player_id == player)
        yield delete(addresses).where(addresses.c.player_id == player)
        yield delete(telegram_players).where(telegram_players.c.player_id == player)
        yield delete(telegram_turn_messages).where(telegram_turn_messages.c.chat_id.in_(self.chats))
        yield delete(telegram_chat_pace).where(telegram_chat_pace.c.chat_id.in_(self.chats))
        yield delete(email_contacts).where(email_contacts.c.address.in_(self.mails))
        yield delete(email_threads).where(email_threads.c.player_id == player)
        yield delete(link_codes).where(
            or_(link_codes.c.player_id == player, func.lower(link_codes.c.value).in_(self.values))
        )
        yield delete(outbox).where(outbox.c.player == player)
        yield delete(confirmation_codes).where(confirmation_codes.c.player_id == player)
        yield delete(notice_push).where(notice_push.c.player == player)
        yield delete(notice_mail).where(notice_mail.c.player == player)
        yield delete(notices_sent).where(notices_sent.c.player == player)
        yield delete(quota_uses).where(quota_uses.c.key == f"notice-mail:{player}")
        # The profile goes private and off the leaderboard; the standing stays, under the id
        # alone, so that `conquian ratings rebuild` still gives what the follower kept.
        yield delete(profile_choices).where(profile_choices.c.player == player)
        yield delete(seeks).where(seeks.c.owner == player)
        # A wait already paired is left to the pairing step, which settles both rows together.
        yield delete(pairing_pool).where(
            pairing_pool.c.player == player, pairing_pool.c.pair_key.is_(None)
        )
        yield delete(reviews).where(reviews.c.player == player)
        for mail in self.mails:
            yield delete(quota_uses).where(quota_uses.c.key.endswith(f":{mail}", autoescape=True))


def _hide_keys(connection: Connection, keys: dict[str, str], at: datetime) -> None:
    """Each key hidden everywhere it is, the copies emptied; nothing of it is handled later."""
    for old, new in keys.items():
        # What they sent and nobody answered yet is not answered now.
        connection.execute(delete(inbox).where(inbox.c.key == old, inbox.c.reply.is_(None)))
        connection.execute(update(inbox).where(inbox.c.key == old).values(key=new, payload=""))
        connection.execute(
            update(telegram_updates)
            .where(telegram_updates.c.key == old)
            .values(key=new, answered_at=func.coalesce(telegram_updates.c.answered_at, at))
        )
        connection.execute(
            update(email_messages)
            .where(email_messages.c.key == old)
            .values(
                key=new,
                raw="",
                envelope="",
                outcome=None,
                done_at=func.coalesce(email_messages.c.done_at, at),
            )
        )
        connection.execute(
            update(email_uids).where(email_uids.c.message_key == old).values(message_key=new)
        )


def _forget_profile(connection: Connection, player: PlayerId, at: datetime) -> None:
    defaults = {
        "name": "",
        "language": "en",
        "timezone": "UTC",
        "quiet_hours": "",
        "reminders": list(DEFAULT_REMINDERS),
        "vacation_days": 14,
        "card_faces": "",
        "muted": [],
        "practice_skipped": False,
        "erased_at": at,
    }
    connection.execute(update(players).where(players.c.id == player).values(defaults))


def _scrub_others(connection: Connection, secrets: list[str]) -> None:
    """Other rows that quote the name or an address: a handled message's copy is emptied, a
    waiting mail is left to be handled (it is someone else's), a reply names a former player, an
    error says nothing of the address."""
    for secret in filter(None, secrets):
        lowered = secret.lower()
        quoted = json.dumps(secret)[1:-1]
        handled = inbox.c.reply.is_not(None)
        connection.execute(
            update(inbox)
            .where(handled, func.lower(inbox.c.payload).contains(lowered, autoescape=True))
            .values(payload="")
        )
        connection.execute(
            update(inbox)
            .where(inbox.c.reply.contains(quoted, autoescape=True))
            .values(reply=func.replace(inbox.c.reply, quoted, FORMER))
        )
        connection.execute(
            update(email_messages)
            .where(
                email_messages.c.done_at.is_not(None),
                func.lower(email_messages.c.raw).contains(lowered, autoescape=True),
            )
            .values(raw="", envelope="")
        )
        connection.execute(
            update(email_messages)
            .where(func.lower(email_messages.c.outcome).contains(lowered, autoescape=True))
            .values(outcome=None)
        )
        connection.execute(
            update(outbox)
            .where(func.lower(outbox.c.last_error).contains(lowered, autoescape=True))
            .values(last_error=None)
        )


def _sender_of(payload: str) -> str | None:
    """Who sent an inbox row's request, as its payload says: a Telegram update's ``from`` id, a
    mail's ``from`` address; None when it does not say (a plain command's text)."""
    try:
        data = json.loads(payload)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    sender = data.get("from")
    if isinstance(sender, str):
        return sender.lower()
    for value in data.values():
        if isinstance(value, dict) and isinstance(value.get("from"), dict):
            return str(value["from"].get("id"))
    return None


def _text(row: Any) -> dict[str, str]:
    return {column: "" if value is None else str(value) for column, value in row.items()}
