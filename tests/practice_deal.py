"""A practice deal that meets all six kinds of decision (issue 38's guided first deal), for the
tests of every channel: a fixed deck, the easy bot's randomness seeded, and the player's choice
at each decision (``choose``), which the web, Telegram and mail tests make by tapping, pressing
or replying.

The easy bot plays at random (``random_bot``: ``chance.random()`` picks among its legal moves),
so which kinds a deal shows depends on the deck, the bot's draws and the player's choices.
``PracticeChance`` deals ``DECK_ORDER`` and draws the first dealer and the bot's moves from
``Random(BOT_SEED)`` alone (tokens and salts come from elsewhere), so the same choices replay
the same deal on any channel; ``tests/test_practice_deal.py`` checks that the player meets all
six.  Another deck or seed may lack some kinds: a deal in which the bot never refuses a card
that fits its own table cannot show forcing, and one where the player never refuses a card
that fits theirs cannot show being forced (docs/architecture.md).
"""

from __future__ import annotations

import random

from adapters.system import SystemChance
from service.game.lessons import ORDER, Lesson
from service.rules.actions import Discard, Force, PlayerAction, Refuse, Take
from service.rules.cards import DECK, Card
from service.rules.seats import Phase
from service.rules.view import PlayerView

DECK_SEED = 1
BOT_SEED = 8


def deck_order(seed: int) -> tuple[Card, ...]:
    cards = list(DECK)
    random.Random(seed).shuffle(cards)
    return tuple(cards)


class PracticeChance(SystemChance):
    """The practice deal's chance: its deck fixed, the first dealer and the bot's moves drawn
    from a seeded generator of their own, ids and salts at random (the system's)."""

    def __init__(self, deck_seed: int = DECK_SEED, bot_seed: int = BOT_SEED) -> None:
        self._deck = deck_order(deck_seed)
        self._rng = random.Random(bot_seed)

    def deck(self) -> tuple[Card, ...]:
        return self._deck


def choose(view: PlayerView) -> PlayerAction:
    """The player's choice: go out when they can; take with two or more hand cards (discarding
    the first card the take leaves); refuse a card that only lays off (so the bot may force it);
    force whenever they may; when forced, discard their first card."""
    actions = view.legal_actions
    if view.phase is Phase.FORCE_WINDOW:
        return next(one for one in actions if isinstance(one, Force))
    if view.phase is Phase.FORCED:
        return next(one for one in actions if isinstance(one, Discard | Take))
    takes = [one for one in actions if isinstance(one, Take)]
    out = [one for one in takes if one.discard is None]
    if out:
        return out[0]
    melds = [one for one in takes if one.put_down.bit_count() >= 2]
    if melds:
        return melds[0]
    return next(one for one in actions if isinstance(one, Refuse))


FIRST_OF_EACH = {
    Lesson.TAKE: 0,
    Lesson.DISCARD: 0,
    Lesson.PASS: 0,
    Lesson.FORCED: 15,
    Lesson.FORCE: 18,
    Lesson.OUT: 21,
}
"""The player's decision (counted from 0) at which each kind is first met in this deal, and
so prompted; the deal has 22 of the player's decisions and ends with the player going out."""
DECISIONS = 22


def expected_at(decision: int) -> tuple[Lesson, ...]:
    """The prompts the player is shown at their ``decision``-th decision of the deal."""
    return tuple(kind for kind in ORDER if FIRST_OF_EACH[kind] == decision)
