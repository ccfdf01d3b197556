"""The email surface: raw mail handed to the channel as the MTA pipe or the IMAP poller hands it
(``Handler.receive``, then ``handle_waiting``), on SQLite, answers going to a real SMTP server.

A case is a mail built from fuzzed parts — senders (the players, strangers, nonsense), the
recipient (the service's address, a player's genuine reply address, one altered), subject,
message id, the headers that mark automatic mail, content types, charsets and transfer
encodings, a body of grammar and noise with quoted lines below it — or plain bytes.  After each:
nothing was logged as a failure, the mail is handled (not left waiting), and a refused mail
moved no game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from adapters.email.addressing import Addresses
from adapters.email.inbound import read
from tests.email.world import ANA, BEN, DOMAIN, SERVICE
from tests.reliability.fuzz.inputs import (
    EXAMPLES,
    LARGE,
    PIPELINE_EXAMPLES,
    large_texts,
    seeded,
    some_text,
)
from tests.reliability.fuzz.mail_ground import MailGround
from tests.reliability.fuzz.progress import progress

TOKEN, BOUNCE = "<token>", "<bounce>"
"""Placeholders for Ana's genuine reply address and its bounce (VERP) address, known only once
the game has started."""

ADDRESSES = (
    *(ANA, BEN, "cy@example.org", SERVICE, TOKEN, "mailer-daemon@example.org", "", "<>", "@"),
    *("a@", "@b", '"x y"@z', "ana@EXAMPLE.org", "Ana <ana@example.org", "=?bogus?q?x?=", "(((("),
    *("=?utf-8?b?w6E=?= <ana@example.org>", "a@b, c@d"),
)
RECIPIENTS = (
    *(SERVICE, TOKEN, TOKEN, TOKEN + "x", "reply+1-1-k1-aaaa@conquian.test", BOUNCE),
    *("reply+@conquian.test", "reply+9-9-k9-x@conquian.test"),
)
CONTENT_TYPES = (
    *("text/plain; charset=utf-8", "text/plain; charset=iso-8859-1", "text/plain"),
    *("text/plain; charset=bogus-8", 'text/plain; charset="', "text/html; charset=utf-8"),
    *("multipart/alternative; boundary=b", "multipart/mixed", "application/octet-stream"),
    "multipart/report; report-type=delivery-status; boundary=b",
)
ENCODINGS = ("", "", "7bit", "8bit", "base64", "quoted-printable", "x-uuencode", "binary")
HEADERS = (
    *("Auto-Submitted: auto-replied", "Auto-Submitted: no", "Precedence: bulk"),
    *("X-Autoreply: yes", "Return-Path: <>", "X-Loop: reply@conquian.test"),
    *("Delivered-To: <token>", "Cc: <token>, ben@example.org", "In-Reply-To: <x@y>"),
    *("References: <<<<", "Date: not a date", "MIME-Version: 2.0"),
    *("Subject: =?utf-8?q?=E2=99=A5?=", "Message-ID: <same@example.org>"),
)
MESSAGE_IDS = ("<fresh>", "<fresh>", "", "<same@example.org>", "<>", "x")
LINES = ("1", "2", "99", "²", "٣", "0", "-1", "9" * 30, "join", "link 123456")
ENVELOPES = ((), (SERVICE,), (TOKEN,), ("nobody@example.org",))


def mail_of(rng: random.Random) -> tuple[bytes | str, tuple[str, ...]]:
    """A mail (bytes, or a text template with placeholders) and its envelope recipients."""
    if rng.randrange(10) == 0:
        return rng.randbytes(rng.randrange(300)), ()
    lines = [
        f"From: {_address(rng)}",
        f"To: {rng.choice(RECIPIENTS) if rng.randrange(3) else _address(rng)}",
    ]
    if rng.randrange(5):
        lines.append(f"Subject: {some_text(rng)}")
    if message_id := rng.choice(MESSAGE_IDS):
        lines.append(f"Message-ID: {message_id}")
    lines += rng.sample(HEADERS, rng.randrange(4))
    content_type, encoding = rng.choice(CONTENT_TYPES), rng.choice(ENCODINGS)
    lines.append(f"Content-Type: {content_type}")
    if encoding:
        lines.append(f"Content-Transfer-Encoding: {encoding}")
    body = _body(rng)
    if content_type.startswith("multipart"):
        body = f"--b\nContent-Type: text/plain\n\n{body}\n--b\nContent-Type: text/html\n\n<p>x</p>\n--b--\n"
    return "\n".join(lines) + "\n\n" + body, rng.choice(ENVELOPES)


def _address(rng: random.Random) -> str:
    return rng.choice(ADDRESSES) if rng.randrange(4) else some_text(rng)


def _body(rng: random.Random) -> str:
    shape = rng.randrange(4)
    if shape == 0:
        return some_text(rng)
    if shape == 1:
        return f"{some_text(rng)}\n\n> {some_text(rng, noise=False)}\n"
    if shape == 2:
        return f"<html><p>{some_text(rng)}</p><blockquote>pass</blockquote>"
    return rng.choice(LINES)


mails = seeded(mail_of)


class MailReading:
    """``inbound.read``: what handling reads of a raw mail (key, sender, tag, whether a person
    wrote it, the body as text and its command line), for any bytes."""

    name = "email reading"
    examples = EXAMPLES
    cases = mails

    def __init__(self) -> None:
        self.addresses = Addresses(DOMAIN, SERVICE)
        self._numbers = iter(range(10**12))

    def check(self, case: tuple[bytes | str, tuple[str, ...]]) -> None:
        template, envelope = case
        raw = (
            template
            if isinstance(template, bytes)
            else _filled(template, TOKEN_EXAMPLE, self._numbers)
        )
        inbound = read(
            raw,
            self.addresses,
            [_filled(one, TOKEN_EXAMPLE, self._numbers).decode() for one in envelope],
        )
        assert inbound.key
        assert "\n" not in inbound.command
        if inbound.sender:
            assert inbound.sender.isprintable() and "@" in inbound.sender

    @staticmethod
    def large_cases(rng: random.Random) -> list[Any]:
        return Mail.large_cases(rng)


class Mail(MailGround):
    """Raw mail through the email channel's handler."""

    name = "email"
    examples = PIPELINE_EXAMPLES
    cases = mails

    def __init__(self, data_dir: Path | None = None) -> None:
        super().__init__(data_dir, ("Ana", ANA), ("Ben", BEN))
        self.token = self._start_game()

    def _start_game(self) -> str:
        self.game_id = self.world.start_game()
        return str(self.world.latest(ANA).message["Reply-To"])

    def check(self, case: tuple[bytes | str, tuple[str, ...]]) -> None:
        if self.world.service.game(self.game_id).status != "playing":
            self.token = self._start_game()
        template, envelope = case
        raw = self._filled(template)
        before = progress(self.world.wiring.engine)
        self.failures.records.clear()
        key = self.handler.receive(
            raw, tuple(_filled(one, self.token, self.numbers).decode() for one in envelope)
        )
        done = self.handler.handle_waiting()
        assert not self.failures.records, self.failures.records[0].getMessage()
        assert not self.handler.store.waiting(1), "a mail is left waiting"
        outcome = done.get(key, "")
        if outcome.startswith(("refused", "ignored")):
            assert progress(self.world.wiring.engine) == before, (
                f"{outcome} yet moved: {raw[:300]!r}"
            )
        self.sink.received.clear()

    def _filled(self, template: bytes | str) -> bytes:
        return (
            template if isinstance(template, bytes) else _filled(template, self.token, self.numbers)
        )

    @staticmethod
    def large_cases(rng: random.Random) -> list[Any]:
        """64 KB bodies in a genuine reply from Ana, and 64 KB headers."""
        cases: list[Any] = []
        for text in large_texts(rng):
            head = f"From: {ANA}\nTo: {TOKEN}\nMessage-ID: <fresh>\nContent-Type: text/plain; charset=utf-8\n\n"
            cases.append((head + text, ()))
        cases.append((f"From: {ANA}\nTo: {TOKEN}\nSubject: {'x ' * (LARGE // 2)}\n\npass\n", ()))
        cases.append((f"From: {'(' * LARGE}\nTo: {SERVICE}\n\nnew game\n", ()))
        cases.append((f"From: {ANA}\nTo: {', '.join([TOKEN] * (LARGE // 60))}\n\npass\n", ()))
        cases.append(
            (f"From: {ANA}\nTo: {TOKEN}\nContent-Type: text/html\n\n" + "<div>" * (LARGE // 5), ())
        )
        return cases


TOKEN_EXAMPLE = "reply+1-3-k1-abcdefghijklmnopqrstuvwxyz@conquian.test"
"""A reply address of the right shape, for reading mail without a game."""


def _filled(template: str, token: str, numbers: Iterator[int]) -> bytes:
    """The mail with its placeholders filled: the reply address, its bounce address, a fresh
    message id."""
    local, _, domain = token.partition("@")
    bounce = f"reply+bounce-{local.removeprefix('reply+')}@{domain}"
    text = template.replace(TOKEN, token).replace(BOUNCE, bounce)
    text = text.replace("<fresh>", f"<fuzz{next(numbers)}@example.org>")
    return text.encode("utf-8", "surrogateescape")
