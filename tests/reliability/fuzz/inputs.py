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
from typing import Any, Protocol, TypeVar

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

T = TypeVar("T")
EXAMPLES = int(os.environ.get("CONQUIAN_FUZZ_EXAMPLES", "20000"))
PIPELINE_EXAMPLES = int(os.environ.get("CONQUIAN_FUZZ_PIPELINE_EXAMPLES", "4000"))
"""Cases of a surface that goes through a database and a server (a Telegram update answered
over the fake Bot API, a mail answered over SMTP, an API request, a page's form): 4,000 in the
test suite, a fifth of the parsing layers' 20,000, since at 2-10 ms a case they were two thirds
of its time (a 25-minute CI run with 20,000; the parsing under them still sees 20,000 each);
``make fuzz`` gives them a tenth of its ``--examples`` (20,000 by default) unless
``--pipeline-examples`` says otherwise (docs/reliability.md)."""
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
    *("say", "/say", "gg", "thanks", "away", "gl", "offer", "draw", "adjourn", "rematch"),
    *("accept", "withdraw", "mute", "unmute", "report", "/offer", "/accept", "/mute", "/report"),
    *("https://conquian.example/p/x", "www.a.io", "t.me/bot"),
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


SCRIPTS = ("0123456789", "٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", "⁰¹²³⁴⁵⁶⁷⁸⁹")
"""Digits Python's ``str.isdigit`` (and some ``int``) accept: ASCII, Arabic-Indic, Devanagari,
mathematical and superscript (which ``isdigit`` accepts and ``int`` refuses)."""
SEPARATORS = (" ", " ", " ", ",", " | ", "\t", "\n", "\u00a0", "  ", "")
UNITS = ("", "m", "h", "d", "days", "day", "s", "w")


def typed(seed: int, noise: bool = True) -> str:
    """What a player might type, built from ``seed``: mostly words of the grammar (bent and
    unbent) joined by odd separators; with ``noise``, one text in ten is arbitrary characters.

    Hypothesis draws only the seed: drawing every word costs a millisecond a case, which 20,000
    cases per surface cannot afford.  The seed shrinks towards 0, whose text is empty."""
    if not seed:
        return ""
    rng = random.Random(seed)
    if noise and rng.randrange(10) == 0:
        return _characters(rng, rng.randrange(60))
    words = (_word(rng) for _ in range(rng.randrange(1, 13)))
    return "".join(word + rng.choice(SEPARATORS) for word in words).strip(rng.choice(("", " ")))


def _word(rng: random.Random) -> str:
    kind = rng.randrange(10)
    if kind < 3:
        return rng.choice(VERBS)
    if kind < 6:
        return rng.choice(CARDS)
    if kind == 6:
        return rng.choice(ODD)
    if kind == 7:
        return _number(rng)
    if kind == 8:
        return rng.choice(ZONES + TIMES)
    return _characters(rng, rng.randrange(1, 8))


def _number(rng: random.Random) -> str:
    """A number as text: small, huge, or in another script's digits, with or without a unit."""
    value = rng.choice((rng.randrange(101), rng.randrange(10**30), 2**31, 2**63, 999_999_999))
    digits = str(value)
    if rng.randrange(2):
        digits = digits.translate(str.maketrans("0123456789", rng.choice(SCRIPTS)))
    return digits + rng.choice(UNITS)


def _characters(rng: random.Random, length: int) -> str:
    """Any characters but lone surrogates: ASCII, controls, Latin, the BMP, the astral planes."""
    ranges = ((32, 127), (0, 32), (0x80, 0x800), (0x800, 0xD800), (0xE000, 0x110000))
    return "".join(chr(rng.randrange(*rng.choice(ranges))) for _ in range(length))


seeds = st.integers(0, 2**32 - 1)


def seeded(build: Callable[[random.Random], T]) -> st.SearchStrategy[T]:
    """Cases built from one drawn seed, like ``typed``: one draw a case instead of dozens."""
    return seeds.map(lambda seed: build(random.Random(seed)))


def some_text(rng: random.Random, noise: bool = True) -> str:
    """``typed`` text from the next seed of ``rng``."""
    return typed(rng.getrandbits(32) or 1, noise)


NUMBERS = (0, 1, -1, 3, 12, 2**31, 2**63, 10**30, -(10**30), 1.0, 1.5, 1e308, True, False)


def json_value(rng: random.Random, depth: int = 0) -> Any:
    """Any JSON value: null, booleans, odd numbers, text of the grammar, lists and objects."""
    kind = rng.randrange(7 if depth < 3 else 5)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice(NUMBERS)
    if kind in (2, 3, 4):
        return some_text(rng)
    if kind == 5:
        return [json_value(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {some_text(rng)[:8]: json_value(rng, depth + 1) for _ in range(rng.randrange(4))}


hostile_text = seeds.map(typed)
"""What a player might type: mostly grammar, some noise."""
grammar_text = seeds.map(lambda seed: typed(seed, noise=False))
"""Words of the grammar only."""


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
    examples: int
    cases: st.SearchStrategy[Any]
    check: Callable[[Any], None]


def fuzz(surface: Surface) -> None:
    """Run ``surface.check`` on ``EXAMPLES`` hypothesis cases (``CONQUIAN_FUZZ_SEED``: fresh
    cases from that seed, otherwise the derandomized ones CI repeats)."""

    @settings(FUZZ, max_examples=surface.examples)
    @given(surface.cases)
    def one(case: Any) -> None:
        surface.check(case)

    (one if SEED is None else seed(int(SEED))(one))()
