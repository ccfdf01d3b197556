"""The command words of every language: ``tomar``, ``pasar``, ``descartar`` … beside the English;
and the names of the suits, so a card may be typed ``7 copas`` or ``k hearts`` as well as ``7h``.

The English grammar (``commands.py``) always works.  Each catalog translates the command words
under the context ``command``; a translation may list several words players use, separated by
``|`` (``tomar|coger``): the first is the one the product writes, all are accepted.  Typed words are
read in every language at once, so a player never has to tell the bot which words they type, and
no word of one language means another command in a different one (``test_catalogs.py`` checks).
"""

from __future__ import annotations

from functools import cache

from service.language.translation import LANGUAGES, Translator, translator


def spelled(tr: Translator) -> dict[str, str]:
    """Each English command word and the words ``tr``'s language uses for it (``|`` between)."""
    return {
        "take": tr.pgettext("command", "take"),
        "discard": tr.pgettext("command", "discard"),
        "onto": tr.pgettext("command", "onto"),
        "pass": tr.pgettext("command", "pass"),
        "meld": tr.pgettext("command", "meld"),
        "force": tr.pgettext("command", "force"),
        "no force": tr.pgettext("command", "no force"),
        "hand": tr.pgettext("command", "hand"),
        "help": tr.pgettext("command", "help"),
        "hint": tr.pgettext("command", "hint"),
        "resign": tr.pgettext("command", "resign"),
        "claim": tr.pgettext("command", "claim"),
        "extend": tr.pgettext("command", "extend"),
        "vacation": tr.pgettext("command", "vacation"),
        "auto": tr.pgettext("command", "auto"),
        "off": tr.pgettext("command", "off"),
        "settings": tr.pgettext("command", "settings"),
        "timezone": tr.pgettext("command", "timezone"),
        "quiet": tr.pgettext("command", "quiet"),
        "remind": tr.pgettext("command", "remind"),
        "lang": tr.pgettext("command", "lang"),
        "faces": tr.pgettext("command", "faces"),
        "join": tr.pgettext("command", "join"),
        "decline": tr.pgettext("command", "decline"),
        "cancel": tr.pgettext("command", "cancel"),
        # mail's replies about more than one move: the running games, another match
        "games": tr.pgettext("command", "games"),
        "rematch": tr.pgettext("command", "rematch"),
        # answers to the service's mail: confirming an invitation, asking for no more mail
        "yes": tr.pgettext("command", "yes"),
        "stop": tr.pgettext("command", "stop"),
        # the words of standing instructions (``auto never force``, ``auto take 7h with 5h 6h``)
        "with": tr.pgettext("command", "with"),
        "never": tr.pgettext("command", "never"),
        "always": tr.pgettext("command", "always"),
        "unmeldable": tr.pgettext("command", "unmeldable"),
        # talk at the table (``talk_commands``): ``say …``, offers and their answers
        "say": tr.pgettext("command", "say"),
        "offer": tr.pgettext("command", "offer"),
        "accept": tr.pgettext("command", "accept"),
        "draw": tr.pgettext("command", "draw"),
        "adjourn": tr.pgettext("command", "adjourn"),
        "withdraw": tr.pgettext("command", "withdraw"),
        "mute": tr.pgettext("command", "mute"),
        "unmute": tr.pgettext("command", "unmute"),
        "for good": tr.pgettext("command", "for good"),
        "report": tr.pgettext("command", "report"),
    }


def suit_names(tr: Translator) -> dict[str, str]:
    """Each suit's symbol and the names ``tr``'s language gives it (``|`` between)."""
    return {
        "♣": tr.pgettext("suit", "clubs|club"),
        "♦": tr.pgettext("suit", "diamonds|diamond"),
        "♥": tr.pgettext("suit", "hearts|heart"),
        "♠": tr.pgettext("suit", "spades|spade"),
    }


def word(tr: Translator, english: str) -> str:
    """The word ``tr``'s language writes for the command ``english``: its one translation
    looked up, not all of ``spelled`` (a mail's letter asks for a word about twenty times)."""
    if english not in _commands():
        raise KeyError(english)
    return tr.pgettext("command", english).split("|")[0].strip()


@cache
def _commands() -> frozenset[str]:
    """The English command words (``spelled``'s keys)."""
    return frozenset(spelled(translator("en")))


@cache
def english_of() -> dict[tuple[str, ...], str]:
    """Every language's command words, as lower-case word tuples, to the English command."""
    found: dict[tuple[str, ...], str] = {}
    for language in LANGUAGES:
        for english, words in spelled(translator(language)).items():
            for one in words.split("|"):
                key = tuple(one.lower().split())
                if key and key != tuple(english.split()):
                    found.setdefault(key, english)
    return found


@cache
def suit_of() -> dict[str, str]:
    """Every language's suit names, lower case, to the suit's symbol."""
    return {
        name.strip().lower(): symbol
        for language in LANGUAGES
        for symbol, names in suit_names(translator(language)).items()
        for name in names.split("|")
    }


_RANKS = frozenset(["a", "1", "2", "3", "4", "5", "6", "7", "10", "11", "12", "j", "q", "k"])
_OF = frozenset({"of", "de", "ng", "з"})
"""The little word some languages put between a rank and its suit: ``7 de copas``."""


def with_suits(words: list[str]) -> list[str]:
    """Lower-case ``words`` with every ``rank suit`` (``7 copas``, ``7 de copas``) as one card,
    the suit as its symbol (``7♥``), which every deck's spelling reads."""
    names = suit_of()
    out: list[str] = []
    at = 0
    while at < len(words):
        one = words[at]
        after = words[at + 1 : at + 3]
        if one in _RANKS and after and after[0] in names:
            out.append(one + names[after[0]])
            at += 2
        elif one in _RANKS and len(after) == 2 and after[0] in _OF and after[1] in names:
            out.append(one + names[after[1]])
            at += 3
        else:
            out.append(one)
            at += 1
    return out


def in_english(words: list[str]) -> list[str]:
    """Lower-case ``words`` with any language's command words replaced by the English ones."""
    table = english_of()
    longest = max((len(key) for key in table), default=0)
    out: list[str] = []
    at = 0
    while at < len(words):
        for size in range(min(longest, len(words) - at), 0, -1):
            english = table.get(tuple(words[at : at + size]))
            if english is not None:
                out += english.split()
                at += size
                break
        else:
            out.append(words[at])
            at += 1
    return out
