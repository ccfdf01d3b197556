"""The players' languages: which ones the product speaks, and a ``Translator`` for one of them.

Every sentence a player reads is an English message id in one gettext catalog
(``service/locales/<language>/LC_MESSAGES/messages.po``, compiled to ``.mo``), shared by the
bot, email, the web page and the terminal.  A ``Translator`` is a value handed to whatever renders
text for one player; there is no "current language" anywhere, so two players of one game may
read it in two languages.  Only the standard library's ``gettext`` is used here, so ``service``
still imports no framework; the web's templates reach the same catalogs through Flask-Babel.

Messages are whole sentences with named ``{placeholders}`` filled after translation; plural
messages go through ``ngettext`` (its count is always available as ``{n}``), and words that mean
two things (a suit, "pass") through ``pgettext`` with a context.
"""

from __future__ import annotations

import gettext as stdlib_gettext
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache
from pathlib import Path

from service.language.joins import joined

LANGUAGES = ("en", "es", "fil", "uk", "ms", "hi")
"""English, Spanish, Filipino (Tagalog), Ukrainian, Malay, Hindi: the catalogs' languages."""
DEFAULT = "en"
LOCALES = Path(__file__).parents[1] / "locales"
DOMAIN = "messages"

_ALIASES = {"tl": "fil", "tgl": "fil", "fil": "fil", "ukr": "uk", "spa": "es", "msa": "ms"}
"""Codes a client may send for a language the catalogs know under another name (Telegram and
browsers send ``tl``/``tl-PH`` for Tagalog; Babel calls it ``fil``)."""

NAMES = {
    "en": "English",
    "es": "Español",
    "fil": "Filipino",
    "uk": "Українська",
    "ms": "Bahasa Melayu",
    "hi": "हिन्दी",
}
"""Each language in its own words, for the lists a player picks from."""


def supported(code: str | None) -> str | None:
    """The catalog language for a client's code (``es-MX``, ``tl``, ``fil-PH``, ``uk_UA`` …), or
    None when the product does not speak it."""
    if not code:
        return None
    base = code.strip().replace("_", "-").split("-")[0].lower()
    base = _ALIASES.get(base, base)
    return base if base in LANGUAGES else None


@dataclass(frozen=True, slots=True)
class Phrase:
    """A message id and its parameters, translated only when shown: a reason carried inside an
    error (a setting that cannot be read, say) until a channel words it for its player."""

    template: str
    params: Mapping[str, object] = field(default_factory=dict)

    def __str__(self) -> str:
        return self.template.format(**self.params)


@dataclass(frozen=True, slots=True)
class Translator:
    """One player's language: the catalog lookups every renderer calls."""

    language: str
    catalog: stdlib_gettext.NullTranslations

    def gettext(self, message: str, /, **params: object) -> str:
        """``message`` in this language, its placeholders filled from ``params`` when given."""
        text = self.catalog.gettext(message)
        return joined(self.language, text.format(**params)) if params else text

    def ngettext(self, singular: str, plural: str, n: int, /, **params: object) -> str:
        """The form of the message this language uses for ``n``; ``{n}`` is always filled."""
        return joined(
            self.language, self.catalog.ngettext(singular, plural, n).format(n=n, **params)
        )

    def pgettext(self, context: str, message: str, /, **params: object) -> str:
        """``message`` in its ``context`` (``suit``, ``command`` …) for words that mean two things."""
        text = self.catalog.pgettext(context, message)
        return joined(self.language, text.format(**params)) if params else text

    def phrase(self, phrase: Phrase) -> str:
        """A carried ``Phrase`` in this language."""
        return self.gettext(phrase.template, **phrase.params)

    def when(self, at: datetime) -> str:
        """A local date and time as this language writes it: ``Tue 3 Mar, 08:00``."""
        return self.gettext(
            "{weekday} {day} {month}, {time}",
            weekday=_weekday(self, at.weekday()),
            day=at.day,
            month=_month(self, at.month),
            time=f"{at:%H:%M}",
        )


def translator(language: str | None = DEFAULT) -> Translator:
    """The translator for ``language``; English (the message ids) for one the product lacks."""
    return _translator(supported(language) or DEFAULT)


@cache
def _translator(language: str) -> Translator:
    if language == DEFAULT:
        return Translator(language, stdlib_gettext.NullTranslations())
    catalog = stdlib_gettext.translation(DOMAIN, LOCALES, languages=[language], fallback=True)
    return Translator(language, catalog)


ENGLISH = translator(DEFAULT)


def _weekday(tr: Translator, index: int) -> str:
    return (
        tr.pgettext("weekday", "Mon"),
        tr.pgettext("weekday", "Tue"),
        tr.pgettext("weekday", "Wed"),
        tr.pgettext("weekday", "Thu"),
        tr.pgettext("weekday", "Fri"),
        tr.pgettext("weekday", "Sat"),
        tr.pgettext("weekday", "Sun"),
    )[index]


def _month(tr: Translator, number: int) -> str:
    return (
        tr.pgettext("month", "Jan"),
        tr.pgettext("month", "Feb"),
        tr.pgettext("month", "Mar"),
        tr.pgettext("month", "Apr"),
        tr.pgettext("month", "May"),
        tr.pgettext("month", "Jun"),
        tr.pgettext("month", "Jul"),
        tr.pgettext("month", "Aug"),
        tr.pgettext("month", "Sep"),
        tr.pgettext("month", "Oct"),
        tr.pgettext("month", "Nov"),
        tr.pgettext("month", "Dec"),
    )[number - 1]
