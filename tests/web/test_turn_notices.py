"""Turn notices for web players (issue 17, item 7) sent end to end: the worker sends the
outbox through the web channel to a local push endpoint that decrypts each message (RFC 8291)
and to the aiosmtpd SMTP server of the test suite.  A worker killed after sending but before the
outbox recorded it, and started again, tells each player once by each means.  A notice names the
game and carries no card; it speaks the player's language; quiet hours hold it; a browser the
push service calls gone is forgotten."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import timedelta
from pathlib import Path

import pytest
from sqlalchemy import select

from adapters.sql.notices import SqlNotices
from adapters.sql.tables import outbox
from tests.email.smtp_sink import SmtpSink
from tests.web.notices_world import (
    BEN_MAIL,
    START,
    World,
    ask_mail,
    confirm,
    drained_through_a_restart,
    game_of,
    move,
    names_a_card,
    notice_mails,
    play_until_turn_of,
    running,
    subscribe,
)
from tests.web.test_pages import start_friendly


@pytest.fixture
def world(tmp_path: Path, smtp_sink: SmtpSink) -> Iterator[World]:
    yield from running(tmp_path, smtp_sink)


@pytest.fixture
def world_on_postgresql(tmp_path: Path, smtp_sink: SmtpSink, postgres_url: str) -> Iterator[World]:
    yield from running(tmp_path, smtp_sink, postgres_url)


def test_web_players_are_told_by_push_and_mail_once_each_across_a_worker_restart(
    world: World,
) -> None:
    told_once_each_across_a_worker_restart(world)


def test_the_same_on_postgresql(world_on_postgresql: World) -> None:
    assert world_on_postgresql.site.wiring.engine.dialect.name == "postgresql"
    told_once_each_across_a_worker_restart(world_on_postgresql)


def told_once_each_across_a_worker_restart(world: World) -> None:
    ana, ben, ana_page, ben_page = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    _, ben_id = game_of(world, ben_page)
    subscribe(world, ana, ana_page)
    assert ask_mail(ben, ben_page, BEN_MAIL) == 303
    (confirmation,) = world.sink.wait_for(1)
    assert "Ben" in confirmation.text()  # it says whose page asked
    world.worker().run_once()
    assert notice_mails(world) == [] or world.site.wiring.service.game(game_id).to_act == ben_id
    confirm(world, confirmation)
    world.worker().run_once()  # whatever the start told is sent; the counts start here
    pushes, mails = len(world.push.received), len(notice_mails(world))

    first = world.site.wiring.service.game(game_id).to_act
    second = ana_id if first == ben_id else ben_id
    for player in (second, first, second, first):
        play_until_turn_of(world, game_id, player)
        drained_through_a_restart(world, game_id, player)
        if player == ana_id:
            pushes += 1
        else:
            mails += 1
        assert len(world.push.wait_for(pushes)) == pushes
        assert len(notice_mails(world)) == mails

    payload = world.push.decrypt(world.push.received[-1])
    assert payload["game"] == game_id
    assert payload["title"] == "Your turn in the game with Ben."
    assert world.site.path(payload["url"]) == f"/games/{game_id}"  # no page link: see
    opened = ana.get(world.site.path(payload["url"]))  # test_push_subscriptions.py
    assert opened.status == 303
    assert game_of(world, world.site.path(opened.headers["location"])) == (game_id, ana_id)
    assert not names_a_card(str(payload)), payload
    mail = notice_mails(world)[-1]
    assert mail.message["Subject"] == f"Conquian ({game_id[:6]}): your turn"  # names nobody
    assert "Your turn in the game with Ana." in mail.text()
    assert world.site.url + "/p/" in mail.text() and not names_a_card(mail.text()), mail.text()
    assert mail.message["List-Unsubscribe"]
    with world.site.wiring.engine.connect() as connection:
        mine = select(outbox.c.status).where(outbox.c.game_id == game_id)
        statuses = {row.status for row in connection.execute(mine)}
    assert statuses <= {"delivered", "superseded"}


def test_quiet_hours_hold_a_push_until_they_end(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    subscribe(world, ana, ana_page)
    world.worker().run_once()
    directory = world.site.wiring.directory
    directory.update(replace(directory.profile(ana_id), quiet_hours="09:00-11:00"))
    world.clock.advance(minutes=2)  # the settings are read again
    before = len(world.push.received)
    play_until_turn_of(world, game_id, ana_id)
    move(world, game_id)
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    assert len(world.push.received) == before
    world.clock.current = START.replace(hour=11, minute=1)
    world.worker().run_once()
    assert len(world.push.wait_for(before + 1)) == before + 1


def test_a_browser_the_push_service_calls_gone_is_forgotten(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    subscribe(world, ana, ana_page, "/push/gone")
    world.push.gone.add("/push/gone")
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    assert len(world.push.wait_for(1)) == 1
    assert SqlNotices(world.site.wiring.engine).subscriptions(ana_id) == []


def test_a_reminder_comes_by_push_in_the_players_language(world: World) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    directory = world.site.wiring.directory
    directory.update(replace(directory.profile(ana_id), language="es"))
    world.clock.advance(minutes=2)  # the settings are read again
    subscribe(world, ana, ana_page)
    play_until_turn_of(world, game_id, ana_id)
    move(world, game_id)
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    turn = world.push.decrypt(world.push.wait_for(1)[-1])
    assert turn["title"] == "Te toca en la partida con Ben."
    service = world.site.wiring.service
    due = service.deadline(service.game(game_id))
    assert due is not None and due.player == ana_id and due.reminders
    world.clock.current = due.reminders[0] + timedelta(seconds=1)
    world.worker().run_once()
    reminder = world.push.decrypt(world.push.wait_for(2)[-1])
    assert reminder["title"].startswith("Recordatorio"), reminder
    assert reminder["game"] == game_id and not names_a_card(str(reminder))
    assert len(world.push.received) == 2


def test_a_push_service_that_is_down_is_tried_again_and_the_mail_not_sent_twice(
    world: World,
) -> None:
    ana, _, ana_page, _ = start_friendly(world.site)
    game_id, ana_id = game_of(world, ana_page)
    subscribe(world, ana, ana_page)
    assert ask_mail(ana, ana_page, "ana@example.org") == 303
    confirm(world, world.sink.wait_for(1)[0])
    world.worker().run_once()
    pushes, mails = len(world.push.received), len(world.sink.to("ana@example.org"))
    play_until_turn_of(world, game_id, ana_id)
    move(world, game_id)
    world.push.unavailable = 1
    play_until_turn_of(world, game_id, ana_id)
    world.worker().run_once()
    assert len(world.push.wait_for(pushes + 1)) == pushes + 1  # refused: 503
    assert len(world.sink.to("ana@example.org")) == mails + 1
    world.clock.advance(minutes=1)  # past the first retry's delay
    world.worker().run_once()
    assert len(world.push.wait_for(pushes + 2)) == pushes + 2  # taken this time
    assert len(world.sink.to("ana@example.org")) == mails + 1  # the mail that went, once
    world.clock.advance(minutes=10)
    world.worker().run_once()
    assert len(world.push.received) == pushes + 2
    with world.site.wiring.engine.connect() as connection:
        mine = select(outbox.c.status).where(outbox.c.game_id == game_id)
        statuses = {row.status for row in connection.execute(mine)}
    assert statuses <= {"delivered", "superseded"}
