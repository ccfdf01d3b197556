"""A mail address's own choices: when news that asks nothing of its player comes, and whether
mail comes in text only.  Kept per address (``email_contacts``), since they are about mail.

    mail turn      one mail when it becomes my turn, with the news since my last move (default)
    mail each      a mail for each move of my opponent, even while I wait
    mail digest    news while I wait in one mail a day (``digests.py``); the turn mail as with ``turn``
    mail text      text only: no HTML part, no picture
    mail html      text and HTML with the table's picture (default)

Each may follow ``settings`` too (``settings mail each``).  The mail that answers it lists them.
"""

from __future__ import annotations

import enum
from datetime import datetime
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.dialects import postgresql, sqlite

from adapters.sql.email_tables import email_contacts
from adapters.sql.engine import is_postgresql, reconnecting, writer
from service.language.translation import Translator
from service.rules.errors import N_


class When(enum.StrEnum):
    TURN = "turn"
    EACH = "each"
    DIGEST = "digest"


TEXT = "text"
HTML = "html"
WORDS = (*When, TEXT, HTML)
HOW_TO = N_(
    "To choose when mail comes, reply {turn} (one mail when it is your turn), {each} "
    "(a mail for every move) or {digest} (news while you wait in one mail a day, at 8:00 "
    "your time); "
    "{text} for text only, {html} for the picture."
)


def how_to(tr: Translator) -> str:
    """How to make each choice, the command words as typed (they are English in every language,
    like ``new game with``)."""
    typed = {str(one): f"mail {one}" for one in WORDS}
    return tr.gettext(HOW_TO, **typed)


def read_choice(command: str) -> str | None:
    """The choice a first line makes (``mail each``, ``settings mail text``), or None."""
    words = command.lower().split()
    if words[:1] == ["settings"]:
        words = words[1:]
    if len(words) == 2 and words[0] == "mail" and words[1] in WORDS:
        return words[1]
    return None


def choices_text(when: When, text_only: bool, tr: Translator) -> str:
    """The address's choices, as the answer to a change shows them."""
    timing = {
        When.TURN: tr.gettext("Mail comes when it is your turn, with the news since your move."),
        When.EACH: tr.gettext("Mail comes for every move of your opponent."),
        When.DIGEST: tr.gettext(
            "Mail comes when it is your turn; news while you wait in one mail a day, at 8:00 "
            "your time (or when your quiet hours end)."
        ),
    }[when]
    shape = (
        tr.gettext("Mail is text only.")
        if text_only
        else tr.gettext("Mail has the table's picture.")
    )
    return f"{timing} {shape}"


class MailChoices:
    """The choices on the channel's database (the ``email_contacts`` row of an address)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._writer = writer(engine)
        self._insert: Any = postgresql.insert if is_postgresql(engine) else sqlite.insert

    @reconnecting
    def choose(self, address: str, choice: str, now: datetime) -> None:
        """Store ``choice`` (one of ``WORDS``) for ``address``; choosing the digest at ``now``
        starts it there (its first mail tells the news from then on)."""
        column = "mail_format" if choice in (TEXT, HTML) else "mail_when"
        value = None if choice in (HTML, When.TURN) else choice
        values: dict[str, Any] = {column: value}
        if choice == When.DIGEST:
            values["digest_at"] = now
        insert = self._insert(email_contacts).values(address=address.lower(), **values)
        upsert = insert.on_conflict_do_update(
            index_elements=[email_contacts.c.address], set_=values
        )
        with self._writer.begin() as connection:
            connection.execute(upsert)

    @reconnecting
    def of(self, address: str) -> tuple[When, bool]:
        """When ``address`` hears news, and whether in text only."""
        query = select(email_contacts.c.mail_when, email_contacts.c.mail_format).where(
            email_contacts.c.address == address.lower()
        )
        with self.engine.connect() as connection:
            row = connection.execute(query).one_or_none()
        if row is None:
            return When.TURN, False
        return When(row.mail_when or When.TURN), row.mail_format == TEXT
