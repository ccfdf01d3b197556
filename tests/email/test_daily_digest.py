"""Issue 21, mail: the daily digest (``mail digest``) is sent by the worker once a day, at 8:00
in the reader's time zone or when their quiet hours end, with the news of each running game
since the last digest and whose turn it is; a turn mail still goes at once.  Real SMTP, the
clock moved by hand (no sleeps), on SQLite and PostgreSQL (the digest's claim is storage)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from adapters.email.quotes import MARKER
from tests.email.smtp_sink import Received, SmtpSink
from tests.email.world import ANA, BEN, SERVICE, World, greedy_command, only, request

NEXT_MORNING = datetime.fromisoformat("2026-03-03T08:00:00+00:00")
MOVE_HINT = "Write your move on the first line of your reply."


@pytest.fixture(params=["sqlite", "postgresql"])
def any_world(
    request: pytest.FixtureRequest, tmp_path: Path, smtp_sink: SmtpSink, migrated: Path
) -> Iterator[World]:
    if request.param == "sqlite":
        world = World(tmp_path, smtp_sink, template=migrated)
    else:
        databases: Callable[[], str] = request.getfixturevalue("postgres_databases")
        world = World(tmp_path, smtp_sink, database_url=databases())
    world.register("Ana", ANA)
    world.register("Ben", BEN)
    yield world
    world.close()


def test_one_digest_at_the_hour_with_two_games_and_never_twice(any_world: World) -> None:
    world = any_world
    assert only(world.send(request(ANA, "mail digest"), SERVICE)) == "mail digest"
    world.clock.advance(minutes=1)
    games = [world.start_game(), world.start_game(host=BEN, guest=ANA)]
    for game_id in games:  # Ben moves in each game: news for Ana
        if world.service.game(game_id).to_act == world.players[ANA]:
            world.answer(_latest(world, ANA, game_id), greedy_command(world, game_id, ANA))
        world.answer(_latest(world, BEN, game_id), greedy_command(world, game_id, BEN))
    sent = len(world.sink.received)

    _until(world, NEXT_MORNING - timedelta(minutes=1))
    assert world.worker.digest() == 0
    assert world.sink.received[sent:] == [], "nothing before the hour"

    _until(world, NEXT_MORNING)
    assert world.worker.digest() == 1
    (digest,) = world.sink.received[sent:]
    assert digest.to == ANA
    text = digest.text()
    assert "Your daily news" in text
    for game_id in games:
        assert f"Game {game_id} with Ben: " in text
    assert "your turn" in text or "Ben's turn" in text
    assert "•" in text, "each game's news is listed"
    assert not text.startswith(MARKER) and MOVE_HINT not in text, "nothing to answer"

    restarted = world.new_worker()
    assert restarted.digest() == 0
    world.clock.advance(hours=3)
    assert restarted.digest() == 0 and world.worker.digest() == 0
    assert world.sink.received[sent + 1 :] == [], "nothing twice after a restart"
    _until(world, NEXT_MORNING + timedelta(days=1))
    assert restarted.digest() == 0, "a day without news sends nothing"


def test_the_digest_waits_for_the_end_of_quiet_hours_in_the_readers_zone_and_language(
    world: World,
) -> None:
    game_id = world.start_game()
    for setting in ("timezone Europe/Madrid", "quiet 07:00-09:30", "lang es"):  # UTC+1 in March
        world.answer(world.latest(ANA), setting)
    assert world.service.settings.of(world.players[ANA]).timezone == "Europe/Madrid"
    assert only(world.send(request(ANA, "mail digest"), SERVICE)) == "mail digest"
    world.clock.advance(minutes=1)
    mover = ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN
    world.answer(_latest(world, mover, game_id), greedy_command(world, game_id, mover))
    sent = len(world.sink.received)
    _until(world, datetime.fromisoformat("2026-03-03T07:00:00+00:00"))  # 8:00 in Madrid
    assert world.worker.digest() == 0
    _until(world, datetime.fromisoformat("2026-03-03T08:29:00+00:00"))
    assert world.worker.digest() == 0
    _until(world, datetime.fromisoformat("2026-03-03T08:30:00+00:00"))  # 9:30 in Madrid
    assert world.worker.digest() == 1
    (digest,) = world.sink.received[sent:]
    assert digest.to == ANA and "Tus novedades del día" in digest.text(), "in her language"
    assert f"Partida {game_id} con Ben: " in digest.text()


def test_a_digest_reader_gets_the_turn_mail_at_once_and_no_news_mail(world: World) -> None:
    game_id = world.start_game()
    assert only(world.send(request(ANA, "mail digest"), SERVICE)) == "mail digest"
    for step in range(20):
        game = world.service.game(game_id)
        if game.status == "over":
            break
        mover = ANA if game.to_act == world.players[ANA] else BEN
        before = len(world.sink.to(ANA))
        world.answer(
            _latest(world, mover, game_id), greedy_command(world, game_id, mover, seed=step)
        )
        new = world.sink.to(ANA)[before:]
        if world.service.game(game_id).to_act == world.players[ANA]:
            assert [_first_lines(one) for one in new] == [[MARKER, MOVE_HINT]], step
        else:
            assert new == [], step


def test_a_digest_whose_sender_died_is_sent_again_as_the_same_mail(any_world: World) -> None:
    world = any_world
    assert only(world.send(request(ANA, "mail digest"), SERVICE)) == "mail digest"
    world.clock.advance(minutes=1)
    world.start_game()
    sent = len(world.sink.received)
    _until(world, NEXT_MORNING)
    digests = world.channel.digests
    assert digests.claims.claim(ANA, NEXT_MORNING, NEXT_MORNING, digests.lease)  # then dies
    assert world.worker.digest() == 0, "held by the dead worker until its lease lapses"
    world.clock.advance(seconds=digests.lease.total_seconds())
    assert world.new_worker().digest() == 1
    (digest,) = world.sink.received[sent:]
    assert str(digest.message["Message-ID"]).startswith("<digest.")
    assert world.new_worker().digest() == 0


def _until(world: World, moment: datetime) -> None:
    world.clock.advance(seconds=(moment - world.clock.now()).total_seconds())


def _latest(world: World, address: str, game_id: str) -> Received:
    """The latest mail of ``game_id`` to ``address``."""
    return [one for one in world.sink.to(address) if f"Game {game_id}" in one.text()][-1]


def _first_lines(mail: Received) -> list[str]:
    return mail.text().splitlines()[:2]
