"""A hint in the reader's words: what the hard bot would do and why (issue 38).

The service keeps a hint as plain facts (``replies.HintShown``): the move as an English command
with card codes, the cards of the meld it makes, the card it keeps back and the share of the
sampled deal endings it won.  Each channel words them here in the reader's language and card
faces, so a hint asked again (the same key) is told again the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from service.language.notation import card_name, card_names, card_text, parse_card
from service.language.translation import ENGLISH, Translator
from service.language.vocabulary import spelled, word
from service.rules.cards import Card
from service.rules.variants import DeckFaces
from service.words.stats import per_cent


def move_words(move: str, faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH) -> str:
    """``move`` (an English command with French card codes) as the reader types it: their
    language's command words and their deck's faces; the grammar reads it back."""
    if move == "no force":
        return word(tr, "no force")
    commands = spelled(ENGLISH)
    return " ".join(
        word(tr, one) if one in commands else card_text(parse_card(one), faces)
        for one in move.split()
    )


class HintFacts(Protocol):
    """A hint as the service keeps it (``replies.HintShown``)."""

    @property
    def move(self) -> str: ...
    @property
    def melds(self) -> Sequence[str]: ...
    @property
    def fears(self) -> str | None: ...
    @property
    def rate(self) -> int: ...


def hint_text(
    hint: HintFacts, faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH
) -> str:
    """Two to four short sentences: the move, the meld it makes, the card it fears to give, and
    how it did in the search."""
    said = [tr.gettext("The hard bot would play: {move}.", move=move_words(hint.move, faces, tr))]
    if hint.melds:
        cards = card_names((_card(one) for one in hint.melds), faces)
        said.append(tr.gettext("It melds {cards}.", cards=cards))
    fears = hint.fears
    if fears is not None:
        said.append(
            tr.gettext(
                "It keeps {card} back: of the cards it could discard, that one helped your "
                "opponent most.",
                card=card_name(_card(fears), faces),
            )
        )
    said.append(
        tr.gettext(
            "It won {share} of the deal endings it tried with this move.",
            share=per_cent(hint.rate, tr),
        )
    )
    return " ".join(said)


def _card(code: str) -> Card:
    return parse_card(code)
