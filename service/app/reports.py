"""The reports of messages players sent to the operators (``conquian reports``): each
``MessageReported`` in the log with the message it names, its writer and its reporter.

Read from the log itself (``EventStore.read_all``, in log order), so a report is stored once,
with the game, and nothing else keeps a copy to fall out of step.  A scan of the whole log: an
operator's occasional look, not a request path.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.events import GameId, PlayerId
from service.game.state import fold
from service.game.talk_events import MessageReported, MessageSaid
from service.ports.protocols import EventStore

PAGE = 1000


@dataclass(frozen=True, slots=True)
class MessageReport:
    game_id: GameId
    at: datetime
    reporter: PlayerId | None
    writer: PlayerId | None
    message: int
    """The reported message's event number in its game."""
    text: str
    """The message as written (or the name of the preset phrase)."""


def message_reports(store: EventStore) -> list[MessageReport]:
    """Every report in the log, oldest first."""
    found: list[tuple[GameId, datetime, MessageReported]] = []
    after = 0
    while page := store.read_all(after, PAGE):
        found += [
            (one.game_id, one.at, one.event)
            for one in page
            if isinstance(one.event, MessageReported)
        ]
        after = page[-1].position
    reports = []
    for game_id, at, report in found:
        stored = store.load(game_id)
        game = fold(stored)
        said = next(one.event for one in stored if one.seq == report.message)
        assert isinstance(said, MessageSaid), "verify holds a report to a message"
        reports.append(
            MessageReport(
                game_id,
                at,
                game.players[report.seat],
                game.players[said.seat],
                report.message,
                said.text or said.phrase,
            )
        )
    return reports
