"""The rules page, ``/rules``: how Conquian is played, for a newcomer, in the reader's language
(issue 33: nothing on the web said how to play).

Drawn from the rules specification (RULES.md §2, the default rules a new game starts with), in
short paragraphs, with the table's own card pictures (``drawing.card_html``) for the melds and a
forced turn.  The page is public and the same for everyone; it is in the language of the player
the browser remembers, else the browser's.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, render_template
from markupsafe import Markup

from adapters.web.browser import browser_player
from adapters.web.languages import page_translator, speak_to
from adapters.web.pages.drawing import card_html
from service.language.notation import parse_card
from service.language.translation import Translator
from service.language.vocabulary import word
from service.rules.errors import N_
from service.rules.variants import DeckFaces

blueprint = Blueprint("rules", __name__)


@dataclass(frozen=True, slots=True)
class Example:
    """A picture of cards on the table and what it shows."""

    caption: str
    combos: tuple[str, ...]
    """Each combination's cards as codes, drawn as one group."""


@dataclass(frozen=True, slots=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...]
    examples: tuple[Example, ...] = ()


SECTIONS = (
    Section(
        N_("The cards"),
        (
            N_(
                "Conquian is a rummy for two players with 40 cards: a pack without the 8s, 9s "
                "and 10s. In each suit the order is A, 2, 3, 4, 5, 6, 7, J, Q, K, so the 7 and "
                "the jack are next to each other, and the ace is always low."
            ),
        ),
    ),
    Section(
        N_("Combinations"),
        (
            N_(
                "A combination is a set, three or four cards of one rank, or a sequence, three "
                "to eight cards of one suit in order. Your combinations lie on your side of the "
                "table and are yours alone: a card on the table never goes back to a hand."
            ),
        ),
        (
            Example(N_("A set of fives"), ("5C 5D 5H",)),
            Example(N_("A sequence: the 7 and the jack are next to each other"), ("6H 7H JH",)),
            Example(N_("No sequence: the ace is low, after the king comes nothing"), ("QS KS AS",)),
        ),
    ),
    Section(
        N_("A deal"),
        (
            N_(
                "Each player is dealt ten cards; the other twenty are the stock. The non-dealer "
                "plays first, and the dealer changes after every deal."
            ),
        ),
    ),
    Section(
        N_("A turn"),
        (
            N_(
                "On your turn one card lies face up in the center: the card your opponent "
                "discarded or passed, or, on the first turn of a deal, the card you turn up "
                "from the stock. You may take it only to meld it at once, with cards from your "
                "hand or onto your own combinations, regrouping your table if you like. Then you "
                "discard a card from your hand, and your opponent decides on it."
            ),
            N_(
                "Or you pass. A card your opponent offered you is then dead, and you turn up the "
                "next card of the stock and decide on that one; a card you turned up yourself "
                "goes to your opponent."
            ),
        ),
    ),
    Section(
        N_("Forcing"),
        (
            N_(
                "If you pass a card that fits one of your combinations as it stands, your "
                "opponent may force it on you: you must lay it off there, without other cards, "
                "and discard."
            ),
        ),
        (
            Example(N_("Your table, and the center card you pass: it fits"), ("4S 5S 6S", "7S")),
            Example(N_("Forced: it joins your sequence, and you discard"), ("4S 5S 6S 7S",)),
        ),
    ),
    Section(
        N_("Winning a deal"),
        (
            N_(
                "You go out, and win the deal, when you meld the center card together with every "
                "card left in your hand: eleven cards on your table. If the stock is empty and a "
                "card offered is passed, the deal is a draw, and the next deal is played for "
                "double the stake."
            ),
            N_(
                "A match is one deal or more, and the winner of each deal takes its stake from "
                "the loser. A new game's settings can change the deals, the target, the stake "
                "and each of these rules."
            ),
        ),
    ),
    Section(
        N_("Playing here"),
        (
            N_(
                "On your game's page, tap cards of your hand to see the moves they make, or type "
                "a command: {help} lists them all. On Telegram and by mail the same commands "
                "work."
            ),
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Shown:
    """A section as the page shows it: translated, its pictures drawn."""

    heading: str
    paragraphs: tuple[str, ...]
    pictures: tuple[tuple[str, Markup], ...]


def shown(section: Section, tr: Translator) -> Shown:
    return Shown(
        tr.gettext(section.heading),
        tuple(tr.gettext(one, help=word(tr, "help")) for one in section.paragraphs),
        tuple((tr.gettext(one.caption), _drawn(one.combos)) for one in section.examples),
    )


def _drawn(combos: tuple[str, ...]) -> Markup:
    """Each combination as a row of face-up cards, the way the table draws them."""
    groups = (
        "".join(card_html(parse_card(code), DeckFaces.FRENCH) for code in combo.split())
        for combo in combos
    )
    return Markup("".join(f'<span class="combo">{group}</span>' for group in groups))


@blueprint.get("/rules")
def rules() -> str:
    speak_to(browser_player())
    tr = page_translator()
    return render_template("rules.html", sections=[shown(one, tr) for one in SECTIONS])
