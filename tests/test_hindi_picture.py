"""The picture of the table with Hindi labels, compared with a reference image.

The labels are drawn with the shipped Noto Sans Devanagari and shaped by raqm (Pillow's wheels
carry it): a lost font (boxes instead of letters) or lost shaping (vowel signs and conjuncts drawn
letter by letter) changes the picture.  The reference is ``tests/reference/hindi-table.png``;
``CONQUIAN_WRITE_REFERENCE=1`` writes it again after a deliberate change of the picture.
"""

from __future__ import annotations

import io
import os
from datetime import UTC, datetime
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont, features

from adapters.email.picture import table_png
from adapters.lettering import DEVANAGARI, label_font
from service.app.games import GameService
from service.language.translation import translator
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.view import PlayerView

REFERENCE = Path(__file__).with_name("reference") / "hindi-table.png"
T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def a_view() -> PlayerView:
    """The first decision of a fixed deal, as the player on turn sees it."""
    service = GameService(InMemoryEventStore(), ManualClock(T0), SeededChance(7))
    game_id = service.open_game("priya")  # type: ignore[arg-type]
    service.join(service.game(game_id).invitation, "ben")  # type: ignore[arg-type]
    game = service.game(game_id)
    assert game.to_act is not None
    return service.view(game_id, game.to_act)[1]


def differing_share(one: Image.Image, other: Image.Image) -> float:
    """The share of pixels that differ between two pictures of the same size."""
    assert one.size == other.size
    difference = ImageChops.difference(one.convert("RGB"), other.convert("RGB")).convert("L")
    changed = sum(difference.point(lambda value: 255 if value > 40 else 0).histogram()[255:])
    return changed / (one.size[0] * one.size[1])


def test_the_hindi_table_picture_matches_the_reference() -> None:
    png = table_png(a_view(), "बेन", translator("hi"))
    if os.environ.get("CONQUIAN_WRITE_REFERENCE") == "1":
        REFERENCE.write_bytes(png)
    picture = Image.open(io.BytesIO(png))
    assert differing_share(picture, Image.open(REFERENCE)) < 0.001


def test_the_labels_are_shaped_devanagari_not_boxes_or_loose_letters() -> None:
    assert DEVANAGARI.exists() and (DEVANAGARI.parent / "OFL.txt").exists()
    assert features.check("raqm"), "Pillow without raqm cannot shape Devanagari"
    word = "आपका हाथ"  # vowel signs that attach to their consonants
    shaped = _drawn(word, label_font("hi", 24))
    loose = _drawn(
        word, ImageFont.truetype(str(DEVANAGARI), 24, layout_engine=ImageFont.Layout.BASIC)
    )
    boxes = _drawn(word, label_font("en", 24))  # DejaVu has no Devanagari
    assert differing_share(shaped, loose) > 0.001
    assert differing_share(shaped, boxes) > 0.01


def test_the_english_picture_keeps_english_labels() -> None:
    english = Image.open(io.BytesIO(table_png(a_view(), "Ben")))
    hindi = Image.open(io.BytesIO(table_png(a_view(), "बेन", translator("hi"))))
    assert differing_share(english, hindi) > 0.001


def _drawn(text: str, font: ImageFont.FreeTypeFont | ImageFont.ImageFont) -> Image.Image:
    image = Image.new("L", (240, 48), 0)
    ImageDraw.Draw(image).text((4, 4), text, fill=255, font=font)
    return image


def test_every_hindi_label_of_the_pictures_has_its_glyphs_in_the_shipped_font() -> None:
    hi = translator("hi")
    labels = [
        hi.ngettext(
            "Opponent's table ({n} card in hand)", "Opponent's table ({n} cards in hand)", 5
        ),
        hi.gettext("Center card"),
        hi.gettext("Your table"),
        hi.gettext("Your hand"),
        hi.ngettext("{name}: {n} card", "{name}: {n} cards", 4, name="बेन"),
        hi.gettext("{name}'s table", name="बेन"),
        hi.gettext("Center · stock {stock}", stock=3),
    ]
    font = ImageFont.truetype(str(DEVANAGARI), 24, layout_engine=ImageFont.Layout.BASIC)
    tofu = _drawn("\uffff", font).tobytes()  # what the font draws for a character it lacks
    lacking = {
        c for label in labels for c in label if c.strip() and _drawn(c, font).tobytes() == tofu
    }
    assert lacking == set(), labels
