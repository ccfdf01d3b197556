"""How players write and read cards: ``7h``, ``7H``, ``7♥``, ``jc``, ``QS`` … and the Spanish faces.

French faces (the default): ranks ``A 2 3 4 5 6 7 J Q K`` (``1`` is accepted for the ace), suits
``C D H S`` or ``♣ ♦ ♥ ♠``.  Spanish faces (``deck_faces=spanish``): ranks ``1``–``7``, ``10``
(sota), ``11`` (caballo), ``12`` (rey), suits ``O`` oros, ``C`` copas, ``E`` espadas, ``B`` bastos;
the suit symbols keep their French meaning, mapped oros ♦, copas ♥, espadas ♠, bastos ♣.
Because ``C`` means clubs in one and copas in the other, parsing always knows the faces in use.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from service.rules.cards import DECK, RANKS, SUITS, Card
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView

SYMBOLS = "♣♦♥♠"
_SYMBOL_SUIT = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_SPANISH_SUITS = (
    "BOCE"  # in French suit order: bastos=clubs, oros=diamonds, copas=hearts, espadas=spades
)
_SPANISH_RANKS = ("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")
_FRENCH_RANK = {letter: index for index, letter in enumerate(RANKS)} | {"1": 0}
_SPANISH_RANK = {text: index for index, text in enumerate(_SPANISH_RANKS)}
_MISSING_RANKS = {"8", "9", "10"}


class CardSpellingError(ValueError):
    """Text that is not a card of the 40-card deck; ``missing_rank`` for 8, 9 and 10."""

    def __init__(self, text: str, missing_rank: bool = False) -> None:
        super().__init__(text)
        self.text = text
        self.missing_rank = missing_rank


def parse_card(text: str, faces: DeckFaces = DeckFaces.FRENCH) -> Card:
    """The card a player wrote, in any case, with a suit letter or symbol."""
    word = text.strip().replace("\ufe0f", "").upper()
    if len(word) < 2:
        raise CardSpellingError(text)
    rank_text, suit_text = word[:-1], word[-1]
    if suit_text in _SYMBOL_SUIT:
        suit = _SYMBOL_SUIT[suit_text]
    else:
        letters = _SPANISH_SUITS if faces is DeckFaces.SPANISH else SUITS
        if suit_text not in letters:
            raise CardSpellingError(text)
        suit = letters.index(suit_text)
    ranks = _SPANISH_RANK if faces is DeckFaces.SPANISH else _FRENCH_RANK
    if rank_text not in ranks:
        missing = faces is DeckFaces.FRENCH and rank_text in _MISSING_RANKS
        raise CardSpellingError(text, missing_rank=missing or rank_text in {"8", "9"})
    return DECK[suit * 10 + ranks[rank_text]]


def card_text(one: Card, faces: DeckFaces = DeckFaces.FRENCH, symbols: bool = False) -> str:
    """A card as players write it: ``7H`` (or ``7♥``); Spanish faces ``7C`` (copas) or ``12E``."""
    if faces is DeckFaces.SPANISH:
        rank = _SPANISH_RANKS[one % 10]
        suit = SYMBOLS[one // 10] if symbols else _SPANISH_SUITS[one // 10]
    else:
        rank = RANKS[one % 10]
        suit = SYMBOLS[one // 10] if symbols else SUITS[one // 10]
    return rank + suit


def cards_text(
    cards: Iterable[Card], faces: DeckFaces = DeckFaces.FRENCH, symbols: bool = False
) -> str:
    """Several cards separated by spaces, in the order given."""
    return " ".join(card_text(one, faces, symbols) for one in cards)


def card_name(one: Card, faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """A card as a sentence names it for a reader of any language: the rank its face shows and
    the suit's symbol (``7♥``, ``K♦``, ``12♥`` in Spanish faces), as the card pictures draw it,
    never an English suit letter; commands keep their codes, which ``parse_card`` reads either way
    (docs/decisions/languages-cards-in-prose-are-symbols.md)."""
    return card_text(one, faces, symbols=True)


def card_names(cards: Iterable[Card], faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """Several cards as a sentence names them, separated by spaces, in the order given."""
    return cards_text(cards, faces, symbols=True)


def in_faces(view: PlayerView, faces: str) -> PlayerView:
    """``view`` with its cards read and written in the player's preferred ``faces`` (a
    ``DeckFaces`` value; empty keeps the game's): what the player is shown and what they type
    then agree, whatever deck the game was opened with."""
    if not faces or faces == view.variant.deck_faces:
        return view
    variant = replace(view.variant, deck_faces=DeckFaces(faces))
    return view._replace(match=view.match._replace(variant=variant))


def signed(number: int) -> str:
    """A score as a sentence writes it: a true minus sign for a negative one (``−1``), so that
    no score reads as a dash followed by a hyphen."""
    return f"\N{MINUS SIGN}{-number}" if number < 0 else str(number)
