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

from adapters.sql.email_contacts import EmailContacts, MailChoice
from adapters.sql.email_digests import DIGEST as STORED_DIGEST
from service.language.translation import Translator
from service.rules.errors import N_


class When(enum.StrEnum):
    TURN = "turn"
    EACH = "each"
    DIGEST = STORED_DIGEST  # the word the digest's claims look for


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
    """The choices of an address, as words: stored on its contact row (``EmailContacts``)."""

    def __init__(self, contacts: EmailContacts) -> None:
        self.contacts = contacts

    def choose(self, address: str, choice: str, now: datetime) -> None:
        """Store ``choice`` (one of ``WORDS``) for ``address``; choosing the digest at ``now``
        starts it there (its first mail tells the news from then on)."""
        if choice in (TEXT, HTML):
            self.contacts.choose_text_only(address, choice == TEXT)
            return
        when = None if choice == When.TURN else choice
        self.contacts.choose_when(address, when, now if choice == When.DIGEST else None)

    def of(self, address: str) -> tuple[When, bool]:
        """When ``address`` hears news, and whether in text only."""
        return chosen(self.contacts.choice_of(address))


def chosen(stored: MailChoice) -> tuple[When, bool]:
    """When an address with ``stored`` choices hears news, and whether in text only."""
    return When(stored.when or When.TURN), stored.text_only
