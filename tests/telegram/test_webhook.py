"""Webhook mode over real HTTP: Telegram's POST is refused without the right secret token,
stored before the 200, answered, and applied once when Telegram posts it again."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import BaseWSGIServer, make_server

from adapters.telegram.webhook import PATH, SECRET_HEADER, webhook_app
from service.ports.memory_directory import SeededChance
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

SECRET = "s3cret-token_42"


@pytest.fixture
def quiet_bot(fake: FakeTelegram, tmp_path: Path, bots: list[Bot]) -> Bot:
    """A bot that does not poll: updates reach it only through the webhook."""
    bot = Bot(fake, tmp_path / "data", SeededChance(11))
    bots.append(bot)
    return bot


@pytest.fixture
def webhook(quiet_bot: Bot) -> Iterator[str]:
    app = webhook_app(quiet_bot.app.processor, SECRET, quiet_bot.worker.drain)
    server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}{PATH}"
    server.shutdown()


def post(url: str, update: dict[str, object], secret: str | None) -> int:
    headers = {"Content-Type": "application/json"}
    if secret is not None:
        headers[SECRET_HEADER] = secret
    request = urllib.request.Request(url, json.dumps(update).encode(), headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return int(response.status)
    except urllib.error.HTTPError as error:
        error.close()
        return int(error.code)


def test_an_update_without_the_secret_is_refused_and_not_stored(
    quiet_bot: Bot, webhook: str, fake: FakeTelegram, ana: Phone
) -> None:
    update = fake.send(ana.person, "/start")

    assert post(webhook, update, None) == 403
    assert post(webhook, update, "s3cret-token_43") == 403
    assert post(webhook, {"no": "update"}, SECRET) == 400

    assert quiet_bot.app.channel.records.waiting() == []
    assert fake.calls_to(ana.chat, "sendMessage") == []


def test_an_update_with_the_secret_is_answered_and_applied_once(
    quiet_bot: Bot, webhook: str, fake: FakeTelegram, ana: Phone
) -> None:
    update = fake.send(ana.person, "/new bot")

    assert post(webhook, update, SECRET) == 200
    assert post(webhook, update, SECRET) == 200  # Telegram posts it again

    player = quiet_bot.player(ana.person)
    assert len(quiet_bot.service.games_of(player)) == 1
    assert len(fake.calls_to(ana.chat, "sendMessage")) == 1
    assert "Your turn." in ana.last().text


def test_two_processes_behind_one_address_answer_each_update_once_and_each_chat_in_order(
    fake: FakeTelegram, tmp_path: Path, bots: list[Bot]
) -> None:
    urls = []
    for _ in range(2):  # two processes on one database, each serving the route
        process = Bot(fake, tmp_path / "data", SeededChance(11))
        bots.append(process)
        app = webhook_app(process.app.processor, SECRET, process.worker.drain)
        server: BaseWSGIServer = make_server("127.0.0.1", 0, app, threaded=True)
        threading.Thread(target=server.serve_forever, args=(0.02,), daemon=True).start()
        urls.append((server, f"http://127.0.0.1:{server.server_port}{PATH}"))
    people = [fake.person(f"P{n}") for n in range(4)]
    updates = [fake.send(who, f"/zz{n}") for n in range(5) for who in people]

    def deliver(update: dict[str, object]) -> None:  # posted to both, as a retry would be
        posts = [threading.Thread(target=post, args=(url, update, SECRET)) for _, url in urls]
        for one in posts:
            one.start()
        for one in posts:
            one.join()

    try:
        by_person = [threading.Thread(target=lambda i=i: [deliver(u) for u in updates[i::4]])
                     for i in range(4)]  # fmt: skip
        for one in by_person:
            one.start()
        for one in by_person:
            one.join()
    finally:
        for server, _ in urls:
            server.shutdown()

    for who in people:
        answers = [m.text.split(".")[0] for m in fake.chat(who.id)]
        assert answers == [f"I don't know /zz{n}" for n in range(5)], who.first_name
    assert bots[0].app.channel.records.waiting() == []
