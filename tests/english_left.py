"""Which English interface words a text shows that its reader's language would not: the check
every "no English left" test shares, made from the catalogs themselves.

The words to look for are read from the English catalog: every word of three letters or more in
a message id (placeholders, commands and Jinja's ``%(name)s`` taken out).  A word the language's
own translations also use is not evidence (``bot``, ``Conquian``, ``UTC``, a word Filipino
borrows), so each language's list leaves those out.  A string added to the code reaches the
template through ``make messages``, so its words are looked for without a new test; a string
never marked stays English everywhere and shows up in the rendered text as its words.

What a text may keep: card codes (``7H``, ``12E``: too short to count), names, hashes, links,
slash commands and typed options, which ``english_left`` takes out before looking.
"""

from __future__ import annotations

import re
from functools import cache
from html.parser import HTMLParser

from babel.messages.catalog import Message
from babel.messages.pofile import read_po

from service.language.translation import LOCALES, translator
from service.language.vocabulary import spelled

_WORD = re.compile(r"[^\W\d_]{3,}")
_CODE = re.compile(r"\{[^}]*\}|%\(\w+\)[sd]|/\w+")
_KEPT = re.compile(
    r"https?://\S+|\S+@\S+|\b[0-9a-f]{6,}\b|#\w+|/[\w/.-]+|\b[A-Z][a-z]+/[A-Za-z_/]+\b"
    r"|\w+=\S+"
)
"""Links, addresses, hashes, game numbers, paths and slash commands, time-zone names, and a
game's options as they are typed (``deals=3``, ``deck_faces=spanish``: docs/decisions'
"What stays English")."""


def _texts(message: Message, strings: bool) -> list[str]:
    value = message.string if strings else message.id
    return list(value) if isinstance(value, tuple | list) else [value]


def _words(texts: list[str]) -> set[str]:
    return {word.lower() for text in texts for word in _WORD.findall(_CODE.sub(" ", text))}


@cache
def english_words(language: str) -> frozenset[str]:
    """The English catalog's words that ``language``'s translations never use."""
    with open(LOCALES / language / "LC_MESSAGES" / "messages.po", "rb") as file:
        catalog = list(read_po(file, locale=language))
    english = _words([text for m in catalog if m.id for text in _texts(m, strings=False)])
    own = _words([text for m in catalog if m.id for text in _texts(m, strings=True)])
    return frozenset(english - own)


def english_left(text: str, language: str, names: tuple[str, ...] = ()) -> list[str]:
    """The English interface words in ``text`` that ``language``'s reader should not see."""
    cleaned = _KEPT.sub(" ", text)
    for name in names:
        cleaned = cleaned.replace(name, " ")
    words = english_words(language)
    return [word for word in _WORD.findall(cleaned) if word.lower() in words]


class _Visible(HTMLParser):
    """A page's text as a person meets it: the text between tags (not scripts or styles), and
    the attributes a screen reader or a browser shows (labels, titles, placeholders, buttons)."""

    SHOWN = ("aria-label", "title", "placeholder", "alt")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._hidden += 1
        values = dict(attrs)
        self.parts += [values[name] or "" for name in self.SHOWN if name in values]
        if tag in ("input", "button") and values.get("type") in ("submit", "button"):
            self.parts.append(values.get("value") or "")

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def visible_text(html: str) -> str:
    """What a page shows, one piece a line."""
    parser = _Visible()
    parser.feed(html)
    return "\n".join(part.strip() for part in parser.parts if part.strip())


_CARD_CODE = re.compile(r"(?<![\w/=.#@-])(?:[A2-7JQK]|1[0-2])[CDHSOEB](?![\w=/])")
"""A card written as its code, upper case as the product writes codes (``7H``, ``KS``, ``12E``)."""
_CARD_TOKEN = r"(?:\||(?:[a2-7jqk]|1[0-2])[cdhsoeb♣♦♥♠])"


def _command_words(language: str) -> list[str]:
    """The command words that name cards after them, in English and ``language``, longest first."""
    spelling = spelled(translator(language))
    words = ("take", "discard", "meld", "onto", "with", "auto", "pass", "force")
    found = {one.strip() for english in words for one in [english, *spelling[english].split("|")]}
    return sorted(found, key=len, reverse=True)


def cards_as_codes(text: str, language: str) -> list[str]:
    """The cards ``text`` writes as codes (``7H``) where a reader reads the card's name: outside
    commands (a command word and the cards it names, which a player types), links and options."""
    cleaned = _KEPT.sub(" ", text)
    words = "|".join(re.escape(one) for one in _command_words(language))
    command = re.compile(rf"(?<!\w)(?:{words})((?:\s+{_CARD_TOKEN})+)", re.IGNORECASE)
    cleaned = command.sub(" ", cleaned)
    return _CARD_CODE.findall(cleaned)
