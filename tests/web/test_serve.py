"""``conquian serve`` as people start it: real processes, real ports, real databases.

``make run`` (the README's first command) starts the whole service on SQLite and the landing
page answers; ``--role web`` and ``--role worker`` as separate processes on PostgreSQL play a
game started through the API, the worker sending its notifications and beating the heartbeat
that the web process's ``/readyz`` reads.
"""

from __future__ import annotations

import os
import queue
import signal
import stat
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters.sql import tables
from adapters.sql.engine import create
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.test_cli import environment as mail_environment
from tests.email.world import ANA, BEN, SERVICE, request
from tests.log_capabilities import LEAK
from tests.waiting import eventually
from tests.web.client import Http
from tests.web.conftest import ROOT, free_port
from tests.web.test_browser import best_move

CONQUIAN = str(ROOT / ".venv" / "bin" / "conquian")


@dataclass
class Process:
    """A command we started in its own process group, with its output as it comes."""

    popen: subprocess.Popen[str]
    lines: queue.Queue[str]
    seen: list[str]
    reader: threading.Thread

    @property
    def output(self) -> str:
        """Everything it printed so far (all of it once it has exited: the reader ends when the
        last process holding the pipe does, which under ``make`` is after ``make`` itself)."""
        if self.popen.poll() is not None:
            self.reader.join(timeout=30)
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "".join(self.seen)

    def wait_for(self, text: str, timeout: float = 90.0) -> str:
        """The first output line containing ``text``."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.popen.poll() is not None:
                    break
                continue
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no {text!r} in the output:\n{''.join(self.seen)}")

    def stop(self) -> int:
        """SIGTERM to the group we started; its exit code."""
        if self.popen.poll() is None:
            os.killpg(self.popen.pid, signal.SIGTERM)
        return self.exit_code(timeout=20)

    def exit_code(self, timeout: float) -> int:
        """Its exit code once it has ended; killed, and its output shown, if it has not ended
        within ``timeout`` seconds."""
        try:
            return self.popen.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait()
            raise AssertionError(f"still running after {timeout} s:\n{self.output}") from None


@pytest.fixture
def start() -> Iterator[object]:
    started: list[Process] = []

    def run(argv: list[str], **environ: str) -> Process:
        env = {**os.environ, **environ, "PYTHONUNBUFFERED": "1"}
        popen = subprocess.Popen(
            argv,
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            start_new_session=True,
        )
        lines: queue.Queue[str] = queue.Queue()
        assert popen.stdout is not None
        stdout = popen.stdout
        reader = threading.Thread(target=lambda: [lines.put(line) for line in stdout], daemon=True)
        reader.start()
        process = Process(popen, lines, [], reader)
        started.append(process)
        return process

    yield run
    for process in started:
        try:
            if process.popen.poll() is None:
                process.stop()
        finally:
            if process.popen.stdout is not None:
                process.popen.stdout.close()


def ready(http: Http, timeout: float = 30.0) -> dict[str, object]:
    """``/readyz`` once it says ready (the worker's first heartbeat may take a moment)."""
    eventually(lambda: http.get("/readyz").status == 200, timeout)
    body: dict[str, object] = http.get("/readyz").json
    return body


def test_make_run_serves_the_landing_page_on_sqlite(start, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    data = tmp_path / "data"
    service = start(
        ["make", "-s", "run"],
        CONQUIAN_DATA_DIR=str(data),
        CONQUIAN_WEB_PORT=str(port),
        CONQUIAN_RUN_BUILD="interpreted",  # compiling takes minutes: deploy/run.sh
    )
    line = service.wait_for("Conquian is running")
    assert f"http://127.0.0.1:{port}/" in line
    http = Http(f"http://127.0.0.1:{port}")
    landing = http.get("/")
    assert landing.status == 200 and "Play Conquian" in landing.text
    assert ready(http)["ready"] is True
    assert (data / "conquian.db").exists() and (data / "web.key").exists()
    service.stop()  # make itself dies of the signal; the service stops in order
    output = service.output
    assert "telegram channel off: set CONQUIAN_TELEGRAM_TOKEN" in output
    assert "email channel off: set CONQUIAN_MAIL_DOMAIN" in output
    assert "web: stopped" in output and "worker stopped" in output
    assert "rules core and bots: interpreted build" in output


def test_a_second_signal_while_stopping_does_not_cut_the_stop_short(start, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """``make run`` stopped with SIGTERM: the group's signal reaches ``conquian serve`` and
    ``make`` passes its own on just after.  The second one, arriving while the service stops,
    must not kill it before everything has stopped in order."""
    port = free_port()
    service = start(
        [CONQUIAN, "serve"], CONQUIAN_DATA_DIR=str(tmp_path), CONQUIAN_WEB_PORT=str(port)
    )
    service.wait_for("Conquian is running")  # printed once the worker and the web have started
    os.killpg(service.popen.pid, signal.SIGTERM)
    service.wait_for("SIGTERM: stopping")
    os.killpg(service.popen.pid, signal.SIGTERM)
    assert service.exit_code(timeout=60) == 0
    output = service.output
    assert "web: stopped" in output and "worker stopped" in output


def test_web_and_worker_roles_on_postgresql_play_a_game_started_through_the_api(  # type: ignore[no-untyped-def]
    start, postgres_url: str, tmp_path: Path
) -> None:
    port = free_port()
    environ = {
        "CONQUIAN_DATABASE_URL": postgres_url,
        "CONQUIAN_DATA_DIR": str(tmp_path),
        "CONQUIAN_WEB_KEYS": "a-key-shared-by-the-web-processes",
        "CONQUIAN_WEB_PORT": str(port),
        "CONQUIAN_HEARTBEAT_SECONDS": "6",
    }
    migrate = start([CONQUIAN, "serve", "--role", "migrate"], **environ)
    assert migrate.exit_code(timeout=90) == 0
    worker = start([CONQUIAN, "serve", "--role", "worker"], **environ)
    web = start([CONQUIAN, "serve", "--role", "web"], **environ)
    web.wait_for("Conquian is running")
    worker.wait_for("worker started")
    http = Http(f"http://127.0.0.1:{port}")
    assert ready(http) == {
        "ready": True,
        "checks": {"database": "ok", "migrations": "ok", "worker": "ok"},
    }

    host = http.post("/api/v1/players", {"name": "Ana"}).json["token"]
    guest = http.post("/api/v1/players", {"name": "Ben"}).json["token"]
    opened = http.post("/api/v1/games", {"opponent": "friend"}, token=host).json
    game_id = opened["game_id"]
    assert http.post(f"/api/v1/invitations/{opened['invitation']}/join", token=guest).status == 200
    for _ in range(300):
        games = {
            token: http.get(f"/api/v1/games/{game_id}", token=token).json for token in (host, guest)
        }
        if games[host]["status"] == "over":
            break
        token = next(t for t, game in games.items() if game["view"]["your_turn"])
        game = games[token]
        body = {"command": best_move(game["view"]["legal"]), "expected_version": game["version"]}
        assert http.post(f"/api/v1/games/{game_id}/moves", body, token=token).status == 200
    else:
        raise AssertionError("the game did not end")
    assert http.get(f"/api/v1/games/{game_id}/log").status == 200

    engine = create(postgres_url)
    try:

        def statuses_now() -> list[str]:
            with engine.connect() as connection:
                return list(connection.execute(select(tables.outbox.c.status)).scalars().all())

        # the worker process sends every notification the moves wrote
        eventually(lambda: set(statuses_now()) == {"delivered"}, 20)
        statuses = statuses_now()
    finally:
        engine.dispose()
    assert statuses and set(statuses) == {"delivered"}, statuses

    assert worker.stop() == 0  # its connection closes, and its heartbeat with it
    eventually(lambda: http.get("/readyz").status != 200, 10)
    answer = http.get("/readyz")
    assert answer.status == 503 and answer.json["checks"]["worker"] == "no heartbeat"
    assert web.stop() == 0


@pytest.fixture
def usual_umask() -> Iterator[None]:
    """The usual umask, which leaves new files readable by every local user."""
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_every_file_the_service_writes_is_private_and_its_log_holds_no_link(  # type: ignore[no-untyped-def]
    start, tmp_path: Path, usual_umask: None
) -> None:
    """After a real run on SQLite (a player, a game against the bot played through the API, the
    worker sending), every file under the data directory — the database, its WAL and shared
    memory, the web key, the heartbeat — is readable by the service's user alone, and the
    directory is closed to others (issue 15).  The run is ``--verbose``: its output, every log
    record of the process, carries no capability link or token."""
    port = free_port()
    data = tmp_path / "data"
    service = start(
        [CONQUIAN, "serve", "--verbose"],
        CONQUIAN_DATA_DIR=str(data),
        CONQUIAN_WEB_PORT=str(port),
        CONQUIAN_HEARTBEAT_SECONDS="1",
    )
    service.wait_for("Conquian is running")
    http = Http(f"http://127.0.0.1:{port}")
    assert ready(http)["ready"] is True
    token = http.post("/api/v1/players", {"name": "Ana"}).json["token"]
    opened = http.post("/api/v1/games", {"opponent": "greedy"}, token=token).json
    game = f"/api/v1/games/{opened['game_id']}"
    for _ in range(5):
        view = http.get(game, token=token).json
        if view["status"] != "playing" or not view["view"]["your_turn"]:
            break
        body = {"command": best_move(view["view"]["legal"]), "expected_version": view["version"]}
        assert http.post(f"{game}/moves", body, token=token).status == 200
    page = opened["page_url"].split(str(port), 1)[1]
    assert http.get(page).status == 200
    assert http.get(page + "x").status == 404
    running = opened_to_others(data)
    assert {"conquian.db", "conquian.db-wal", "conquian.db-shm", "web.key"} <= set(running)
    assert service.stop() == 0
    assert [f"{name} {mode}" for name, mode in running.items() if mode] == []
    after = opened_to_others(data)
    assert [f"{name} {mode}" for name, mode in after.items() if mode] == []
    leaks = [line for line in service.output.splitlines() if LEAK.search(line)]
    assert leaks == []


def opened_to_others(data: Path) -> dict[str, str]:
    """Every file and directory under ``data`` (and itself): its mode if others may use it, or
    an empty string."""
    found = {}
    for path in [data, *sorted(data.rglob("*"))]:
        mode = path.stat().st_mode
        found[str(path.relative_to(data))] = stat.filemode(mode) if mode & 0o077 else ""
    return found


def test_the_mail_role_reads_the_replies_and_the_worker_leaves_them_to_it(  # type: ignore[no-untyped-def]
    start, tmp_path: Path, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    env = mail_environment(tmp_path, smtp_sink, mailbox)
    env |= {"CONQUIAN_IMAP_ROLE": "mail", "CONQUIAN_IMAP_POLL_SECONDS": "1"}
    worker = start([CONQUIAN, "serve", "--role", "worker"], **env)
    worker.wait_for("worker started")
    mail = start([CONQUIAN, "serve", "--role", "mail"], **env)
    mail.wait_for("email: started")

    mailbox.deliver(request(ANA, f"new game with {BEN}"), SERVICE)

    eventually(lambda: smtp_sink.to(ANA), 60)
    assert "Reply yes to this mail" in smtp_sink.to(ANA)[-1].text()  # Ana is new: she confirms
    assert mail.stop() == 0 and worker.stop() == 0
    assert "email: started" not in worker.output


def test_the_mail_role_without_the_mailbox_given_to_it_waits_and_says_why(  # type: ignore[no-untyped-def]
    start, tmp_path: Path, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    mail = start(
        [CONQUIAN, "serve", "--role", "mail"], **mail_environment(tmp_path, smtp_sink, mailbox)
    )
    mail.wait_for("nothing to poll here (CONQUIAN_IMAP_ROLE is not mail")
    assert mail.stop() == 0
