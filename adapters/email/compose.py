"""Putting a ``Letter`` in a mail: multipart plain text and HTML (with the table's picture inline),
threaded per game and player, marked as sent by a machine.

Every mail of one player's game names the same root in ``In-Reply-To``/``References``, so mail
clients keep a game in one thread; its subject says the game's short id and whose turn it is
(``service.words.subjects``), never a name.  A notification's ``Message-ID`` is
made from the notification itself, so sending it again (after a crash) is recognisable as the
same mail.  ``Auto-Submitted: auto-generated`` and ``X-Loop`` are on everything we send: a
responder that honours RFC 3834 stays silent, and mail that comes back to us is recognised.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from email.message import EmailMessage

from adapters.email.addressing import Addresses
from adapters.email.letters import Letter, letter_html, letter_text
from adapters.email.picture import table_png
from adapters.mail.headers import SERVICE_NAME, ours, unsubscribe_links
from service.language.translation import ENGLISH, Translator
from service.players.unsubscribe import Unsubscribe


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
    unsubscribe: Unsubscribe | None = None
    """Signs the ``List-Unsubscribe`` addresses; None leaves the header off (tests of layout)."""
    unsubscribe_url: str | None = None
    """``<public URL>/unsubscribe`` when the web side is on: the RFC 8058 one-click link."""

    def page(self, path: str) -> str | None:
        """The web page at ``path`` (``/games/<id>/replay``) when the web side is on: its public
        URL is the one-click unsubscribe link's base."""
        if not self.unsubscribe_url:
            return None
        return self.unsubscribe_url.removesuffix("/unsubscribe") + path

    def game_root(self, game_id: str, player: str) -> str:
        """The ``Message-ID`` every mail of this player's game refers to."""
        return f"<game.{game_id}.{player}@{self.addresses.domain}>"

    def notification_id(self, game_id: str, player: str, span: str) -> str:
        return f"<note.{game_id}.{player}.{span}@{self.addresses.domain}>"

    def answer_id(self, inbound_key: str) -> str:
        digest = hashlib.sha256(inbound_key.encode()).hexdigest()[:24]
        return f"<answer.{digest}@{self.addresses.domain}>"

    def mail(
        self, heading: Heading, letter: Letter, at: datetime, text_only: bool = False
    ) -> EmailMessage:
        """The mail of ``letter``: its text, and unless ``text_only`` its HTML with the table's
        picture inline (``Content-Disposition: inline`` in ``multipart/related``, so no client
        lists it as an attachment)."""
        message = EmailMessage()
        ours(message, self.addresses.service, heading.to, heading.message_id, at)
        if heading.reply_to:
            message["Reply-To"] = heading.reply_to
        message["Subject"] = heading.subject
        if heading.in_reply_to:
            message["In-Reply-To"] = heading.in_reply_to
        if heading.references:
            message["References"] = " ".join(heading.references)
        stop = None if self.unsubscribe is None else self.unsubscribe.mac(heading.to)
        mailto = None if stop is None else self.addresses.stop(stop)
        unsubscribe_links(message, heading.to, self.unsubscribe, self.unsubscribe_url, mailto)
        message.set_content(letter_text(letter))
        if not text_only:
            self._html(message, heading, letter)
        if letter.attachment is not None:
            name, content = letter.attachment
            message.add_attachment(content, "application", "json", filename=name)
        return message

    def _html(self, message: EmailMessage, heading: Heading, letter: Letter) -> None:
        picture = None
        if letter.view is not None:
            opponent = letter.opponent or letter.tr.gettext("your opponent")
            picture = table_png(letter.view, opponent, letter.tr)
        cid = heading.message_id.strip("<>").replace("@", ".picture@")
        subject = reply_subject(heading.subject)
        body = letter_html(letter, cid if picture else None, heading.reply_to, subject)
        message.add_alternative(body, subtype="html")
        if picture is not None:
            html_part = list(message.iter_parts())[1]
            html_part.add_related(
                picture,
                "image",
                "png",
                cid=f"<{cid}>",
                filename="table.png",
                disposition="inline",
            )


def invitation_subject(game_id: str, tr: Translator = ENGLISH) -> str:
    """The subject of a game's mail to someone who has not played in it yet (the invitation): no
    name in it, since a name is chosen by whoever asks for the game, who may be a stranger."""
    return tr.gettext(
        "{service}: an invitation to a game ({game})", service=SERVICE_NAME, game=game_id[:6]
    )


def confirmation_subject(tr: Translator = ENGLISH) -> str:
    return tr.gettext("{service}: confirm your invitation", service=SERVICE_NAME)


def reply_subject(subject: str) -> str:
    """``Re:`` and the subject on one line: Python refuses a header with a line break in it, and
    ``str.splitlines`` breaks at control characters such as ``\x1c`` too."""
    subject = " ".join("".join(c if c.isprintable() else " " for c in subject).split())
    return subject if subject.lower().startswith("re:") else f"Re: {subject}"
