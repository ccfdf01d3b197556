"""What follows a move without anyone deciding: the match's start once both seats are taken,
the next deal with its commitment, the salt of a finished deal, the moves of bot players, and
the moves a player's standing instructions (``instructions.py``) make for them.

These steps are appended with the move that caused them, so a game never waits on the service
itself; but a deliberate bot's decision (``DELIBERATE``, a search) is made only where
``deliberate`` allows it, in the worker, so no request waits for a search.  Chance (decks,
salts, the bots' choices) comes from the injected ``Chance``.  An instructed move is an ordinary
move in the log: the ``InstructionGiven`` before it already records what the player asked for,
so no event marks it.
"""

from __future__ import annotations

from collections.abc import Sequence

from service.bots.levels import BOTS, DELIBERATE
from service.bots.policies import recall
from service.game.codec import LogEvent, is_rules_event
from service.game.events import (
    DealCommitted,
    DealRevealed,
    InstructionGiven,
    InstructionWithdrawn,
    PlayerId,
    PlayerJoined,
)
from service.game.fairness import commitment
from service.game.instructions import instructed
from service.game.state import Game, Standing, standing
from service.game.status import GameStatus
from service.ports.protocols import Chance
from service.rules.actions import PlayerAction, StartDeal, StartMatch
from service.rules.decide import cuts_from, decide
from service.rules.events import Event
from service.rules.evolve import replay
from service.rules.seats import Phase, Seat
from service.rules.state import GameState
from service.rules.variants import FirstDealer
from service.rules.view import view_for


def start_match(game: Game, chance: Chance) -> StartMatch:
    """The match's start: a random first dealer, or the cut cards under ``cut_low_deals``."""
    if game.variant.first_dealer is FirstDealer.CUT_LOW_DEALS:
        return StartMatch(game.variant, game.terms, cuts=cuts_from(chance.deck()))
    dealer = Seat.FIRST if chance.random() < 0.5 else Seat.SECOND
    return StartMatch(game.variant, game.terms, dealer)


def follow_ups(
    game: Game, events: Sequence[LogEvent], chance: Chance, deliberate: bool = False
) -> list[LogEvent]:
    """``events`` and everything that follows them without a person deciding; up to a
    deliberate bot's decision unless ``deliberate`` (the worker's turn, ``Playing.play_bot``)."""
    out = list(events)
    players = _players_after(game, events)
    instructions = _instructions_after(game, events)
    state = replay(_rules_events(events), game.rules)
    salts = {c.number: c.salt for c in game.commitments}
    revealed = set(game.revealed)
    while True:
        number = state.deal_number
        if state.phase in (Phase.DEALING, Phase.OVER) and number and number not in revealed:
            out.append(DealRevealed(number, salts[number]))
            revealed.add(number)
        if state.phase is Phase.NEW and None not in players:  # the second seat was taken
            step = decide(state, start_match(game, chance))
        elif state.phase is Phase.DEALING:
            deck, salt = chance.deck(), chance.salt()
            out.append(DealCommitted(number + 1, commitment(deck, salt), salt))
            salts[number + 1] = salt
            step = decide(state, StartDeal(deck))
        elif state.to_act is not None and players[state.to_act] in BOTS:
            player = str(players[state.to_act])
            if player in DELIBERATE and not deliberate:
                return out  # the worker decides (``deliberating``)
            step = decide(state, BOTS[player](recall(state, state.to_act), chance))
        elif (action := _instructed(state, instructions)) is not None:
            step = decide(state, action)
        else:
            return out
        out += step
        state = replay(step, state)


def _players_after(
    game: Game, events: Sequence[LogEvent]
) -> tuple[PlayerId | None, PlayerId | None]:
    players = game.players
    for event in events:
        if isinstance(event, PlayerJoined):
            players = (
                (event.player, players[1])
                if event.seat is Seat.FIRST
                else (players[0], event.player)
            )
    return players


def _instructions_after(game: Game, events: Sequence[LogEvent]) -> Standing:
    instructions = game.clocks.instructions
    for event in events:
        if isinstance(event, InstructionGiven | InstructionWithdrawn):
            instructions = standing(instructions, event)
    return instructions


def _instructed(state: GameState, instructions: Standing) -> PlayerAction | None:
    """The move the standing instructions of the seat to act make now, if any applies."""
    seat = state.to_act
    if seat is None or not instructions[seat]:
        return None
    return instructed(view_for(state, seat), instructions[seat])


def _rules_events(events: Sequence[LogEvent]) -> list[Event]:
    return [event for event in events if is_rules_event(event)]


def deliberating(game: Game) -> PlayerId | None:
    """The deliberate bot whose decision ``game`` waits for, if any: the worker's to make."""
    seat = game.rules.to_act
    player = None if seat is None else game.players[seat]
    if player in DELIBERATE and game.status is GameStatus.PLAYING:
        return player
    return None
