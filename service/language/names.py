"""Players' display names as every channel shows them.

A name comes from outside (a Telegram profile, a web form or the JSON API, a mail's ``From``) and
is shown to the opponent in messages, buttons, mail subjects and pages.  Every channel passes it
through ``display_name`` before the name is stored or shown, because:

* control characters and line breaks would break a mail header or a layout, PostgreSQL refuses
  NUL, and bidi overrides (U+202E …) and other format characters fake the direction or the look
  of the text around the name: a name keeps only its printable characters (a tab or a line
  break becomes a space), with runs of space made one;
* a name is put in mail the service sends, so it must not carry a web or mail address: a name
  would otherwise make our mail a spam relay ("Win at cheap.example").  Every word that holds
  a scheme (``://``), an ``@``, ``www.`` or a dotted name ending in letters (``x.tld``, an IDN
  too) is left out, read in its compatibility form so that full-width ``＠`` and ``．`` count.
  A word such as ``Dr.Smith`` goes too; ``Dr. Smith`` stays;
* a name is no markup: a tag (``<a href=…>``, ``</b>``, even one left open at the end) is taken
  out whole before the words are read, so no ``<a`` is left dangling once the address inside
  it went (issue 34); a ``<`` that opens no tag (``<3``) stays;
* it is cut to a length every layout fits, and a word cut in two is checked again.
"""

from __future__ import annotations

import re
import unicodedata

NAME_LENGTH = 40
NO_NAME = "Player"
"""What a name with nothing showable is stored as when no channel gave a better fallback."""

_ADDRESS = re.compile(r"://|@|www\.|[^\W_][\w-]*\.(?:[^\W\d_]{2,}|xn--)", re.IGNORECASE)
_TAG = re.compile(r"<[A-Za-z/!?][^<>]*(?:>|$)")
"""A tag of markup, closed or left open at the end of the name."""
_FULL_STOPS = str.maketrans({"\u3002": ".", "\uff61": ".", "\ufe12": "."})
"""Dots that names of the web accept as dots although NFKC keeps them apart."""


def display_name(raw: str, fallback: str) -> str:
    """``raw`` made fit to show, or ``fallback`` when nothing showable is left.

    Made fit again until nothing changes: taking out an address can leave a tag open at the end
    (``<Ana R.example.org<``), and a name stored is shown through here again."""
    name = _fit(raw)
    while (again := _fit(name)) != name:
        name = again
    return name or fallback


def _fit(raw: str) -> str:
    printable = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in raw)
    printable = _TAG.sub(" ", printable)
    cut = " ".join(_plain_words(printable))[:NAME_LENGTH]
    return " ".join(_plain_words(cut))


def _plain_words(text: str) -> list[str]:
    """The words of ``text`` that are no address."""
    return [word for word in text.split() if not _is_address(word)]


def _is_address(word: str) -> bool:
    return _ADDRESS.search(unicodedata.normalize("NFKC", word).translate(_FULL_STOPS)) is not None
