"""The composition root: the one place that knows every concrete class.

``build(settings)`` creates the engine for ``settings.effective_database_url`` (SQLite under the
data directory unless ``CONQUIAN_DATABASE_URL`` says otherwise), brings its schema to head and
wires the game service to the SQL stores: the event store, the inbox, and the directory, from
which the service reads each player's clock settings (kept a minute, ``service.clock.settings``).  The
outbox is exposed for the worker that sends notifications.  Nothing happens at import; entry
points call ``build``, which also makes every log record of the process free of capability
links and tokens (``redaction``), whatever role the process runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta

from sqlalchemy import Engine

from adapters import redaction
from adapters.config import Settings
from adapters.glicko import GlickoRater
from adapters.keys import service_secret
from adapters.sql.confirmations import SqlConfirmations
from adapters.sql.directory import SqlDirectory
from adapters.sql.engine import create
from adapters.sql.erasure import SqlPersonalData
from adapters.sql.inbox import SqlInbox
from adapters.sql.link_codes import SqlLinkCodes
from adapters.sql.migrate import upgrade
from adapters.sql.outbox import SqlOutbox
from adapters.sql.quotas import SqlQuotas
from adapters.sql.ratings import SqlRatings
from adapters.sql.reliability import SqlReliability
from adapters.sql.retention import SqlRetention, Windows
from adapters.sql.reviews import SqlReviews
from adapters.sql.seeks import SqlSeeks
from adapters.sql.store import SqlEventStore
from adapters.sql.tournaments import SqlTournaments
from adapters.system import SystemChance, SystemClock
from service.app.games import GameService
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.app.tournaments import Tournaments
from service.ports.protocols import Chance, Clock
from service.words.privacy import Kept


@dataclass(frozen=True)
class Wiring:
    engine: Engine
    store: SqlEventStore
    inbox: SqlInbox
    directory: SqlDirectory
    service: GameService
    outbox: SqlOutbox
    """Notifications waiting to be sent (the worker's dispatcher drains it)."""
    ratings: Ratings
    """The ratings projection (its follower runs in the worker)."""
    retention: SqlRetention
    """Working rows past their window (the worker's ``prune`` job)."""
    secret: Callable[[], bytes]
    """The service's secret (``adapters/keys.service_secret``): the never-mail list's key."""
    lobby: Lobby | None = None
    """Seeks, pairing and reliability (issue 36; the worker's ``rate`` job tends it)."""
    tournaments: Tournaments | None = None
    """Tournaments (issue 37; the worker's ``rate`` job tends them after the lobby)."""

    def close(self) -> None:
        """Close the database connections (at shutdown, or at the end of a test)."""
        self.engine.dispose()


def build(settings: Settings, clock: Clock | None = None, chance: Chance | None = None) -> Wiring:
    """Connect, migrate, wire; ``clock`` and ``chance`` default to the system's."""
    redaction.install()
    clock = clock or SystemClock()
    engine = create(settings.effective_database_url)
    upgrade(engine)
    store = SqlEventStore(engine)
    inbox = SqlInbox(engine, clock)
    directory = SqlDirectory(engine)
    codes = SqlLinkCodes(engine)
    worker = settings.worker
    days = (worker.keep_copies_days, worker.keep_keys_days, worker.keep_sent_days)
    retention = SqlRetention(engine, Windows(*(timedelta(days=one) for one in days)))
    # The key that confirms erasures and keys the never-mail list, read (or made) on first use.
    secret = service_secret(settings)
    personal = SqlPersonalData(engine, secret)
    kept = Kept(*(round(one) for one in days))
    service = GameService(
        store,
        clock,
        chance or SystemChance(),
        inbox,
        directory,
        codes,
        personal,
        kept,
        secret,
        confirmations=SqlConfirmations(engine),
        reviews=SqlReviews(engine),
    )
    reliability = SqlReliability(engine)
    ratings = Ratings(SqlRatings(engine), GlickoRater(), reliability=reliability)
    outbox = SqlOutbox(engine)
    lobby = Lobby(service, SqlSeeks(engine), reliability, ratings, SqlQuotas(engine))
    tournaments = Tournaments(
        service,
        SqlTournaments(engine),
        lobby.seekers.rating,
        lambda player: lobby.reliability(player).finished,
        public=lobby.seekers.is_public,
    )
    return Wiring(
        engine,
        store,
        inbox,
        directory,
        service,
        outbox,
        ratings,
        retention,
        secret,
        lobby,
        tournaments,
    )
