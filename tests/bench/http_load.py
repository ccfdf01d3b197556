"""``make bench``, HTTP part: sustained moves per second through the JSON API.

``python -m tests.bench.http_load --seconds 15 --clients 12`` starts the service as a deployment
runs it — ``conquian serve --role migrate``, then two ``--role web`` processes and one ``--role
worker`` on a scratch PostgreSQL database — and drives it from this process over real HTTP,
with keep-alive connections spread over both web processes as a balancer would.  Each client
thread plays whole games between two web players: it asks for the view of the player to act
(``GET /api/v1/games/ID``, what their page or app does before a move), picks a random legal
move, and sends it with the version it saw (``POST …/moves``).  A finished game is replaced by
a new one.  After ``--warmup`` seconds, for ``--seconds`` seconds every answer's latency is
recorded; moves/s is the moves answered 200 in that window.  Prints one JSON object.

Between two people, both players' pages are open as well (``--no-pages`` leaves them shut): every
page asks ``/p/TOKEN/version`` every ``POLL`` seconds, as ``play.js`` does, and fetches itself
when the version moved, to swap its live parts; those requests are counted and timed apart.

The worker is there to send the notifications the moves write, as in production.  Nothing is
pinned: the load spreads over the web processes, the worker, PostgreSQL and this client, and
all of them share the machine's two cores.

Moves per second follow whatever else the machine runs.  What a move costs does much less, so
the result also says how many milliseconds of CPU each move took in the window (Linux's
``/proc``), by process: the web processes, the worker, the database's backends for the scratch
database and this client; ``cpu_ms_per_move_after`` is what the worker and the database still
spent after it until the outbox held nothing pending (at most ``SETTLE`` seconds), on the
notifications the window's moves left behind.
Two trees compared by their CPU per move agree on a busy machine where their moves per second
do not (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

import psycopg

from tests.bench import databases
from tests.waiting import eventually

ROOT = Path(__file__).resolve().parents[2]
KEY = "bench-web-key-0123456789"
SETTLE = 30.0
"""Seconds at most to wait after the window for the outbox to empty: the CPU spent meanwhile on
the window's notifications is counted."""
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass(frozen=True)
class Served:
    """The running service: the web processes' ports, each kind's process ids and the database."""

    ports: list[int]
    pids: dict[str, list[int]]
    url: str

    @property
    def database(self) -> str:
        return self.url.rsplit("/", 1)[1].split("?")[0]

    def outbox_empty(self) -> bool:
        """Whether no notification waits to be sent."""
        conninfo = self.url.replace("postgresql+psycopg://", "postgresql://")
        with psycopg.connect(conninfo) as connection:
            row = connection.execute("SELECT count(*) FROM outbox WHERE status = 'pending'")
            return row.fetchone() == (0,)

    def cpu(self) -> dict[str, float]:
        """CPU seconds each kind of process has spent so far, this client's included."""
        spent = {kind: sum(_cpu(pid) for pid in pids) for kind, pids in self.pids.items()}
        spent["postgres"] = sum(_cpu(pid) for pid in _backends(self.database))
        spent["client"] = time.process_time()
        return spent


