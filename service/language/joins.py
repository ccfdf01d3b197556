"""Where a sentence meets a filled-in name that is a common noun: the little words a language
changes there (issue 33: "Mesa de el bot", "pasa a el bot", "si ang madaling bot").

A catalog sentence is written for a person's name (``Mesa de {name}``, ``si {player}``), and the
bots and a former player are named with an article (``el bot fácil``, ``ang madaling bot``).
Spanish contracts ``de el`` and ``a el`` to ``del`` and ``al``; Filipino names a person with
``si``/``ni``/``kay`` and anything else with ``ang``/``ng``/``sa``.  Applied to every sentence
once its placeholders are filled, so no catalog needs a second message for the bots.
"""

from __future__ import annotations

import re

_SPANISH = re.compile(r"\b([Dd]e|[Aa]) el\b")
"""``de el``/``a el`` never stand in Spanish (``de él``, ``de El Salvador`` are other words)."""
_FILIPINO = re.compile(r"\b(si|ni|kay|Si|Ni|Kay) (ang |isang )")
_FILIPINO_MARKER = {"si": "ang ", "ni": "ng ", "kay": "sa "}


def _spanish(found: re.Match[str]) -> str:
    return found.group(1) + "l"


def _filipino(found: re.Match[str]) -> str:
    marker, article = found.group(1), found.group(2)
    common = _FILIPINO_MARKER[marker.lower()]
    words = common + ("isang " if article == "isang " else "")
    return words[0].upper() + words[1:] if marker[0].isupper() else words


def joined(language: str, text: str) -> str:
    """``text`` with the words at a filled-in name joined as ``language`` joins them."""
    if language == "es":
        return _SPANISH.sub(_spanish, text)
    if language == "fil":
        return _FILIPINO.sub(_filipino, text)
    return text
