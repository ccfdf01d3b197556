"""An update is given up after three unexpected failures — but the database being away is not
one: an update stored just before an outage would otherwise be marked answered without ever
being handled.  The directory here is a fake of our port that fails as a stopped database does
for as long as ``away`` is set."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine
from sqlalchemy.exc import OperationalError

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.telegram.app import build_telegram
from adapters.telegram.processor import key_of
from service.app.games import GameService
from service.app.intake import ATTEMPTS
from service.ports.directory import Directory
from service.ports.protocols import Inbox
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import telegram_settings


class AwayDirectory:
    """The directory, failing like a database that cannot be reached while ``away``."""

    def __init__(self, directory: Directory) -> None:
        self.directory = directory
        self.away = False

    def __getattr__(self, name: str) -> Any:
        if self.away:
            raise OperationalError("SELECT …", {}, ConnectionRefusedError("connection refused"))
        return getattr(self.directory, name)


@dataclass
class Parts:
    engine: Engine
    service: GameService
    directory: Any
    inbox: Inbox


def test_an_update_is_not_given_up_while_the_database_is_away(
    fake: FakeTelegram, tmp_path: Path
) -> None:
    wiring = build(Settings(data_dir=tmp_path))
    directory = AwayDirectory(wiring.directory)
    app = build_telegram(
        Parts(wiring.engine, wiring.service, directory, wiring.inbox), telegram_settings(fake)
    )
    try:
        ana = fake.person("Ana")
        update = fake.send(ana, "/games")
        assert app.processor.receive(update)
        directory.away = True

        for _ in range(ATTEMPTS + 2):
            with pytest.raises(OperationalError):
                app.processor.answer(key_of(update))

        directory.away = False
        assert app.processor.answer_waiting() == 1
        assert fake.calls_to(ana.id, "sendMessage")
    finally:
        app.close()
        wiring.close()
