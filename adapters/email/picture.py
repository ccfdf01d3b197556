"""A picture of the table for the HTML part of a mail: the opponent's table and the backs of
their cards, the center card, the player's table and hand — drawn from the player's own view only.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from adapters.lettering import label_font
from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
CARD_W, CARD_H, GAP, MARGIN, LABEL_H = 40, 56, 6, 14, 22
WIDTH = 680
COMPRESS_LEVEL = 4
"""The picture's zlib level: zlib's level 4 encodes it in two thirds of the time of the default
level 6, for about 2 % more bytes and the same pixels (issue 35: the encoding was most of a
mail's CPU; a palette would change pixels, the pictures have 520–630 colours)."""
FELT, INK, RED, BACK = (22, 94, 56), (20, 20, 20), (190, 20, 30), (40, 60, 150)


@cache
def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    if FONT.exists():
        return ImageFont.truetype(str(FONT), size)
    return ImageFont.load_default(size)


def table_png(view: PlayerView, opponent: str, tr: Translator = ENGLISH) -> bytes:
    """The table as ``view.seat`` sees it, as PNG bytes, labelled in ``tr``'s language (in the
    font that writes its script, ``adapters.lettering``)."""
    faces = view.variant.deck_faces
    rows = picture_rows(view, opponent, tr)
    labels = label_font(tr.language, 14)
    height = MARGIN + sum(LABEL_H + CARD_H + MARGIN for _ in rows)
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    for label, groups in rows:
        draw.text((MARGIN, y), label, fill=(235, 235, 235), font=labels)
        y += LABEL_H
        x = MARGIN
        for group in groups:
            for one in group:
                tile, shape = _tile(one, faces)
                image.paste(tile, (x, y), shape)
                x += CARD_W // 2 if one is None else CARD_W + GAP
            x += 3 * GAP
        y += CARD_H + MARGIN
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


def picture_rows(
    view: PlayerView, opponent: str, tr: Translator = ENGLISH
) -> list[tuple[str, Sequence[Sequence[Card | None]]]]:
    """The picture's rows, top to bottom: each one's label (the words drawn into the picture,
    which a test reads here) and its groups of cards (None: a card's back)."""
    them, me = view.opponent, view.seat
    center = [[view.center]] if view.center is not None else []
    return [
        (
            tr.ngettext(
                "{name}: {n} card", "{name}: {n} cards", view.hand_sizes[them], name=opponent
            ),
            [[None] * view.hand_sizes[them]],
        ),
        (
            tr.gettext("{name}'s table", name=opponent),
            [list(combo) for combo in view.tables[them]],
        ),
        (tr.gettext("Center · stock {stock}", stock=view.stock_size), center),
        (tr.gettext("Your table"), [list(combo) for combo in view.tables[me]]),
        (tr.gettext("Your hand"), [list(view.hand)]),
    ]


@cache
def _tile(one: Card | None, faces: DeckFaces) -> tuple[Image.Image, Image.Image]:
    """One card (None: a back) drawn once per process, and its shape, to paste wherever it
    lies: the same pixels as drawing it in place (a card is drawn inside its rounded box,
    without smoothing, so the shape covers exactly what was drawn and the backs lying half
    over each other overlap as drawn), so a picture's bytes are unchanged
    (tests/email/test_picture_bytes.py) for the drawing's cost of a paste (issue 35)."""
    tile = Image.new("RGB", (CARD_W + 1, CARD_H + 1), FELT)
    _card(ImageDraw.Draw(tile), 0, 0, one, faces)
    shape = Image.new("L", tile.size, 0)
    width = 2 if one is None else 1
    ImageDraw.Draw(shape).rounded_rectangle((0, 0, CARD_W, CARD_H), 5, 255, 255, width)
    return tile, shape


def _card(draw: ImageDraw.ImageDraw, x: int, y: int, one: Card | None, faces: DeckFaces) -> None:
    box = (x, y, x + CARD_W, y + CARD_H)
    if one is None:
        draw.rounded_rectangle(box, 5, fill=BACK, outline=(230, 230, 230), width=2)
        return
    draw.rounded_rectangle(box, 5, fill=(250, 250, 245), outline=INK, width=1)
    text = card_text(one, faces, symbols=True)
    colour = RED if one // 10 in (1, 2) else INK  # diamonds and hearts (``notation.SYMBOLS``)
    draw.text((x + 4, y + 4), text[:-1], fill=colour, font=_font(16))
    draw.text((x + CARD_W // 2, y + CARD_H - 8), text[-1], fill=colour, font=_font(22), anchor="ms")
