"""The table drawn as inline SVG: cards, hands, the combinations on the table, stock and center.

A ``Picture`` says what is on the table from one point of view; ``picture_svg`` draws it.  The
player page makes its picture from the player's own view (the opponent's hand as backs unless
the deal is over), the replay viewer from the whole game (both hands face up).  Every card is a
``<g class="card" data-card="7H">`` with a title, so people using screen readers and tests can
read what is shown; a face-down card carries no name at all.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card, CardSet
from service.rules.variants import DeckFaces

WIDTH = 780
CARD_W, CARD_H = 52, 74
HAND_STEP, COMBO_STEP = 32, 18
_RED_SUITS = (1, 2)
_SUITS = "♣♦♥♠"


@dataclass(frozen=True, slots=True)
class Side:
    """One player's side of the table as the picture shows it."""

    seat: int
    label: str
    hand: tuple[Card, ...] | None
    """Face-up cards, or None to draw ``hand_size`` backs."""
    hand_size: int
    table: tuple[CardSet, ...]


@dataclass(frozen=True, slots=True)
class Picture:
    top: Side
    bottom: Side
    center: Card | None
    center_note: str
    stock: int
    dead: int
    dead_cards: tuple[Card, ...] = ()
    faces: DeckFaces = DeckFaces.FRENCH
    tr: Translator = ENGLISH
    """The reader's language, for the picture's words."""


def picture_svg(picture: Picture) -> Markup:
    """The whole table: the top side's hand and table, the middle row, the bottom side's."""
    tr = picture.tr
    parts = [_side(picture.top, 10, picture.faces, tr, hand_first=True)]
    parts.append(_middle(picture, 250))
    parts.append(_side(picture.bottom, 360, picture.faces, tr, hand_first=False))
    height = 600
    body = "".join(parts)
    label = escape(tr.gettext("The card table"))
    return Markup(
        f'<svg class="table" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{label}" xmlns="http://www.w3.org/2000/svg">{_DEFS}'
        f'<rect class="felt" width="{WIDTH}" height="{height}" rx="14"/>{body}</svg>'
    )


_DEFS = (
    '<defs><pattern id="card-back-pattern" width="8" height="8" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="8" height="8" fill="#1d4e89"/>'
    '<rect width="4" height="8" fill="#2f6db5"/></pattern></defs>'
)


def card_svg(one: Card, x: float, y: float, faces: DeckFaces) -> str:
    """One face-up card with its top-left corner at (x, y)."""
    name = card_text(one, faces)
    rank, suit = name[:-1], _SUITS[one.suit]
    colour = "red" if one.suit in _RED_SUITS else "black"
    title = card_text(one, faces, symbols=True)
    return (
        f'<g class="card {colour}" data-card="{name}" transform="translate({x:g},{y:g})">'
        f"<title>{title}</title>"
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6"/>'
        f'<text class="rank" x="5" y="17">{rank}</text>'
        f'<text class="suit" x="5" y="32">{suit}</text>'
        f'<text class="pip" x="17" y="{CARD_H - 10:g}">{suit}</text></g>'
    )


def back_svg(x: float, y: float) -> str:
    """A face-down card: nothing about it is in the markup."""
    return (
        f'<g class="card back" transform="translate({x:g},{y:g})">'
        f'<rect width="{CARD_W}" height="{CARD_H}" rx="6" fill="url(#card-back-pattern)"/></g>'
    )


def _row(cards: Sequence[Card], x: float, y: float, step: float, faces: DeckFaces) -> str:
    return "".join(card_svg(one, x + i * step, y, faces) for i, one in enumerate(cards))


def _side(side: Side, y: float, faces: DeckFaces, tr: Translator, hand_first: bool) -> str:
    """A side: its label, its hand and its table, the hand on the outer edge."""
    hand_y, table_y = (
        (y + 22, y + 22 + CARD_H + 26) if hand_first else (y + 22 + CARD_H + 26, y + 22)
    )
    label_y = y + 14 if hand_first else y + 22 + 2 * CARD_H + 48
    if side.hand is None:
        hand = "".join(back_svg(20 + i * HAND_STEP, hand_y) for i in range(side.hand_size))
    else:
        hand = _row(side.hand, 20, hand_y, HAND_STEP, faces)
    combos, x = [], 20.0
    for combo in side.table:
        cards = list(combo)
        combos.append(f'<g class="combo">{_row(cards, x, table_y, COMBO_STEP, faces)}</g>')
        x += CARD_W + COMBO_STEP * (len(cards) - 1) + 16
    label = escape(
        tr.ngettext(
            "{label} · {n} in hand", "{label} · {n} in hand", side.hand_size, label=side.label
        )
    )
    return (
        f'<g class="side" id="side-{side.seat}">'
        f'<text class="label" x="20" y="{label_y:g}">{label}</text>'
        f'<g class="hand" id="hand-{side.seat}" data-count="{side.hand_size}">{hand}</g>'
        f'<g class="melds" id="table-{side.seat}">{"".join(combos)}</g></g>'
    )


def _middle(picture: Picture, y: float) -> str:
    """Stock, center card and dead pile, left to right."""
    tr = picture.tr
    stock = back_svg(20, y) if picture.stock else _empty(20, y)
    stock_note = escape(tr.gettext("stock {count}", count=picture.stock))
    dead_note = escape(tr.gettext("dead {count}", count=picture.dead))
    parts = [
        f'<g id="stock" data-count="{picture.stock}">{stock}',
        f'<text class="note" x="80" y="{y + 40:g}">{stock_note}</text></g>',
    ]
    center = (
        _empty(300, y)
        if picture.center is None
        else card_svg(picture.center, 300, y, picture.faces)
    )
    parts.append(
        f'<g id="center">{center}<text class="note" x="360" y="{y + 40:g}">'
        f"{escape(picture.center_note)}</text></g>"
    )
    dead = "".join(
        card_svg(one, 600 + i % 8 * COMBO_STEP, y + i // 8 * 30, picture.faces)
        for i, one in enumerate(picture.dead_cards)
    )
    parts.append(
        f'<g id="dead" data-count="{picture.dead}">{dead}'
        f'<text class="note" x="600" y="{y - 8:g}">{dead_note}</text></g>'
    )
    return "".join(parts)


def _empty(x: float, y: float) -> str:
    return f'<rect class="slot" x="{x:g}" y="{y:g}" width="{CARD_W}" height="{CARD_H}" rx="6"/>'
