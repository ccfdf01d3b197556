"""Whether a player may be given a hint (issue 38): the game decider's rule and the one
``conquian verify`` holds a log's ``HintGiven`` to.

A hint is what the hard bot would do in the player's place.  It is a help no rated result may
rest on and no person may be played with: allowed only in a casual game against a bot, at the
player's own decision.  Whether a game is rated is the host's choice, and by default rated
between people and casual against a bot (``ratings.finished.rated_by_default``).
"""

from __future__ import annotations

from service.bots.levels import BOTS
from service.game.events import HintGiven
from service.game.state import Game
from service.game.status import GameStatus
from service.rules.errors import N_, IllegalAction, MatchOver
from service.rules.seats import Seat


class HintInRatedGame(IllegalAction):
    code = "hint_in_rated_game"
    template = N_("No hints in a rated game: its result must be your own play.")


class HintAgainstPerson(IllegalAction):
    code = "hint_against_person"
    template = N_("No hints in a game against a person: hints are for casual games against a bot.")


class HintNotYourDecision(IllegalAction):
    code = "hint_not_your_decision"
    template = N_("A hint is for your own decision: ask for one when it is your turn.")


def is_rated(game: Game) -> bool:
    """The host's choice, or by default: rated between people, casual against a bot."""
    if game.rated is not None:
        return game.rated
    return not any(player in BOTS for player in game.players)


def check_hint(game: Game, seat: Seat) -> None:
    """Refuse a hint to ``seat`` unless the game is a casual one against a bot waiting for it."""
    if game.status is not GameStatus.PLAYING:
        raise MatchOver()
    if game.players[seat.other] not in BOTS:
        raise HintAgainstPerson()
    if is_rated(game):
        raise HintInRatedGame()
    if game.rules.to_act is not seat:
        raise HintNotYourDecision()


def may_hint(game: Game, seat: Seat) -> bool:
    """Whether ``seat`` may ask for a hint now: what a channel asks before offering a button."""
    try:
        check_hint(game, seat)
    except IllegalAction:
        return False
    return True


def hinted(game: Game, seat: Seat) -> list[HintGiven]:
    """The event recording that ``seat`` was given a hint at the game's current position."""
    check_hint(game, seat)
    return [HintGiven(seat, game.version)]
