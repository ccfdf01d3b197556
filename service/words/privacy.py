"""What the service keeps about a player, why, for how long and who sees it: one text for every
channel (the web's ``/privacy``, Telegram's ``/privacy``, a ``privacy`` mail) and the README's
section says the same (issue 25).  The windows are the operator's (``CONQUIAN_KEEP_*_DAYS``)."""

from __future__ import annotations

from dataclasses import dataclass

from service.language.translation import Translator
from service.rules.errors import N_

SECTIONS = (
    (
        N_("What is kept, and why"),
        (
            N_(
                "Your name, as you gave it, and your settings (language, time zone, quiet hours, "
                "reminders, card faces, vacations): to speak to you and to run your clock."
            ),
            N_(
                "Where you are reached: your Telegram id, your email address or your browser's "
                "key. They are used only to send you your games' news."
            ),
            N_(
                "Your games, move by move, in their logs. A log names its players only by a "
                "random id. A finished game's log can be downloaded by anyone who knows the game, "
                "so that anyone can check it was played fair."
            ),
        ),
    ),
    (
        N_("For how long"),
        (
            N_(
                "What you send (a message, a mail, a button you press) is kept {copies} days "
                "after it was handled, then emptied; what recognises it if it arrives twice is "
                "kept {keys} days. The news sent to you is kept {sent} days."
            ),
            N_(
                "Your name, addresses and settings are kept until you erase them. Game logs are "
                "kept for good; once you are erased they call you a former player."
            ),
            N_(
                "The operators keep backups for a limited time; an erasure reaches a backup when "
                "that backup expires."
            ),
        ),
    ),
    (
        N_("Who can see it"),
        (
            N_(
                "You; your opponents see your name and the moves of your games; the operators of "
                "this service see everything, to run it. Nothing is sold or shared with anyone "
                "else."
            ),
            N_(
                "Anyone else sees your name, your profile and the games you played only once you "
                "make your profile public (stats public); until then they are told only that a "
                "player played, never your name or your id."
            ),
        ),
    ),
    (
        N_("See it, erase it"),
        (
            N_(
                "Download everything held about you from your game's page, with /mydata on "
                "Telegram, by mailing my data, or with GET /api/v1/players/{{id}}/data."
            ),
            N_(
                "Erase it from your game's page, with /erase on Telegram, by mailing erase, or "
                "with DELETE /api/v1/players/{{id}}. It cannot be undone: your running games are "
                "resigned, you are withdrawn from your tournaments, and your finished games call "
                "you a former player."
            ),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Kept:
    """How many days each kind of working row is kept (``adapters/sql/retention.py``)."""

    copies: int = 14
    keys: int = 30
    sent: int = 7


def privacy_sections(tr: Translator, kept: Kept) -> list[tuple[str, list[str]]]:
    """The text in ``tr``'s language: each heading with its paragraphs."""
    days = {"copies": kept.copies, "keys": kept.keys, "sent": kept.sent}
    return [
        (tr.gettext(heading), [tr.gettext(paragraph, **days) for paragraph in paragraphs])
        for heading, paragraphs in SECTIONS
    ]


def privacy_text(tr: Translator, kept: Kept) -> str:
    """The same as plain text, for a chat or a mail."""
    return "\n\n".join(
        "\n".join([heading.upper(), *paragraphs])
        for heading, paragraphs in privacy_sections(tr, kept)
    )
