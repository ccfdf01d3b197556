"""The Conquian rules as a decider: ``decide``, ``evolve``, ``legal_actions``, ``view_for``.

Pure: standard library only, no I/O, no clock, no random source.  The deck order comes in with
``StartDeal``, the first dealer with ``StartMatch``; time never matters to the rules.
"""

from .actions import (
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
from .cards import DECK, EMPTY, Card, CardSet, card, cards
from .decide import decide
from .errors import IllegalAction
from .events import Event
from .evolve import evolve, replay
from .legal import legal_actions
from .seats import Phase, Seat, Source
from .state import GameState, initial_state
from .variants import DEFAULT, MatchTerms, Variant
from .view import PlayerView, view_for

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
