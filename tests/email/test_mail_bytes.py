"""A notification's mail is what it was before its making was made cheaper (issue 35): the golden
files are the mails 1517e9e composed (its own tree, this file's ``mail_bytes``), their MIME
boundaries (random per mail) numbered; Date and Message-ID are fixed by the caller.  Every byte is
the same but the picture's: it is compressed faster now (``picture.COMPRESS_LEVEL``), so its
pixels are compared instead."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from email.parser import BytesParser
from email.policy import default
from pathlib import Path

import pytest
from PIL import Image

from adapters.email.addressing import Addresses
from adapters.email.compose import Composer, Heading
from adapters.email.letters import Letter
from service.language.translation import translator
from tests.positions import midgame, to_act

GOLDEN = Path(__file__).with_name("golden")


def mail_bytes(language: str) -> bytes:
    """A turn's mail with the table's picture, in ``language``, its boundaries numbered."""
    letter = Letter(
        ("It is your turn.",),
        to_act(midgame()),
        "Ben",
        ("Ben took 4C 4S with 2S.",),
        tr=translator(language),
        commands=True,
        game_id="g1abcdef",
    )
    composer = Composer(Addresses("conquian.test", "conquian@conquian.test"))
    heading = Heading(
        "ana@example.org",
        "Conquian g1abcd: your turn",
        "<note.g1.pana.3-4.moves@conquian.test>",
        reply_to="play+t0k3n@conquian.test",
        in_reply_to="<game.g1.pana@conquian.test>",
        references=("<game.g1.pana@conquian.test>",),
    )
    raw = composer.mail(heading, letter, datetime(2026, 3, 2, 9, 0, tzinfo=UTC)).as_bytes()
    found: list[bytes] = []
    for one in re.findall(rb'boundary="([^"]+)"', raw):
        if one not in found:
            found.append(one)
    for number, one in enumerate(found):
        raw = raw.replace(one, b"BOUNDARY-%d" % number)
    return raw


def apart(raw: bytes) -> tuple[bytes, bytes]:
    """The mail with its picture's encoded bytes taken out, and the picture's pixels."""
    message = BytesParser(policy=default).parsebytes(raw)
    (part,) = [one for one in message.walk() if one.get_content_type() == "image/png"]
    encoded = part.get_payload()
    assert isinstance(encoded, str) and encoded.encode() in raw
    pixels = Image.open(io.BytesIO(part.get_payload(decode=True))).convert("RGB").tobytes()
    return raw.replace(encoded.encode(), b"(the picture)\n"), pixels


@pytest.mark.parametrize("language", ["en", "hi"])
def test_a_turns_mail_is_the_mail_it_was(language: str) -> None:
    rest, pixels = apart(mail_bytes(language))
    was_rest, was_pixels = apart((GOLDEN / f"turn-{language}.eml").read_bytes())
    assert rest == was_rest
    assert pixels == was_pixels
