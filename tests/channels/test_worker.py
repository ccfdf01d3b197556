"""One composition of the channels for every process that sends (``adapters.channels``): a plain
``conquian worker --once``, as a real process, tells a Telegram player through the fake Bot API
and an email player through a real SMTP server in the same run; a channel left off is named in
one log line."""

from __future__ import annotations

import json
import logging
import random
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import func, select

from adapters.bootstrap import build
from adapters.channels import build_channels
from adapters.config import Settings
from adapters.sql.tables import outbox
from service.bots.policies import greedy_bot
from service.ports.directory import Address
from service.ports.memory_directory import SeededChance
from service.words.prompts import action_text
from tests.email.smtp_sink import SmtpSink
from tests.email.test_cli import environment
from tests.email.world import ANA
from tests.telegram.fake_api import TOKEN, FakeTelegram


def channel_environment(tmp_path: Path, fake: FakeTelegram, sink: SmtpSink) -> dict[str, str]:
    """Both channels configured, as an operator would: email's settings, then the bot's token."""
    env = {
        **environment(tmp_path, sink),
        "CONQUIAN_TELEGRAM_TOKEN": TOKEN,
        "CONQUIAN_TELEGRAM_API_URL": fake.base_url,
    }
    env.pop("CONQUIAN_DATABASE_URL", None)  # the test's own SQLite file
    return env


def test_one_worker_run_tells_the_telegram_player_and_the_email_player(
    tmp_path: Path, fake: FakeTelegram, smtp_sink: SmtpSink
) -> None:
    ben_on_telegram = fake.person("Ben")
    fake.started.add(ben_on_telegram.id)  # Ben has a private chat with the bot
    wiring = build(Settings(data_dir=tmp_path / "data"), chance=SeededChance(4))
    try:
        ben = wiring.directory.register("Ben", Address("telegram", str(ben_on_telegram.id)))
        ana = wiring.directory.register("Ana", Address("email", ANA))
        service = wiring.service
        game_id = service.open_game(ben)
        service.join(service.game(game_id).invitation, ana)  # Ben is told that Ana joined
        while service.game(game_id).to_act != ben:
            _, view = service.view(game_id, ana)
            service.act(game_id, ana, action_text(greedy_bot(view, random.Random(0))))
        while service.game(game_id).to_act == ben:  # Ana is told when it becomes her turn
            _, view = service.view(game_id, ben)
            service.act(game_id, ben, action_text(greedy_bot(view, random.Random(0))))
        with wiring.engine.connect() as connection:
            pending = connection.execute(select(func.count()).select_from(outbox)).scalar_one()
    finally:
        wiring.close()

    done = subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", "worker", "--once"],
        env=channel_environment(tmp_path, fake, smtp_sink),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert done.returncode == 0, done.stderr
    counts = json.loads(done.stdout)
    assert (counts["failed"], counts["retried"], counts["errors"]) == (0, 0, {}), done.stderr
    assert counts["delivered"] == pending >= 2
    # Ben's news (Ana joined, then her moves) is rendered when sent: one message shows it all.
    [told] = fake.calls_to(ben_on_telegram.id, "sendMessage")
    assert "Ana joins" in str(told.params["text"]) and "Waiting for Ana." in str(
        told.params["text"]
    )
    [mail] = smtp_sink.received  # one mail for her turn, however many moves Ben made
    assert mail.to == ANA and "Your turn in the game with Ben." in mail.text()
    assert "channel off" not in done.stderr


def test_a_channel_left_off_is_named_in_one_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = Settings(data_dir=tmp_path)
    wiring = build(settings)
    try:
        with caplog.at_level(logging.INFO, logger="adapters.channels"):
            channels = build_channels(wiring, settings, None)
    finally:
        wiring.close()
    assert set(channels.senders) == {"log", "web"}  # the page and its turn notices: always on
    assert (channels.telegram, channels.email) == (None, None)
    off = sorted(r.getMessage() for r in caplog.records if "channel off" in r.getMessage())
    assert len(off) == 2
    assert off[0].startswith("email channel off: set CONQUIAN_MAIL_DOMAIN")
    assert off[1].startswith("telegram channel off: set CONQUIAN_TELEGRAM_TOKEN")
