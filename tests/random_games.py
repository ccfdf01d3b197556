"""Games played to their end through ``GameService`` with random legal moves, for log tests.

Everything is in memory and seeded: the same arguments give the same log.  The clock moves a
random few minutes between moves, so events carry different times.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from service.app.games import GameService
from service.game.events import GameId, PlayerId
from service.game.stored import StoredEvent
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import EventStore
from service.rules.actions import PlayerAction, Take
from service.rules.legal import legal_actions
from service.rules.variants import DEFAULT, MatchTerms, Variant

HOST = PlayerId("ana")
GUEST = PlayerId("bob")


@dataclass
class Played:
    service: GameService
    store: EventStore
    game_id: GameId

    @property
    def log(self) -> list[StoredEvent]:
        return self.store.load(self.game_id)


def play(
    seed: int,
    variant: Variant = DEFAULT,
    terms: MatchTerms | None = None,
    *,
    bot: bool = False,
    moves: int | None = None,
    resign_after: int | None = None,
    store: EventStore | None = None,
) -> Played:
    """A game between ana and bob (or ``bot:random``) to its end, or stopped after ``moves``.

    With ``resign_after`` the player to act resigns after that many moves.  The game is stored
    in ``store``, by default a new in-memory one.
    """
    store, clock = store or InMemoryEventStore(), ManualClock()
    service = GameService(store, clock, SeededChance(seed))
    rng = random.Random(seed)
    game_id = service.open_game(
        HOST, variant, terms, opponent=PlayerId("bot:random") if bot else None
    )
    if not bot:
        clock.advance(minutes=5)
        service.join(service.game(game_id).invitation, GUEST)
    made = 0
    while (game := service.game(game_id)).status == "playing" and made != moves:
        seat = game.rules.to_act
        assert seat is not None
        player = game.players[seat]
        assert player is not None
        clock.advance(seconds=rng.randint(1, 600))
        if made == resign_after:
            service.resign(game_id, player)
        else:
            service.act(game_id, player, _choose(rng, legal_actions(game.rules, seat)))
        made += 1
    return Played(service, store, game_id)


def _choose(rng: random.Random, legal: list[PlayerAction]) -> PlayerAction:
    """Mostly a take when one is possible, so deals are won and tables grow enough to force."""
    takes = [action for action in legal if isinstance(action, Take)]
    return rng.choice(takes if takes and rng.random() < 0.8 else legal)
