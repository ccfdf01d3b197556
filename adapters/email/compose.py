"""Putting a ``Letter`` in a mail: multipart plain text and HTML (with the table's picture inline),
threaded per game and player, marked as sent by a machine.

Every mail of one player's game names the same root in ``In-Reply-To``/``References`` and has
the same subject, so mail clients keep a game in one thread.  A notification's ``Message-ID`` is
made from the notification itself, so sending it again (after a crash) is recognisable as the
same mail.  ``Auto-Submitted: auto-generated`` and ``X-Loop`` are on everything we send: a
responder that honours RFC 3834 stays silent, and mail that comes back to us is recognised.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from adapters.email.addressing import Addresses
from adapters.email.automatic import LOOP_HEADER
from adapters.email.letters import Letter, letter_html, letter_text
from adapters.email.picture import table_png
from service.language.translation import ENGLISH, Translator

SERVICE_NAME = "Conquian"


@dataclass(frozen=True)
class Heading:
    to: str
    subject: str
    message_id: str
    reply_to: str | None = None
    in_reply_to: str | None = None
    references: tuple[str, ...] = ()


@dataclass(frozen=True)
class Composer:
    addresses: Addresses

    def game_root(self, game_id: str, player: str) -> str:
        """The ``Message-ID`` every mail of this player's game refers to."""
        return f"<game.{game_id}.{player}@{self.addresses.domain}>"

    def notification_id(self, game_id: str, player: str, span: str) -> str:
        return f"<note.{game_id}.{player}.{span}@{self.addresses.domain}>"

    def answer_id(self, inbound_key: str) -> str:
        digest = hashlib.sha256(inbound_key.encode()).hexdigest()[:24]
        return f"<answer.{digest}@{self.addresses.domain}>"

    def mail(self, heading: Heading, letter: Letter, at: datetime) -> EmailMessage:
        message = EmailMessage()
        message["From"] = formataddr((SERVICE_NAME, self.addresses.service))
        message["To"] = heading.to
        if heading.reply_to:
            message["Reply-To"] = heading.reply_to
        message["Subject"] = heading.subject
        message["Date"] = format_datetime(at)
        message["Message-ID"] = heading.message_id
        if heading.in_reply_to:
            message["In-Reply-To"] = heading.in_reply_to
        if heading.references:
            message["References"] = " ".join(heading.references)
        message["Auto-Submitted"] = "auto-generated"
        message[LOOP_HEADER] = self.addresses.service
        message.set_content(letter_text(letter))
        picture = None
        if letter.view is not None:
            opponent = letter.opponent or letter.tr.gettext("your opponent")
            picture = table_png(letter.view, opponent, letter.tr)
        cid = heading.message_id.strip("<>").replace("@", ".picture@")
        message.add_alternative(letter_html(letter, cid if picture else None), subtype="html")
        if picture is not None:
            html_part = list(message.iter_parts())[1]
            html_part.add_related(picture, "image", "png", cid=f"<{cid}>", filename="table.png")
        return message


def game_subject(game_id: str, host: str, tr: Translator = ENGLISH) -> str:
    """The subject every mail of a game carries, from the invitation on: ``Conquian: Ana's game
    (a1b2c3)`` (the host, who never changes, and the start of the game's id), in the reader's
    language; threads hold together by their ``References``, not by the subject."""
    return tr.gettext(
        "{service}: {name}'s game ({game})", service=SERVICE_NAME, name=host, game=game_id[:6]
    )


def reply_subject(subject: str) -> str:
    """``Re:`` and the subject on one line: Python refuses a header with a line break in it, and
    ``str.splitlines`` breaks at control characters such as ``\x1c`` too."""
    subject = " ".join("".join(c if c.isprintable() else " " for c in subject).split())
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
