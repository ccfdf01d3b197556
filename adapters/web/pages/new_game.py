"""The landing page's new-game form: the match settings and the rules flags, each with a line in
plain words, every field starting at the standard rules.

The form is read back into the option words every channel accepts (``deals=3 time=2d
forcing=disabled``, ``service.words.lobby``), so the page checks nothing the lobby does not;
a field left empty or at its default adds no word, and the free options box still works for
those who type.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adapters.web.context import web
from adapters.web.pages.choices import RATINGS, choice_words, span_words, time_words
from service.game.state import Game
from service.language.translation import Translator
from service.rules.errors import N_
from service.rules.variants import DEFAULT, flag_choices
from service.words.cast import player_name

FLAG_LINES: Mapping[str, str] = {
    "first_turn": N_(
        "How a deal starts: the non-dealer turns the first stock card (nondealer_flips), "
        "or the dealer turns one face up for both to consider first (dealer_upcard)."
    ),
    "deal_batch": N_("Cards dealt at a time: one (1) or two (2)."),
    "first_dealer": N_(
        "Who deals first: chosen at random (random), or by cutting, the lower card deals "
        "(cut_low_deals)."
    ),
    "hand_cards_on_take": N_(
        "Which hand cards may go down with a taken card: any that make or extend "
        "combinations (any), or only those in the same combination as the taken card "
        "(with_center_only)."
    ),
    "hand_meld_without_center": N_(
        "Whether a player who refuses a card may still meld from their hand (true) or not (false)."
    ),
    "rearrange": N_(
        "When you may regroup your own table: when you meld (on_meld_turn), on any turn "
        "(any_turn), or never, only extend (extend_only)."
    ),
    "forcing": N_(
        "Whether a refused card that fits the refuser's table can be forced on them "
        "(enabled) or not (disabled)."
    ),
    "force_scope": N_(
        "A refused card can be forced when it fits one combination as it stands "
        "(direct_layoff), or also when the table can be regrouped around it "
        "(with_rearrangement)."
    ),
    "force_sources": N_(
        "Which refused cards can be forced: any center card (any_center) or only discards "
        "(discards_only)."
    ),
    "forced_turn": N_(
        "What a forced player does: lay the card off and discard (discard_only), or a whole "
        "turn of melding that includes it (full_meld_turn)."
    ),
    "dead_pile_visible": N_("Whether the dead cards stay on show (true) or are hidden (false)."),
    "draw_stakes": N_(
        "The stake after a drawn deal: doubled (double), one more (foster_pool) or unchanged "
        "(none)."
    ),
    "scoring": N_(
        "How a deal is settled: the winner takes the stake (stake), or the loser's hand cards "
        "count as points towards a target (points)."
    ),
    "deck_faces": N_(
        "How cards are written: French faces A–7, J, Q, K (french) or Spanish faces "
        "1–7, 10, 11, 12 (spanish)."
    ),
}
"""What each rules flag of RULES.md §3.1 decides, with its values as written in options."""
NUMBERS = ("deals", "target", "stake")
TIMES = ("", "30m", "2h", "12h", "1d", "2d", "3d", "7d")
"""The time per move offered; empty keeps the service's default."""


@dataclass(frozen=True, slots=True)
class FlagField:
    name: str
    choices: tuple[tuple[str, str], ...]
    """Each value as the options write it, and as the reader reads it."""
    default: str
    line: str


def new_game_form(tr: Translator) -> dict[str, object]:
    """What the template needs to draw the settings, every choice in ``tr``'s words."""
    defaults = DEFAULT.flags()
    flags = [
        FlagField(
            name,
            tuple((value, choice_words(name, value, tr)) for value in choices),
            defaults[name],
            FLAG_LINES[name],
        )
        for name, choices in flag_choices().items()
    ]
    times = [("", tr.gettext("the usual")), *((one, time_words(one, tr)) for one in TIMES[1:])]
    ratings = [(value, tr.gettext(words)) for value, words in RATINGS]
    return {"flag_fields": flags, "times": times, "ratings": ratings}


def options_of(form: Mapping[str, str]) -> str:
    """The option words the form's fields say, for ``read_words``: the settings a player
    changed, then whatever they typed in the options box."""
    words = [f"{name}={form[name].strip()}" for name in NUMBERS if form.get(name, "").strip()]
    if form.get("time", "") in TIMES[1:]:
        words.append(f"time={form['time']}")
    if form.get("rating") in ("rated", "casual"):
        words.append(form["rating"])
    defaults = DEFAULT.flags()
    choices = flag_choices()
    for name in choices:
        value = form.get(f"flag-{name}", "")
        if value and value != defaults[name]:
            words.append(f"{name}={value}")
    return " ".join([*words, form.get("options", "")])


def invitation_terms(game: Game, tr: Translator) -> dict[str, object]:
    """What the join page says of the game offered: who invites, the match, the time per move
    and each rule changed from the standard, in plain words."""
    terms = game.terms
    changed = game.variant.changed_flags()
    return {
        "inviter": player_name(game.host, web().service.directory, tr),
        "deals": terms.deals,
        "target": terms.target,
        "stake": terms.stake,
        "per_move": span_words(game.time_control.move_seconds, tr),
        "changed": [
            (f"{name}={value}", choice_words(name, value, tr), tr.gettext(FLAG_LINES[name]))
            for name, value in changed.items()
        ],
    }
