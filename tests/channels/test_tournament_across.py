"""Issue 37's must-show, its channels' half: a Swiss of 9 over 4 rounds whose players entered on
Telegram (the fake Bot API), by email (aiosmtpd out), through the web's JSON API and from the
tournament's web page (Flask's test client over HTTP's forms, with its cookies and CSRF token, on
the same database), one of whom withdraws through the API after round 1 and one of
whom has the bye; played to the end with the greedy bot's policy choosing every move (as the
core's test plays, ``tests/tournaments/play.py``), on SQLite and PostgreSQL.  Each channel's players are told their round,
the standings are the ones counted by hand from the games' logs, and no private player's name
is in the API's answer to a stranger."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from adapters.cli.tournament_cmd import OPERATORS
from adapters.web.app import create_app, parts_for
from service.game.events import PlayerId
from service.ports.memory_directory import SeededChance
from service.tournaments.events import WIN, Format
from service.tournaments.results import match_result
from tests.channels.mixed import Post
from tests.email.smtp_sink import SmtpSink
from tests.email.world import SERVICE, email_settings, request
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.tournaments.play import play_round, terms
from tests.web.client import hidden_fields

MAILS = ("uma@example.org", "vic@example.org", "wes@example.org")
PHONES = ("Tara", "Ugo", "Vera")
WEB = ("Xena Private", "Yuri Private")
PAGE = "Zoe Private"
"""Who enters from the tournament's page, as a visitor giving her name in its Join form."""


@pytest.fixture(params=["sqlite", "postgresql"])
def bot(
    request: pytest.FixtureRequest, fake: FakeTelegram, smtp_sink: SmtpSink, tmp_path: Path
) -> Iterator[Bot]:
    """The bot process with email, on SQLite or on a PostgreSQL database of its own."""
    url = None if request.param == "sqlite" else request.getfixturevalue("postgres_databases")()
    email = email_settings(smtp_sink)
    running = Bot(fake, tmp_path / "data", SeededChance(11), email=email, database_url=url)
    yield running.start()
    running.close()


def token(client: FlaskClient, name: str) -> str:
    answer = client.post("/api/v1/players", json={"name": name})
    assert answer.status_code == 201, answer.text
    return str(answer.json["token"])  # type: ignore[index]


def test_a_swiss_of_nine_entered_on_three_channels_is_played_to_the_end(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink
) -> None:
    tournaments = bot.wiring.tournaments
    assert tournaments is not None
    closes = datetime.now(UTC) + timedelta(days=7)
    swiss = replace(terms(Format.SWISS, size=9, rounds=4), join_closes=closes)
    tournament_id = tournaments.create(OPERATORS, swiss, operator=True)
    code = tournament_id[:6]
    client = create_app(parts_for(bot.wiring, bot.settings)).test_client()
    post = Post(bot, smtp_sink)

    phones = [Phone(fake, fake.person(name)) for name in PHONES]
    for phone in phones:
        phone.say(f"/join_tournament {code}")
        assert phone.last().text.startswith(f"You are in tournament {code}.")
    for address in MAILS:
        assert list(post.mail(request(address, f"join tournament {code}"), SERVICE).values()) == [
            "confirmation asked"  # a new address confirms first
        ]
        assert list(post.answer(post.latest(address), "yes").values()) == ["TournamentEntered"]
    tokens = [token(client, name) for name in WEB]
    for one in tokens:
        joined = client.post(f"/api/v1/tournaments/{code}/join", headers=_bearer(one))
        assert joined.status_code == 201, joined.text
    visitor = create_app(parts_for(bot.wiring, bot.settings)).test_client()
    page = visitor.get(f"/tournaments/{tournament_id}")
    assert page.status_code == 200 and 'id="join-form"' in page.text
    form = {**hidden_fields(page.text), "name": PAGE}
    entered = visitor.post(f"/tournaments/{tournament_id}/join", data=form)
    assert entered.status_code == 200 and f"You are in tournament {code}." in entered.text
    assert 'id="withdraw"' in entered.text
    assert len(tournaments.tournament(tournament_id).entrants) == 9

    tournaments.tend()  # full: round 1 paired at once, one of nine has the bye
    bot.worker.drain()
    first = tournaments.tournament(tournament_id).rounds[0]
    assert first.bye is not None and len(first.pairings) == 4
    told = f"This is round 1 of tournament {code}."
    for phone in phones:
        if bot.player(phone.person) != first.bye:
            fake.wait(lambda phone=phone: any(told in m.text for m in phone.messages()))
    for address in MAILS:
        if post.player(address) != first.bye:
            assert any(told in mail.text() for mail in smtp_sink.to(address)), address

    web_players = [_player(client, one) for one in tokens]
    leaver = next(one for one in web_players if one != first.bye)
    leaving = tokens[web_players.index(leaver)]
    left = client.post(f"/api/v1/tournaments/{tournament_id}/withdraw", headers=_bearer(leaving))
    assert left.status_code == 200, left.text  # their running game is resigned

    for seed in range(1, 5):
        play_round(tournaments, tournament_id, seed)
        tournaments.tend()
    bot.worker.drain()

    tournament = tournaments.tournament(tournament_id)
    assert tournament.finished and len(tournament.rounds) == 4
    assert all(leaver not in (p.first, p.second) for r in tournament.rounds[1:] for p in r.pairings)
    assert all(one.bye is None for one in tournament.rounds[1:])  # eight left: no more byes
    met = Counter(frozenset((p.first, p.second)) for r in tournament.rounds for p in r.pairings)
    assert max(met.values()) == 1

    shown = client.get(f"/api/v1/tournaments/{tournament_id}").json
    assert shown is not None and shown["finished"]
    by_hand = _points_by_hand(bot, tournament)
    standings = shown["standings"]
    assert sorted(one["points"] for one in standings) == sorted(by_hand.values())
    assert [one["points"] for one in standings] == sorted(by_hand.values(), reverse=True)
    assert sum(by_hand.values()) == 4 * 4 + 1  # four games a round, and one bye
    text = json.dumps(shown)
    for secret in (*WEB, PAGE, *PHONES, *MAILS):
        assert secret not in text, secret
    assert text.count('"a player"') >= 9


def _bearer(one: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {one}"}


def _player(client: FlaskClient, one: str) -> PlayerId:
    me = client.get("/api/v1/players/me", headers=_bearer(one)).json
    assert me is not None
    return PlayerId(me["player"])


def _points_by_hand(bot: Bot, tournament: object) -> dict[PlayerId, float]:
    """Each game's end from its own log (a withdrawn player's resigned game a loss), a bye a
    win: points per player."""
    points: Counter[PlayerId] = Counter()
    for round_ in tournament.rounds:  # type: ignore[attr-defined]
        if round_.bye is not None:
            points[round_.bye] += WIN
        for pairing in round_.pairings:
            result = match_result(bot.service.events(pairing.game))
            assert result is not None
            points[pairing.first] += result.score
            points[pairing.second] += WIN - result.score
    entrants = tournament.entrants  # type: ignore[attr-defined]
    return {one.player: points[one.player] / 2 for one in entrants}
