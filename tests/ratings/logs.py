"""Finished games written straight into a store: the events the ratings read, nothing more."""

from __future__ import annotations

from datetime import datetime

from service.game.codec import LogEvent
from service.game.events import GameId, GameOpened, PlayerId, PlayerJoined, TimeControl
from service.game.status import GameStatus
from service.ports.memory import InMemoryEventStore
from service.ports.protocols import GameSummary
from service.rules.events import MatchEnded, MatchForfeited, PlayerResigned
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, MatchTerms


def finish(
    store: InMemoryEventStore,
    game_id: str,
    first: str,
    second: str,
    winner: Seat | None,
    at: datetime,
    ending: str = "played",
    rated: bool | None = None,
) -> None:
    """Append a whole game between ``first`` (the host) and ``second`` that ``winner`` won."""
    loser = Seat.SECOND if winner is Seat.FIRST else Seat.FIRST
    endings: dict[str, list[LogEvent]] = {
        "played": [],
        "resigned": [PlayerResigned(loser)],
        "timed_out": [MatchForfeited(loser, "timeouts")],
        "claimed": [MatchForfeited(loser, "claimed")],
    }
    events: list[LogEvent] = [
        GameOpened(
            GameId(game_id),
            PlayerId(first),
            DEFAULT,
            MatchTerms(),
            TimeControl(),
            f"inv-{game_id}",
            None,
            rated,
        ),
        PlayerJoined(PlayerId(second), Seat.SECOND),
        *endings[ending],
        MatchEnded(winner, (0, 0)),
    ]
    summary = GameSummary(
        GameId(game_id),
        (PlayerId(first), PlayerId(second)),
        GameStatus.OVER,
        None,
        at,
        len(events),
        None,
    )
    store.append(GameId(game_id), 0, events, at, summary)
