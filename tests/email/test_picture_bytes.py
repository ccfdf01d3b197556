"""A mail's picture, its cards drawn once per process and pasted (issue 35), is the same bytes
as one with every card drawn in place, as it was before: what a player receives is unchanged."""

from __future__ import annotations

import io
from dataclasses import replace

from PIL import Image, ImageDraw

from adapters.email import picture
from adapters.lettering import label_font
from service.language.translation import ENGLISH, Translator, translator
from service.rules.variants import DEFAULT, DeckFaces
from service.rules.view import PlayerView
from tests.positions import random_positions


def drawn_in_place(view: PlayerView, opponent: str, tr: Translator = ENGLISH) -> bytes:
    """The picture as ``table_png`` drew it before its cards were pasted: each card drawn where
    it lies."""
    faces = view.variant.deck_faces
    rows = picture.picture_rows(view, opponent, tr)
    height = picture.MARGIN + sum(picture.LABEL_H + picture.CARD_H + picture.MARGIN for _ in rows)
    image = Image.new("RGB", (picture.WIDTH, height), picture.FELT)
    draw = ImageDraw.Draw(image)
    y = picture.MARGIN
    for label, groups in rows:
        draw.text(
            (picture.MARGIN, y), label, fill=(235, 235, 235), font=label_font(tr.language, 14)
        )
        y += picture.LABEL_H
        x = picture.MARGIN
        for group in groups:
            for one in group:
                picture._card(draw, x, y, one, faces)
                x += picture.CARD_W // 2 if one is None else picture.CARD_W + picture.GAP
            x += 3 * picture.GAP
        y += picture.CARD_H + picture.MARGIN
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=picture.COMPRESS_LEVEL)
    return out.getvalue()


def test_every_card_and_back_pasted_gives_the_bytes_drawn_in_place() -> None:
    spanish = replace(DEFAULT, deck_faces=DeckFaces.SPANISH)
    seen = 0
    for variant, seed, language in ((DEFAULT, 1, "en"), (spanish, 2, "es"), (DEFAULT, 3, "hi")):
        tr = translator(language)
        for number, view in enumerate(random_positions(variant, seed)):
            if number % 3:
                continue
            assert picture.table_png(view, "Ben", tr) == drawn_in_place(view, "Ben", tr)
            seen += 1
    assert seen > 10
