"""The reference: the bare append rate of the ``eventsourcing`` library on the same databases.

Runs in the benchmark venv only (``.venv-bench``, started with ``python -I`` so nothing of ours is
importable), against a database ``run.py`` made for it: a SQLite file in a temporary directory, or
a scratch PostgreSQL database.  Prints one JSON object.

"Bare" means the library's lowest public layer: its application recorder's ``insert_events`` with
already-serialised events (no aggregate, no mapper, no encryption or compression), one event per
append to one aggregate, each append its own transaction, as the library ships it.  On
PostgreSQL that is its pipelined transaction with ``LOCK TABLE … IN EXCLUSIVE MODE`` (how it
keeps notification ids in commit order, what our advisory lock does).  On SQLite it leaves
``synchronous`` at SQLite's default (``FULL``); ``--synchronous normal`` sets what our engine
sets, for a like-for-like figure.  ``--db-functions`` is the library's optional PostgreSQL append
through a PL/pgSQL function (one call in autocommit, without the table lock).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
import uuid
from collections.abc import Sequence
from importlib.metadata import version
from typing import Any

from eventsourcing.persistence import StoredEvent

PAYLOAD = json.dumps(
    {"seat": 1, "card": "7H", "put_down": ["5C", "6C"], "table": [["5C", "6C", "7C"]]}
)
"""About the size of one of our events' data."""


def sqlite_recorder(path: str, synchronous: str | None) -> Any:
    from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore

    datastore = SQLiteDatastore(db_name=path)
    if synchronous is not None:
        pool = datastore.pool
        create = pool._create_connection

        def create_with_pragma() -> Any:
            connection = create()
            connection._sqlite_conn.execute(f"PRAGMA synchronous = {synchronous}")
            return connection

        pool._create_connection = create_with_pragma  # type: ignore[method-assign]
    return SQLiteApplicationRecorder(datastore)


def postgresql_recorder(host: str, port: str, user: str, dbname: str, db_functions: bool) -> Any:
    from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore

    datastore = PostgresDatastore(
        dbname=dbname,
        host=host,
        port=port,
        user=user,
        password="",
        enable_db_functions=db_functions,
    )
    return PostgresApplicationRecorder(datastore)


def percentile(sorted_values: Sequence[float], fraction: float) -> float:
    rank = max(1, round(fraction * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def measure(recorder: Any, appends: int, warmup: int) -> dict[str, float]:
    recorder.create_table()
    aggregate = uuid.uuid4()
    state = PAYLOAD.encode()
    times = []
    for number in range(1, warmup + appends + 1):
        event = StoredEvent(aggregate, number, "conquian.bench:Event", state)
        began = time.perf_counter_ns()
        recorder.insert_events([event])
        times.append(time.perf_counter_ns() - began)
    milliseconds = sorted(t / 1e6 for t in times[warmup:])
    return {
        "appends": appends,
        "appends_per_second": appends / (sum(milliseconds) / 1000),
        "p50_ms": percentile(milliseconds, 0.50),
        "p99_ms": percentile(milliseconds, 0.99),
        "mean_ms": statistics.fmean(milliseconds),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--database", choices=("sqlite", "postgresql"), required=True)
    parser.add_argument("--path", help="the SQLite file")
    parser.add_argument("--synchronous", choices=("normal",), help="SQLite only")
    parser.add_argument(
        "--db-functions",
        action="store_true",
        help="PostgreSQL only: its optional one-call append (a PL/pgSQL function, no table lock)",
    )
    parser.add_argument("--host")
    parser.add_argument("--port")
    parser.add_argument("--user")
    parser.add_argument("--dbname")
    parser.add_argument("--appends", type=int, default=3000)
    parser.add_argument("--warmup", type=int, default=200)
    args = parser.parse_args(argv)
    if args.database == "sqlite":
        recorder = sqlite_recorder(args.path, args.synchronous)
    else:
        recorder = postgresql_recorder(
            args.host, args.port, args.user, args.dbname, args.db_functions
        )
    try:
        result = measure(recorder, args.appends, args.warmup)
    finally:
        recorder.datastore.close()
    library = f"eventsourcing {version('eventsourcing')}"
    print(json.dumps({"database": args.database, "library": library, **result}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
