"""The bot's levels: the plain names players choose, the policy that plays each, its name in news.

``easy`` plays at random, ``medium`` is the greedy bot, ``hard`` the determinized search
(``search_bot``) sampling the opponent's hand by what they let go (``bots.belief``), its rollouts
played by the wary greedy bot.  The player ids stay those already stored in logs (``bot:random``,
``bot:greedy``) with ``bot:search`` for the new level, so old games keep their opponent.  The
hard bot's budget is a number of rollouts per decision, not a time: the same position and seed
give the same move on any machine, and the number is sized so a decision takes well under the
budget measured in docs/benchmarks.md (median under 300 ms compiled, on one core).
"""

from __future__ import annotations

from collections.abc import Mapping

from service.bots.policies import Policy, greedy_bot, random_bot
from service.bots.search import search_bot
from service.language.translation import ENGLISH, Translator
from service.rules.errors import N_

HARD_ROLLOUTS = 480
"""Deal endings the hard bot plays per decision (spread over its legal actions)."""

LEVELS: Mapping[str, str] = {
    "easy": "bot:random",
    "medium": "bot:greedy",
    "hard": "bot:search",
}
"""Each level's player id (a ``PlayerId`` once a game seats it), weakest first."""

BOTS: Mapping[str, Policy] = {
    "bot:random": random_bot,
    "bot:greedy": greedy_bot,
    "bot:search": search_bot(HARD_ROLLOUTS),
}
"""Players the service moves for itself: ``"bot:search"`` can be invited like anyone."""

UNIFORM_ROLLOUTS = 480
"""The hard bot's budget before issue 38, kept for ``hard-uniform``."""

ARENA_ONLY: Mapping[str, Policy] = {
    "hard-uniform": search_bot(UNIFORM_ROLLOUTS, informed=False, finish=greedy_bot),
}
"""Bots for ``conquian arena`` only, never offered to players: ``hard-uniform`` is the hard bot
before issue 38 (the same search sampling the opponent's hand uniformly, not by ``bots.belief``,
and finishing its rollouts with the plain greedy bot), kept so the two are compared in one
process."""

DELIBERATE = frozenset({"bot:search"})
"""Bots whose decision is a search: a request never waits for it.  The worker makes it (its game
is due at once, ``Journal.prepared``), like a timeout; the others answer in the mover's append."""

_NAMES = {
    "bot:random": N_("the easy bot"),
    "bot:greedy": N_("the medium bot"),
    "bot:search": N_("the hard bot"),
}
_UNKNOWN = N_("the bot")


def bot_name(player: str, tr: Translator = ENGLISH) -> str:
    """What a player is told their bot opponent is called, with its level, in their language."""
    return tr.gettext(_NAMES.get(player, _UNKNOWN))
