"""What happens when a decision runs out of time, and the waiting player's ``claim`` and ``extend``.

Pure: a folded game and the time in, events out (or an ``IllegalAction`` saying why not).  The
game's ``on_timeout`` policy picks the move: ``auto`` makes the safest legal choice (refuse the
card, decline to force, and when forced discard as the greedy bot would), ``bot`` lets the hard
bot (``bots.search``) play, ``forfeit`` loses the match; after ``max_timeouts`` in a row the
absent player forfeits whatever the policy.
"""

from __future__ import annotations

import random

from service.bots.levels import HARD_ROLLOUTS
from service.bots.policies import NoChance, greedy_bot, recall
from service.bots.search import choose
from service.game.codec import LogEvent
from service.game.errors import BadSetting
from service.game.events import TimeControl, TurnTimedOut
from service.game.state import Game
from service.language.translation import Phrase
from service.rules.actions import Discard, Forfeit, NoForce, PlayerAction, Refuse
from service.rules.decide import decide
from service.rules.errors import N_
from service.rules.seats import Phase
from service.rules.view import PlayerView, view_for

POLICIES = ("auto", "bot", "forfeit")
MOVE_TIMES = (60, 14 * 86400)
"""The shortest and longest time per decision, in seconds: a minute to fourteen days."""
MAX_RESERVE = 30 * 86400
TIMEOUT_ROLLOUTS = HARD_ROLLOUTS
"""The hard bot's budget when it plays for an absent player: the strongest level, whose rollout
budget answers within its time budget (docs/benchmarks.md)."""


def check_time_control(control: TimeControl) -> None:
    """Refuse a time control the service cannot run as asked, saying what is allowed."""
    shortest, longest = MOVE_TIMES
    if not shortest <= control.move_seconds <= longest:
        raise BadSetting(
            reason=Phrase(N_("The time per move must be between a minute and 14 days."))
        )
    if not 0 <= control.reserve_seconds <= MAX_RESERVE:
        raise BadSetting(reason=Phrase(N_("The reserve must be between none and 30 days.")))
    if control.on_timeout not in POLICIES:
        raise BadSetting(reason=Phrase(N_("On timeout, choose auto, bot or forfeit.")))
    if control.max_timeouts < 1:
        raise BadSetting(reason=Phrase(N_("Forfeit after at least one timeout in a row.")))


def timed_out(game: Game) -> list[LogEvent]:
    """The events of the current decision timing out (its deadline is the caller's to check).

    Determined by the log alone (the hard bot's generator is seeded from the seat's view, which
    the log determines), so ``verify`` can hold a logged timeout to it."""
    return _timed_out(game, hard_bot=True)


def logged_timeouts(game: Game) -> list[list[LogEvent]]:
    """Every way a logged timeout of the current decision may read: what ``timed_out`` appends,
    and under ``bot`` the greedy bot's move too, which played for absent players in the logs
    written before the hard bot did (issue 18), so those logs still verify."""
    ways = [_timed_out(game, hard_bot=True)]
    before_the_hard_bot = _timed_out(game, hard_bot=False)
    return ways if before_the_hard_bot == ways[0] else [*ways, before_the_hard_bot]


def _timed_out(game: Game, hard_bot: bool) -> list[LogEvent]:
    seat = game.rules.to_act
    assert seat is not None, "only a pending decision times out"
    control = game.time_control
    policy = control.on_timeout
    if game.clocks.timeouts_in_row[seat] + 1 >= control.max_timeouts:
        policy = "forfeit"
    if policy == "forfeit":
        return [TurnTimedOut(seat, policy), *decide(game.rules, Forfeit(seat, "timeouts"))]
    if policy == "bot" and hard_bot:
        view = recall(game.rules, seat)
        action = choose(view, random.Random(timeout_seed(view)), TIMEOUT_ROLLOUTS)
    elif policy == "bot":
        action = greedy_bot(view_for(game.rules, seat), NoChance())
    else:
        action = safest(view_for(game.rules, seat))
    return [TurnTimedOut(seat, policy), *decide(game.rules, action)]


def timeout_seed(view: PlayerView) -> str:
    """The hard bot's seed for a timeout: what the seat knows, written out, so that the same
    position always gets the same move and nothing outside the log decides it."""
    tables = [int(combination) for table in view.tables for combination in table]
    return f"{view.deal_number}:{view.turns}:{view.phase}:{int(view.hand)}:{tables}:{view.center}"


def safest(view: PlayerView) -> PlayerAction:
    """The choice that commits the absent player to least: refuse, do not force, and when forced
    discard what the greedy bot would (a discard is the one thing that cannot be refused)."""
    seat = view.seat
    if view.phase is Phase.FORCE_WINDOW:
        return NoForce(seat)
    if view.phase is Phase.FORCED:
        discards = [a for a in view.legal_actions if isinstance(a, Discard)]
        if discards:
            return greedy_bot(view, NoChance())
        return view.legal_actions[0]  # full_meld_turn: a take of the forced card alone
    return Refuse(seat)
