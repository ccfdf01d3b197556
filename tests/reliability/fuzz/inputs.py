"""Hostile input for every inbound surface: hypothesis strategies, the fuzz settings, and the
64 KB inputs ``make fuzz`` times.

Text mixes three kinds, so that hypothesis reaches past the first refusal: words of the command
grammar (verbs, cards in every spelling, durations, clock times, zone names) joined by odd
separators; the same words bent (unicode digits, huge numbers, control characters); and plain
arbitrary text.

``make test`` runs ``EXAMPLES`` (20,000) cases per surface, derandomized so that CI sees the same
cases every run; ``make fuzz`` sets ``CONQUIAN_FUZZ_EXAMPLES`` and ``CONQUIAN_FUZZ_SEED`` for a
longer run on fresh cases (``run.py``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any, Protocol

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("CONQUIAN_FUZZ_EXAMPLES", "20000"))
SEED = os.environ.get("CONQUIAN_FUZZ_SEED")
LARGE = 64 * 1024
"""The size of the large inputs every surface must answer quickly (``run.py``)."""

FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=SEED is None,
    database=None,
    suppress_health_check=list(HealthCheck),
    print_blob=True,
)

VERBS = (
    *("take", "meld", "t", "pass", "refuse", "p", "force", "no", "noforce", "no-force"),
    *("decline", "discard", "onto", "hand", "help", "?", "resign", "claim", "extend"),
    *("vacation", "auto", "off", "settings", "timezone", "quiet", "remind", "half", "with"),
    *("unmeldable", "never", "always", "none", "|", "/start", "/new", "/hand", "/games"),
    *("/settings", "/link", "/log", "/resign", "/rematch", "join", "link", "new", "game"),
)
CARDS = (
    *(rank + suit for rank in "A1234567JQK" for suit in "CDHSchds♣♦♥♠♧♢♡♤"),
    *("10o", "11c", "12e", "7b", "8h", "9s", "10c", "0h", "♥7", "7♥\ufe0f", "AH,", "kS|"),
)
ODD = (
    *("", " ", "|", "||", ",", "-", "#", "@", ":", ".", "\t", "\n", "\r\n", "\x00", "\u00a0"),
    *("\u200b", "\ufeff", "\u202e", "\ud7ff", "\U0001f0a1", "²", "٣", "𝟗", "Ⅻ", "½", "ß", "İ"),
    *("9" * 30, "1" * 5000, "-1", "+5", "0x10", "1e9", "nan", "inf", "0"),
)
ZONES = ("Europe/Madrid", "europe/kyiv", "UTC", "Europe", "zone.tab", "../../etc/passwd", "a" * 300)
TIMES = ("22:00-08:00", "25:00-01:00", "00:00-00:00", "1-2-3", "08:00-", "-", "9:99-1:1")


@st.composite
def numbers(draw: st.DrawFn) -> str:
    """A number as text: small, huge, or in another script's digits, with or without a unit."""
    value = draw(
        st.one_of(
            st.integers(0, 100),
            st.integers(0, 10**30),
            st.sampled_from([2**31, 2**63, 10**18, 999_999_999, 86_400 * 10**6]),
        )
    )
    digits = str(value)
    if draw(st.booleans()):
        digits = digits.translate(str.maketrans("0123456789", draw(st.sampled_from(SCRIPTS))))
    unit = draw(st.sampled_from(("", "m", "h", "d", "days", "day", "s", "w")))
    return digits + unit


SCRIPTS = ("0123456789", "٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", "⁰¹²³⁴⁵⁶⁷⁸⁹")
"""Digits Python's ``str.isdigit`` (and some ``int``) accept: ASCII, Arabic-Indic, Devanagari,
mathematical and superscript (which ``isdigit`` accepts and ``int`` refuses)."""

words = st.one_of(
    st.sampled_from(VERBS),
    st.sampled_from(CARDS),
    st.sampled_from(ODD),
    st.sampled_from(ZONES),
    st.sampled_from(TIMES),
    numbers(),
    st.text(max_size=8),
)
separators = st.sampled_from((" ", " ", " ", ",", " | ", "\t", "\n", "\u00a0", "  ", ""))


@st.composite
def grammar_text(draw: st.DrawFn, max_words: int = 12) -> str:
    """Words of the grammar (bent and unbent) in some order, joined by odd separators."""
    chosen = draw(st.lists(words, max_size=max_words))
    return "".join(word + draw(separators) for word in chosen).strip(draw(st.sampled_from(("", " "))))


hostile_text = st.one_of(grammar_text(), grammar_text(), st.text(max_size=60))
"""What a player might type: mostly grammar, some noise."""


def large_texts(rng: random.Random) -> list[str]:
    """64 KB texts that stress a parser: one long word, many words, many cards, many bars,
    many digits, deep brackets, and random grammar."""
    many_cards = " ".join(rng.choice(CARDS[:44]) for _ in range(LARGE // 3))
    grammar = " ".join(rng.choice(VERBS + CARDS) for _ in range(LARGE // 4))
    texts = [
        "x" * LARGE,
        "take " + many_cards,
        "take 5c 5d discard " + many_cards,
        "pass meld " + many_cards,
        "take " + "| " * (LARGE // 2),
        "extend " + "9" * (LARGE - 8) + "d",
        "vacation " + "1" * (LARGE - 10),
        "remind " + "1h " * (LARGE // 3),
        "quiet " + "-" * LARGE,
        "timezone " + "a/" * (LARGE // 2),
        "auto take 7h with " + many_cards,
        "[" * LARGE,
        grammar,
        "".join(chr(rng.randrange(32, 0xD7FF)) for _ in range(LARGE // 3)),
    ]
    return [text[:LARGE] for text in texts]


class Surface(Protocol):
    """One inbound surface: its cases, the check of one case, and its 64 KB cases (``run.py``)."""

    name: str
    cases: st.SearchStrategy[Any]
    check: Callable[[Any], None]


def fuzz(surface: Surface) -> None:
    """Run ``surface.check`` on ``EXAMPLES`` hypothesis cases (``CONQUIAN_FUZZ_SEED``: fresh
    cases from that seed, otherwise the derandomized ones CI repeats)."""

    @FUZZ
    @given(surface.cases)
    def one(case: Any) -> None:
        surface.check(case)

    (one if SEED is None else seed(int(SEED))(one))()
