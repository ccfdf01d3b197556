"""The command words of every language: ``tomar``, ``pasar``, ``descartar`` … beside the English.

The English grammar (``commands.py``) always works.  Each catalog translates the command words
under the context ``command``; a translation may list several words players use, separated by
``|`` (``tomar|coger``): the first is the one the product writes, all are accepted.  Typed words are
read in every language at once, so a player never has to tell the bot which words they type, and
no word of one language means another command in a different one (``test_catalogs.py`` checks).
"""

from __future__ import annotations

from functools import cache

from .language import LANGUAGES, Translator, translator


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
        # the words of standing instructions (``auto never force``, ``auto take 7h with 5h 6h``)
        "with": tr.pgettext("command", "with"),
        "never": tr.pgettext("command", "never"),
        "always": tr.pgettext("command", "always"),
        "unmeldable": tr.pgettext("command", "unmeldable"),
    }


def word(tr: Translator, english: str) -> str:
    """The word ``tr``'s language writes for the command ``english``."""
    return spelled(tr)[english].split("|")[0].strip()


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

