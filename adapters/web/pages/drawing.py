"""The table drawn as HTML: cards, hands, the combinations on the table, stock, center, dead pile.

A ``Picture`` says what is on the table from one point of view; ``picture_html`` draws it.  The
player page makes its picture from the player's own view (the opponent's hand as backs unless
the deal is over), the replay viewer from the whole game (both hands face up).

Cards are HTML boxes, not a scaled drawing, so a phone shows them at a readable size (the rank
is never smaller than the page's text) and rows wrap instead of scrolling sideways.  Every
face-up card carries ``data-card="7H"`` and a spoken label; the player's own hand is drawn as
toggle buttons (``tappable``) from which the page builds a move; a face-down card carries no
name at all and is hidden from screen readers (its side's heading says how many there are).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from service.language.notation import card_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card, CardSet
from service.rules.variants import DeckFaces

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
    tappable: bool = False
    """The hand is the reader's own, drawn as buttons to build a move with."""


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


def picture_html(picture: Picture) -> Markup:
    """The whole table: the top side's hand and table, the middle row, the bottom side's."""
    tr = picture.tr
    label = escape(tr.gettext("The card table"))
    body = (
        _side(picture.top, picture.faces, tr, hand_first=True)
        + _middle(picture)
        + _side(picture.bottom, picture.faces, tr, hand_first=False)
    )
    return Markup(f'<section class="table" id="table" aria-label="{label}">{body}</section>')


def card_html(one: Card, faces: DeckFaces, tappable: bool = False) -> str:
    """One face-up card: a labelled image, or a toggle button in the reader's own hand."""
    name = card_text(one, faces)
    rank, suit = name[:-1], _SUITS[one.suit]
    colour = "red" if one.suit in _RED_SUITS else "black"
    spoken = escape(card_text(one, faces, symbols=True))
    face = (
        f'<span class="rank" aria-hidden="true">{rank}</span>'
        f'<span class="suit" aria-hidden="true">{suit}</span>'
    )
    if tappable:
        return (
            f'<button type="button" class="card {colour}" data-card="{name}" '
            f'id="card-{name}" aria-pressed="false" aria-label="{spoken}">{face}</button>'
        )
    return (
        f'<span class="card {colour}" data-card="{name}" role="img" '
        f'aria-label="{spoken}">{face}</span>'
    )


BACK = '<span class="card back" aria-hidden="true"></span>'
"""A face-down card: nothing about it is in the markup."""


def _row(cards: Sequence[Card], faces: DeckFaces, tappable: bool = False) -> str:
    return "".join(card_html(one, faces, tappable) for one in cards)


def _side(side: Side, faces: DeckFaces, tr: Translator, hand_first: bool) -> str:
    """A side: its label, its hand and its table, the hand on the outer edge."""
    hand = BACK * side.hand_size if side.hand is None else _row(side.hand, faces, side.tappable)
    combos = "".join(
        f'<span class="combo">{_row(list(combo), faces)}</span>' for combo in side.table
    )
    label = escape(
        tr.ngettext(
            "{label} · {n} in hand", "{label} · {n} in hand", side.hand_size, label=side.label
        )
    )
    hand_part = (
        f'<div class="hand" id="hand-{side.seat}" data-count="{side.hand_size}">{hand}</div>'
    )
    table_part = f'<div class="melds" id="table-{side.seat}">{combos}</div>'
    parts = hand_part + table_part if hand_first else table_part + hand_part
    heading = f'<h2 class="label">{label}</h2>'
    return f'<div class="side" id="side-{side.seat}">{heading}{parts}</div>'


def _middle(picture: Picture) -> str:
    """Stock, center card and dead pile."""
    tr = picture.tr
    stock = BACK if picture.stock else _EMPTY
    stock_note = escape(tr.gettext("stock {count}", count=picture.stock))
    dead_note = escape(tr.gettext("dead {count}", count=picture.dead))
    center = _EMPTY if picture.center is None else card_html(picture.center, picture.faces)
    dead = _row(picture.dead_cards, picture.faces)
    return (
        '<div class="middle">'
        f'<div class="pile" id="stock" data-count="{picture.stock}">{stock}'
        f'<span class="note">{stock_note}</span></div>'
        f'<div class="pile" id="center">{center}'
        f'<span class="note">{escape(picture.center_note)}</span></div>'
        f'<div class="pile dead" id="dead" data-count="{picture.dead}">'
        f'<span class="note">{dead_note}</span><span class="dead-cards">{dead}</span></div>'
        "</div>"
    )


_EMPTY = '<span class="card slot" aria-hidden="true"></span>'
