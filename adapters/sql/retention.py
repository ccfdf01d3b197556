"""``SqlRetention``: working rows are kept only as long as they are needed (issue 25), pruned by the
worker's ``prune`` job.

Two windows, counted from when a message was received:

* ``copies`` — the copy of what a player sent (an inbox row's payload, a stored mail's raw text
  and envelope) is emptied once its message was handled and this long has passed.  A handled
  message is never read again from its copy, except a mail that asked for a confirmation (issue
  24), whose request is read again when the confirmation comes: it keeps its copy for ``keys``.
* ``keys`` — what recognises a message delivered again (the inbox row with its key and its
  recorded reply, the stored mail's key, the mailbox UIDs, Telegram's update id) is deleted after
  this.  Nothing can arrive again that late: Telegram gives up an unconfirmed update after a day,
  a mail server a message after five days, and a mailbox's message is flagged read once stored.
  A message not handled yet keeps everything, however old: it is still to be answered.

Notifications sent, given up or superseded go after ``sent``, and so does the ledger of turn
notices sent to web players; a notice address not confirmed in time goes when its link expires; counted uses once older than the
longest quota window (a week) and a day; link codes and confirmation codes once expired; a chat's turn to post
(``telegram_chat_pace``) a minute after it passed.  A seek of the lobby goes ``keys`` after its
expiry, however it ended (accepted, withdrawn or expired): until then an accept or a publication
delivered again may still ask for it (the taker's second accept reaches the same game through the
accepted seek), and a seek lasts at most 30 days, so none is kept more than twice that
(docs/decisions/lobby-ended-seeks-are-pruned.md).  Each step is one statement, so a prune that
stops half-way is simply continued by the next.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Engine, delete, exists, select, update

from adapters.sql.confirmation_tables import confirmation_codes
from adapters.sql.email_tables import email_messages, email_uids, link_codes
from adapters.sql.engine import reconnecting
from adapters.sql.notice_tables import notice_mail, notices_sent
from adapters.sql.notices import CONFIRM_WITHIN
from adapters.sql.quota_tables import quota_uses
from adapters.sql.seek_tables import seeks
from adapters.sql.tables import inbox, outbox
from adapters.sql.telegram_tables import telegram_chat_pace, telegram_updates

COUNTED = timedelta(days=8)
"""Longer than any quota's window (``service.players.invitations``: a week)."""
PACE_KEPT_SECONDS = 60
"""A chat's turn to post matters for a second; kept a minute, then pruned."""
FINISHED = ("delivered", "failed", "superseded")
CONFIRMING = "confirmation asked"
"""The outcome of a mail whose request waits for its sender's confirmation (its copy is read
again then)."""


@dataclass(frozen=True)
class Windows:
    copies: timedelta = timedelta(days=14)
    keys: timedelta = timedelta(days=30)
    sent: timedelta = timedelta(days=7)


class SqlRetention:
    def __init__(self, engine: Engine, windows: Windows | None = None) -> None:
        self.engine = engine
        self.windows = windows or Windows()

    @reconnecting
    def prune(self, now: datetime) -> dict[str, int]:
        """Prune what is past its window at ``now``; how many rows each step touched."""
        copies, keys = now - self.windows.copies, now - self.windows.keys
        handled = inbox.c.reply.is_not(None)
        done = email_messages.c.done_at.is_not(None)
        steps = {
            "inbox copies": update(inbox)
            .where(handled, inbox.c.received_at < copies, inbox.c.payload != "")
            .values(payload=""),
            "inbox keys": delete(inbox).where(handled, inbox.c.received_at < keys),
            "mail copies": update(email_messages)
            .where(
                done,
                email_messages.c.received_at < copies,
                email_messages.c.raw != "",
                email_messages.c.outcome.is_distinct_from(CONFIRMING),
            )
            .values(raw="", envelope=""),
            "mail keys": delete(email_messages).where(done, email_messages.c.received_at < keys),
            "mailbox uids": delete(email_uids).where(
                ~exists(select(1).where(email_messages.c.key == email_uids.c.message_key))
            ),
            "telegram updates": delete(telegram_updates).where(
                telegram_updates.c.answered_at.is_not(None), telegram_updates.c.received_at < keys
            ),
            "notifications": delete(outbox).where(
                outbox.c.status.in_(FINISHED), outbox.c.created_at < now - self.windows.sent
            ),
            "sent notices": delete(notices_sent).where(
                notices_sent.c.sent_at < now - self.windows.sent
            ),
            "unconfirmed notice addresses": delete(notice_mail).where(
                notice_mail.c.confirmed_at.is_(None), notice_mail.c.asked_at < now - CONFIRM_WITHIN
            ),
            "counted uses": delete(quota_uses).where(quota_uses.c.at < now - COUNTED),
            "chats' paces": delete(telegram_chat_pace).where(
                telegram_chat_pace.c.free_at < now.timestamp() - PACE_KEPT_SECONDS
            ),
            "ended seeks": delete(seeks).where(seeks.c.expires < keys),
            "link codes": delete(link_codes).where(link_codes.c.expires_at < now),
            "confirmation codes": delete(confirmation_codes).where(
                confirmation_codes.c.expires_at < now
            ),
        }
        counts = {}
        with self.engine.connect() as connection:
            for name, statement in steps.items():
                counts[name] = connection.execute(statement).rowcount
        return counts
