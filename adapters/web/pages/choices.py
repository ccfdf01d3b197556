"""The new-game form's choices in words: each rules flag's values, the rating and the time per
move as a reader of the page's language reads them (issue 33: the choices were the option
codes, ``nondealer_flips``, ``true``, ``2d``, in every language).

The values sent stay the option codes every channel reads (``new_game.options_of``); only what
the reader sees is worded here.
"""

from __future__ import annotations

from collections.abc import Mapping

from service.language.translation import Translator
from service.rules.errors import N_

CHOICE_WORDS: Mapping[tuple[str, str], str] = {
    ("first_turn", "nondealer_flips"): N_("The non-dealer turns up the first card"),
    ("first_turn", "dealer_upcard"): N_("The dealer turns up a card for both"),
    ("deal_batch", "1"): N_("One card at a time"),
    ("deal_batch", "2"): N_("Two cards at a time"),
    ("first_dealer", "random"): N_("Chosen at random"),
    ("first_dealer", "cut_low_deals"): N_("By cutting: the lower card deals"),
    ("hand_cards_on_take", "any"): N_("Any that make or extend combinations"),
    ("hand_cards_on_take", "with_center_only"): N_("Only those in the taken card's combination"),
    ("hand_meld_without_center", "false"): N_("No: melding needs a taken card"),
    ("hand_meld_without_center", "true"): N_("Yes: they may still meld from their hand"),
    ("rearrange", "on_meld_turn"): N_("When you meld"),
    ("rearrange", "any_turn"): N_("On any turn"),
    ("rearrange", "extend_only"): N_("Never: only extend"),
    ("forcing", "enabled"): N_("Forcing allowed"),
    ("forcing", "disabled"): N_("No forcing"),
    ("force_scope", "direct_layoff"): N_("When it fits a combination as it stands"),
    ("force_scope", "with_rearrangement"): N_("Also when the table can be regrouped"),
    ("force_sources", "any_center"): N_("Any center card"),
    ("force_sources", "discards_only"): N_("Only discards"),
    ("forced_turn", "discard_only"): N_("Lay it off and discard"),
    ("forced_turn", "full_meld_turn"): N_("A whole turn of melding"),
    ("dead_pile_visible", "false"): N_("Hidden"),
    ("dead_pile_visible", "true"): N_("On show"),
    ("draw_stakes", "double"): N_("Doubled"),
    ("draw_stakes", "foster_pool"): N_("One more"),
    ("draw_stakes", "none"): N_("Unchanged"),
    ("scoring", "stake"): N_("The winner takes the stake"),
    ("scoring", "points"): N_("Points towards a target"),
    ("deck_faces", "french"): N_("French faces: A–7, J, Q, K"),
    ("deck_faces", "spanish"): N_("Spanish faces: 1–7, 10, 11, 12"),
}
"""Each rules flag's value (RULES.md §3.1) as the form's choice says it."""

RATINGS = (("rated", N_("Rated")), ("casual", N_("Casual: not rated")))


def choice_words(flag: str, value: str, tr: Translator) -> str:
    """What the form shows for ``flag``'s ``value``."""
    return tr.gettext(CHOICE_WORDS[(flag, value)])


def span_words(seconds: int, tr: Translator) -> str:
    """A time in words: ``2 days``, ``12 hours``, ``30 minutes``."""
    if seconds % 86_400 == 0:
        return tr.ngettext("{n} day", "{n} days", seconds // 86_400)
    if seconds % 3_600 == 0:
        return tr.ngettext("{n} hour", "{n} hours", seconds // 3_600)
    return tr.ngettext("{n} minute", "{n} minutes", max(1, seconds // 60))


_UNIT = {"m": 60, "h": 3_600, "d": 86_400}


def time_words(code: str, tr: Translator) -> str:
    """A time per move offered as its code (``30m``, ``2d``) in words."""
    return span_words(int(code[:-1]) * _UNIT[code[-1]], tr)
