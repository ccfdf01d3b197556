"""The soak's verdict, read from the database after the load: the log against the moves the bots
sent, and the outbox.

* **No move lost, none applied twice.**  Each move is one append (its follow-ups — the next deal,
  a revealed salt — go in with it), and every event of an append carries the same time.  After
  the games were set up, a game's appends must start exactly at the versions the bots moved at
  plus one: an append starting elsewhere is a move nobody sent (or one applied again); a sent
  move with no append starting after its version is lost.  A web move answered 503 may or may
  not have gone through (the answer, not the write, may be what was lost): it may start one
  append, no more.
* **No gaps.**  Every game's events are numbered 1…N without a hole, and its summary says N.
* **Every log verifies.**  Each game's log, exported as a file, passes ``conquian verify``: the
  rules, the fair deals and the clock (no event before the one it follows, no timeout before its
  deadline).
* **The outbox drains.**  No notification left pending ``drain_within`` seconds after the load
  stopped, and none given up as failed.
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

from sqlalchemy import Engine, func, select

from adapters.sql.engine import reconnecting
from adapters.sql.tables import game_summaries, outbox
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.protocols import EventStore
from tests.reliability.soak.players import Players, Sent
from tests.waiting import eventually


@dataclass
class LogVerdict:
    games: int = 0
    events: int = 0
    moves_sent: int = 0
    applied: int = 0
    applied_after_503: int = 0
    by_channel: dict[str, int] = field(default_factory=dict)
    """Moves applied, by the channel they came in on."""
    lost: list[str] = field(default_factory=list)
    unexplained: list[str] = field(default_factory=list)
    gaps: list[str] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    """Games whose exported log ``conquian verify`` refuses, with the event and the reason."""

    @property
    def ok(self) -> bool:
        return not (self.lost or self.unexplained or self.gaps or self.refused)

    def summary(self) -> dict[str, object]:
        return {
            "games": self.games,
            "events": self.events,
            "moves_sent": self.moves_sent,
            "moves_applied": self.applied,
            "moves_applied_by_channel": self.by_channel,
            "web_moves_applied_though_answered_503": self.applied_after_503,
            "lost": len(self.lost),
            "applied_twice_or_unsent": len(self.unexplained),
            "games_with_gaps": len(self.gaps),
            "logs_refused": len(self.refused),
            "examples": (self.lost + self.unexplained + self.gaps + self.refused)[:5],
        }


def verify_log(players: Players, store: EventStore, engine: Engine) -> LogVerdict:
    verdict = LogVerdict()
    tables = list(players.all_tables())
    by_game: dict[str, dict[int, Sent]] = {}
    for sent in players.sent:
        moves = by_game.setdefault(sent.game_id, {})
        if sent.version + 1 in moves:
            verdict.unexplained.append(f"{sent.game_id}: two moves sent at {sent.version}")
        moves[sent.version + 1] = sent
    versions = _versions(engine, [t.game_id for t in tables])
    for table in tables:
        verdict.games += 1
        stored = store.load(table.game_id)
        verdict.events += len(stored)
        seqs = [one.seq for one in stored]
        if seqs != list(range(1, len(seqs) + 1)) or versions.get(table.game_id) != len(seqs):
            verdict.gaps.append(f"{table.game_id}: seqs {seqs[:3]}…{seqs[-3:]}, summary "
                                f"{versions.get(table.game_id)}")  # fmt: skip
        checked = verify(read_log(export_lines(stored)))
        if not checked.ok:
            verdict.refused.append(f"{table.game_id}: event {checked.seq}: {checked.reason}")
        later = [one for one in stored if one.seq > table.start_version]
        starts = [next(group).seq for _, group in itertools.groupby(later, lambda one: one.at)]
        expected = by_game.get(table.game_id, {})
        verdict.moves_sent += len(expected)
        for start in starts:
            if start in expected:
                verdict.applied += 1
                channel = expected[start].channel
                verdict.by_channel[channel] = verdict.by_channel.get(channel, 0) + 1
            elif (table.game_id, start - 1) in players.unanswered:
                verdict.applied_after_503 += 1
            else:
                verdict.unexplained.append(f"{table.game_id}: an append at {start} nobody sent")
        for start in sorted(set(expected) - set(starts)):
            verdict.lost.append(f"{table.game_id}: the move sent at {start - 1} is not in the log")
    return verdict


@reconnecting  # the soak restarts PostgreSQL: a pooled connection from before it is gone
def _versions(engine: Engine, game_ids: list[str]) -> dict[str, int]:
    statement = select(game_summaries.c.game_id, game_summaries.c.version).where(
        game_summaries.c.game_id.in_(game_ids)
    )
    with engine.connect() as connection:
        return {game_id: version for game_id, version in connection.execute(statement)}


@reconnecting
def outbox_counts(engine: Engine) -> dict[str, int]:
    statement = select(outbox.c.status, func.count()).group_by(outbox.c.status)
    with engine.connect() as connection:
        return {status: count for status, count in connection.execute(statement)}


@reconnecting
def any_pending(engine: Engine) -> bool:
    """Whether a notification is still pending (one row looked up by ``ix_outbox_due``, so it
    may be asked often while the outbox drains)."""
    statement = select(outbox.c.id).where(outbox.c.status == "pending").limit(1)
    with engine.connect() as connection:
        return connection.execute(statement).first() is not None


def wait_for_empty_outbox(engine: Engine, within: float) -> float | None:
    """Seconds until no notification is pending (None if some still are after ``within``)."""
    started = time.monotonic()
    if not eventually(lambda: not any_pending(engine), seconds=within):
        return None
    return time.monotonic() - started
