"""The Conquian rules as a decider: ``decide``, ``evolve``, ``legal_actions``, ``view_for``.

Pure: standard library only, no I/O, no clock, no random source.  The deck order comes in with
``StartDeal``, the first dealer with ``StartMatch``; time never matters to the rules.
"""

from service.rules.actions import (
    Action,
    Discard,
    Force,
    NoForce,
    PlayerAction,
    Refuse,
    Resign,
    StartDeal,
    StartMatch,
    Take,
)
from service.rules.cards import DECK, EMPTY, Card, CardSet, card, cards
from service.rules.decide import decide
from service.rules.errors import IllegalAction
from service.rules.events import Event
from service.rules.evolve import evolve, replay
from service.rules.legal import legal_actions
from service.rules.seats import Phase, Seat, Source
from service.rules.state import GameState, initial_state
from service.rules.variants import DEFAULT, MatchTerms, Variant
from service.rules.view import PlayerView, view_for

__all__ = [
    "DECK",
    "DEFAULT",
    "EMPTY",
    "Action",
    "Card",
    "CardSet",
    "Discard",
    "Event",
    "Force",
    "GameState",
    "IllegalAction",
    "MatchTerms",
    "NoForce",
    "Phase",
    "PlayerAction",
    "PlayerView",
    "Refuse",
    "Resign",
    "Seat",
    "Source",
    "StartDeal",
    "StartMatch",
    "Take",
    "Variant",
    "card",
    "cards",
    "decide",
    "evolve",
    "initial_state",
    "legal_actions",
    "replay",
    "view_for",
]