def _cpu(pid: int) -> float:
    """User and system CPU seconds of one process (0 once it is gone)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(stat[11]) + int(stat[12])) / TICKS


def _backends(database: str) -> list[int]:
    """The PostgreSQL backends serving ``database`` (their titles name it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                title = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
            except OSError:
                continue
            if title.startswith("postgres:") and f" {database} " in title:
                found.append(int(entry.name))
    return found


def per_move(before: dict[str, float], after: dict[str, float], moves: int) -> dict[str, float]:
    return {kind: round((after[kind] - before[kind]) * 1000 / max(moves, 1), 3) for kind in after}


@contextmanager
def service(url: str, web: int, log_dir: Path) -> Iterator[Served]:
    """The service's processes on ``url``: migrated, then ``web`` web processes and one worker;
    yields them once every web process answers.  Stopped with SIGTERM on the way out."""
    conquian = str(Path(sys.prefix) / "bin" / "conquian")
    ports = [free_port() for _ in range(web)]
    base = {
        **os.environ,
        "CONQUIAN_DATABASE_URL": url,
        "CONQUIAN_DATA_DIR": str(log_dir),
        "CONQUIAN_WEB_KEYS": KEY,
        "CONQUIAN_MOVES_PER_MINUTE": "1000000",
        "CONQUIAN_INVITATIONS_PER_HOUR": "1000000",
    }
    subprocess.run(
        [conquian, "serve", "--role", "migrate"], env=base, check=True, capture_output=True
    )
    started: list[subprocess.Popen[bytes]] = []
    try:
        roles = [("worker", None), *(("web", port) for port in ports)]
        for role, port in roles:
            env = base if port is None else dict(base, CONQUIAN_WEB_PORT=str(port))
            out = open(log_dir / f"{role}-{port or 0}.log", "wb")  # noqa: SIM115 - closed with the process
            started.append(
                subprocess.Popen(
                    [conquian, "serve", "--role", role],
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                )
            )
            out.close()
        for port in ports:
            _wait_for(port)
        pids = {"worker": [started[0].pid], "web": [process.pid for process in started[1:]]}
        yield Served(ports, pids, url)
    finally:
        for process in started:
            process.send_signal(signal.SIGTERM)
        for process in started:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()


def _wait_for(port: int, timeout: float = 60.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            connection = HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/healthz")
            if connection.getresponse().status == 200:
                connection.close()
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"the web process on port {port} did not answer")


BALANCER = itertools.count()
"""Every request of every client goes to the next web process in turn, as a round-robin
balancer in front of them would send it."""


class Client:
    """Keep-alive connections to every web process."""

    def __init__(self, ports: Sequence[int]) -> None:
        self.connections = [HTTPConnection("127.0.0.1", port, timeout=30) for port in ports]

    def call(
        self, method: str, path: str, body: Any = None, token: str | None = None
    ) -> tuple[int, Any]:
        connection = self.connections[next(BALANCER) % len(self.connections)]
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        data = None if body is None else json.dumps(body)
        try:
            connection.request(method, path, body=data, headers=headers)
            response = connection.getresponse()
            payload = response.read()
        except OSError:
            connection.close()  # reconnects on the next request
            raise
        return response.status, json.loads(payload) if payload else None

    def close(self) -> None:
        for connection in self.connections:
            connection.close()


@dataclass
class Tally:
    """What the clients measured inside the window."""

    moves: list[float] = field(default_factory=list)
    looks: list[float] = field(default_factory=list)
    games: int = 0
    refused: int = 0
    pages: list[str] = field(default_factory=list)
    """The open pages' paths, two per game between people, newest last."""
    polls: list[float] = field(default_factory=list)
    refreshes: list[float] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


POLL = 2.0
"""Seconds between two asks of one open page: ``CONQUIAN_POLL_SECONDS``'s default."""


def watch(ports: Sequence[int], clients: int, window: tuple[float, float], tally: Tally) -> None:
    """The open pages of the games being played (the newest two per client), each asking for
    its game's version every ``POLL`` seconds and fetching itself when it moved."""
    connections = [HTTPConnection("127.0.0.1", port, timeout=30) for port in ports]
    start, end = window
    seen: dict[str, str] = {}
    polls: list[float] = []
    refreshes: list[float] = []

    def get(path: str) -> bytes:
        connection = connections[next(BALANCER) % len(connections)]
        connection.request("GET", path)
        return connection.getresponse().read()

    try:
        while time.monotonic() < end:
            began_round = time.monotonic()
            with tally.lock:
                open_pages = tally.pages[-2 * clients :]
            for page in open_pages:
                began = time.monotonic()
                version = json.loads(get(page + "/version"))["version"]
                asked = time.monotonic()
                if began >= start:
                    polls.append(asked - began)
                if seen.get(page) not in (None, str(version)):
                    get(page)
                    if began >= start:
                        refreshes.append(time.monotonic() - asked)
                seen[page] = str(version)
            time.sleep(max(0.0, POLL - (time.monotonic() - began_round)))
    finally:
        for connection in connections:
            connection.close()
        with tally.lock:
            tally.polls += polls
            tally.refreshes += refreshes


def play_bot(ports: Sequence[int], seed: int, window: tuple[float, float], tally: Tally) -> None:
    """One client: whole games of one player against the greedy bot, until the window closes.
    Each move's answer is the player's next position (the bot's replies are appended with the
    move), so no look is needed between moves."""
    rng, client = random.Random(seed), Client(ports)
    start, end = window
    moves: list[float] = []
    games = refused = 0
    try:
        while time.monotonic() < end:
            token = client.call("POST", "/api/v1/players", {"name": "A"})[1]["token"]
            _, game = client.call("POST", "/api/v1/games", {"opponent": "greedy"}, token)
            path = f"/api/v1/games/{game['game_id']}/moves"
            while time.monotonic() < end and game["status"] != "over":
                body = {
                    "command": rng.choice(game["view"]["legal"]),
                    "expected_version": game["version"],
                }
                began = time.monotonic()
                status, answer = client.call("POST", path, body, token)
                if began >= start:
                    if status == 200:
                        moves.append(time.monotonic() - began)
                    else:
                        refused += 1
                if status != 200:
                    break
                game = answer
            games += 1
    finally:
        client.close()
        with tally.lock:
            tally.moves += moves
            tally.games += games
            tally.refused += refused


def play(ports: Sequence[int], seed: int, window: tuple[float, float], tally: Tally) -> None:
    """One client: whole games between two players, until the window closes."""
    rng, client = random.Random(seed), Client(ports)
    start, end = window
    moves: list[float] = []
    looks: list[float] = []
    games = refused = 0
    try:
        while time.monotonic() < end:
            tokens = [
                client.call("POST", "/api/v1/players", {"name": name})[1]["token"] for name in "AB"
            ]
            _, game = client.call("POST", "/api/v1/games", {"opponent": "friend"}, tokens[0])
            invitation = f"/api/v1/invitations/{game['invitation']}/join"
            _, joined = client.call("POST", invitation, None, tokens[1])
            with tally.lock:
                tally.pages += [_path(game["page_url"]), _path(joined["page_url"])]
            game_id = game["game_id"]
            path = f"/api/v1/games/{game_id}"
            acting = 0
            while time.monotonic() < end:
                began = time.monotonic()
                status, seen = client.call("GET", path, None, tokens[acting])
                looked = time.monotonic()
                if seen["status"] == "over":
                    break
                if not seen["view"]["your_turn"]:
                    acting = 1 - acting
                    continue
                command = rng.choice(seen["view"]["legal"])
                body = {"command": command, "expected_version": seen["version"]}
                status, _ = client.call("POST", path + "/moves", body, tokens[acting])
                done = time.monotonic()
                if began >= start:
                    looks.append(looked - began)
                    if status == 200:
                        moves.append(done - looked)
                    else:
                        refused += 1
            games += 1
    finally:
        client.close()
        with tally.lock:
            tally.moves += moves
            tally.looks += looks
            tally.games += games
            tally.refused += refused


def _path(url: str) -> str:
    return "/" + url.split("//", 1)[1].split("/", 1)[1]


def percentile(values: Sequence[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def measure(
    ports: Sequence[int],
    clients: int,
    warmup: float,
    seconds: float,
    opponent: str = "friend",
    pages: bool = True,
    served: Served | None = None,
) -> dict[str, Any]:
    start = time.monotonic() + warmup
    window = (start, start + seconds)
    tally = Tally()
    samples: list[dict[str, float]] = []
    player = play if opponent == "friend" else play_bot
    threads = [
        threading.Thread(target=player, args=(ports, seed, window, tally))
        for seed in range(clients)
    ]
    if opponent == "friend" and pages:
        threads.append(threading.Thread(target=watch, args=(ports, clients, window, tally)))
    if served is not None:  # the CPU spent so far, at the window's start and at its end
        threads += [
            threading.Timer(moment - time.monotonic(), lambda: samples.append(served.cpu()))
            for moment in window
        ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    moves = tally.moves
    costs = {}
    if served is not None:
        eventually(served.outbox_empty, SETTLE)
        settled = served.cpu()
        costs = {
            "cpu_ms_per_move": per_move(samples[0], samples[1], len(moves)),
            "cpu_ms_per_move_after": per_move(samples[1], settled, len(moves)),
        }
    return {
        "clients": clients,
        "web_processes": len(ports),
        "seconds": seconds,
        "moves": len(moves),
        "moves_per_second": len(moves) / seconds,
        "requests_per_second": (len(moves) + len(tally.looks)) / seconds,
        "p50_ms": statistics.median(moves) * 1000,
        "p99_ms": percentile(moves, 0.99) * 1000,
        "opponent": opponent,
        "look_p50_ms": statistics.median(tally.looks) * 1000 if tally.looks else None,
        "look_p99_ms": percentile(tally.looks, 0.99) * 1000 if tally.looks else None,
        "refused": tally.refused,
        "games_started": tally.games,
        "polls_per_second": len(tally.polls) / seconds,
        "poll_p99_ms": percentile(tally.polls, 0.99) * 1000 if tally.polls else None,
        "page_refreshes": len(tally.refreshes),
        "refresh_p99_ms": percentile(tally.refreshes, 0.99) * 1000 if tally.refreshes else None,
        **costs,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--clients", type=int, default=12)
    parser.add_argument("--web", type=int, default=2, help="web processes")
    parser.add_argument(
        "--opponent",
        choices=("friend", "greedy"),
        default="friend",
        help="two people, each move after a look at the game; or one player against the bot",
    )
    parser.add_argument(
        "--no-pages", action="store_true", help="the players' pages shut: no polling"
    )
    args = parser.parse_args(argv)
    with ExitStack() as stack:
        url = stack.enter_context(databases.scratch("postgresql"))
        logs = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="conquian-http-")))
        served = stack.enter_context(service(url, args.web, logs))
        result = measure(
            served.ports,
            args.clients,
            args.warmup,
            args.seconds,
            args.opponent,
            not args.no_pages,
            served,
        )
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
