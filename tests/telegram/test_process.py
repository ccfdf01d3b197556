"""``conquian telegram`` as a process: killed with SIGKILL the moment it has received a move,
then started again, it applies the move once and answers it once.  And ``conquian serve`` with a
token runs the same bot next to the web and the worker."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.sql.telegram_records import TelegramRecords
from service.ports.directory import Address
from service.rules.events import CardRefused
from tests.telegram.fake_api import TOKEN, FakeTelegram
from tests.telegram.harness import Phone

JSON = dict[str, object]


class Processes:
    """``conquian telegram`` processes on one data directory, each stopped at the end."""

    def __init__(self, fake: FakeTelegram, data_dir: Path) -> None:
        self.fake = fake
        self.log = data_dir / "bot.log"
        self.env = {
            **os.environ,
            "CONQUIAN_TELEGRAM_TOKEN": TOKEN,
            "CONQUIAN_TELEGRAM_API_URL": fake.base_url,
            "CONQUIAN_DATA_DIR": str(data_dir),
        }
        self.env.pop("CONQUIAN_DATABASE_URL", None)
        self.started: list[subprocess.Popen[bytes]] = []

    def start(self, *command_line: str) -> subprocess.Popen[bytes]:
        command = [sys.executable, "-m", "adapters.cli.main", *(command_line or ("telegram",))]
        with self.log.open("ab") as log:
            process = subprocess.Popen(command, env=self.env, stderr=log)
        self.started.append(process)
        return process

    def stop_all(self) -> None:
        self.fake.wake()
        for process in self.started:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=15)


@pytest.fixture
def processes(fake: FakeTelegram, tmp_path: Path) -> Iterator[Processes]:
    running = Processes(fake, tmp_path)
    yield running
    running.stop_all()


def is_pass(updates: list[JSON]) -> bool:
    messages = [u["message"] for u in updates if isinstance(u.get("message"), dict)]
    return any(m["text"] == "pass" for m in messages)  # type: ignore[index]


def test_a_bot_killed_after_receiving_a_move_applies_it_once_after_a_restart(
    fake: FakeTelegram, tmp_path: Path, processes: Processes
) -> None:
    first = processes.start()
    ana = Phone(fake, fake.person("Ana"))
    ana.say("/new bot")
    ana.wait_for_turn()  # the other process answers on its own threads: wait for it
    wiring = build(Settings(data_dir=tmp_path))
    try:
        player = wiring.directory.player_at(Address("telegram", str(ana.chat)))
        assert player is not None
        [line] = wiring.service.games_of(player)
        before = wiring.service.game(line.game_id).version
        killed = threading.Event()

        def kill(updates: list[JSON]) -> None:
            if is_pass(updates) and not killed.is_set():
                first.kill()
                killed.set()

        fake.on_updates = kill
        update = fake.send(ana.person, "pass")
        assert killed.wait(15)
        assert first.wait(timeout=15) == -signal.SIGKILL
        fake.on_updates = None

        processes.start()
        ana.settle(update)
        records = TelegramRecords(wiring.engine)
        fake.wait(lambda: not records.waiting_updates(1))  # answered, in the other process

        seat = wiring.service.game(line.game_id).seat_of(player)
        events = [s.event for s in wiring.service.store.load(line.game_id)[before:]]
        assert [e for e in events if isinstance(e, CardRefused) and e.seat == seat] != []
        assert len([e for e in events if isinstance(e, CardRefused) and e.seat == seat]) == 1
        answers = [
            c
            for c in fake.calls_to(ana.chat, "sendMessage", "editMessageText")
            if "You refuse" in str(c.params["text"])
        ]
        assert len(answers) == 1
    finally:
        wiring.close()


def test_conquian_serve_runs_the_bot_beside_the_web_and_the_worker(
    fake: FakeTelegram, processes: Processes
) -> None:
    processes.env["CONQUIAN_WEB_PORT"] = str(free_port())
    processes.start("serve")
    ana = Phone(fake, fake.person("Ana"))

    ana.say("/new bot")  # answered by the bot's poller in the serve process: a game and a table

    assert ana.wait_for_turn() is not None
    assert "telegram: started" in processes.log.read_text()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port
