"""A picture of a player's table (Pillow PNG): the opponent's table, the center card, the
player's own table and hand.  Drawn from the ``PlayerView`` alone — the opponent's hand is only
counted, as the view counts it — so a picture can show nothing a text message could not.

The cards' font is DejaVu Sans when the system has it (it draws the suit symbols); otherwise
Pillow's built-in font, with suit letters.  The labels are in the player's language, in the font
that writes its script (``adapters.lettering``: Hindi in the shipped Noto Sans Devanagari).  The
PNG carries no time stamp, so the same view always gives the same bytes.
"""

from __future__ import annotations

import io
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from adapters.lettering import label_font
from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card, CardSet
from service.rules.view import PlayerView

DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
CARD_W, CARD_H, GAP, MARGIN = 46, 64, 6, 16
WIDTH = MARGIN * 2 + 12 * (CARD_W + GAP)
FELT, INK, LABEL = (24, 96, 56), (20, 20, 20), (235, 235, 220)
RED_SUITS = (1, 2)  # diamonds, hearts

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def _font(size: int) -> tuple[Font, bool]:
    """The font at ``size`` and whether it has the suit symbols."""
    if DEJAVU.exists():
        return ImageFont.truetype(str(DEJAVU), size), True
    return ImageFont.load_default(size), False


def table_picture(view: PlayerView, tr: Translator = ENGLISH) -> bytes:
    """The table as ``view.seat`` sees it, as PNG bytes, labelled in ``tr``'s language."""
    rows = picture_rows(view, tr)
    labels = label_font(tr.language, 16)
    height = MARGIN + len(rows) * (24 + CARD_H + MARGIN)
    image = Image.new("RGB", (WIDTH, height), FELT)
    draw = ImageDraw.Draw(image)
    top = MARGIN
    for title, groups in rows:
        draw.text((MARGIN, top), title, fill=LABEL, font=labels)
        _cards(draw, view, groups, top + 24)
        top += 24 + CARD_H + MARGIN
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


def picture_rows(view: PlayerView, tr: Translator = ENGLISH) -> list[tuple[str, list[list[Card]]]]:
    """The picture's rows, top to bottom: each one's label (the words drawn into the picture,
    which a test reads here) and its groups of cards."""
    return [
        (
            tr.ngettext(
                "Opponent's table ({n} card in hand)",
                "Opponent's table ({n} cards in hand)",
                view.hand_sizes[view.opponent],
            ),
            [list(c) for c in view.tables[view.opponent]],
        ),
        (tr.gettext("Center card"), [[view.center]] if view.center is not None else []),
        (tr.gettext("Your table"), [list(c) for c in view.tables[view.seat]]),
        (tr.gettext("Your hand"), [list(CardSet(view.hand))]),
    ]


def _cards(draw: ImageDraw.ImageDraw, view: PlayerView, groups: list[list[Card]], top: int) -> None:
    left = MARGIN
    for group in groups:
        for one in group:
            if left + CARD_W > WIDTH - MARGIN:
                return  # more than fits: the text message lists them all
            _card(draw, view, one, left, top)
            left += CARD_W + 2
        left += GAP * 2


def _card(draw: ImageDraw.ImageDraw, view: PlayerView, one: Card, left: int, top: int) -> None:
    font, symbols = _font(20)
    draw.rounded_rectangle(
        (left, top, left + CARD_W, top + CARD_H), radius=6, fill="white", outline=INK
    )
    colour = (190, 20, 30) if one.suit in RED_SUITS else INK
    text = card_text(one, view.variant.deck_faces, symbols=symbols)
    draw.text((left + CARD_W / 2, top + CARD_H / 2), text, fill=colour, font=font, anchor="mm")
