"""``conquian lobby`` through the real console script, on SQLite and PostgreSQL: the operators'
listing of the open seeks (owner ids, ratings, reliabilities, terms, expiry) and of the players
waiting to be paired, as text and as JSON; ``lobby withdraw CODE`` taking an abusive seek out; and
``lobby reliability rebuild`` saying whether the rebuild equals the follower."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import update

from adapters.bootstrap import Wiring, build
from adapters.config import Settings
from adapters.sql.seek_tables import reliability
from service.app.lobby import Lobby
from service.game.events import PlayerId, TimeControl
from service.ports.directory import Address
from service.rules.variants import MatchTerms
from service.seeks.terms import SeekTerms
from service.words.seek_replies import seek_code
from tests.cli.terminal import conquian
from tests.conftest import sql_engine

SLOW = SeekTerms.of(match=MatchTerms(deals=3), time_control=TimeControl(2 * 86400), rated=False)


@pytest.fixture(params=["sqlite", "postgresql"])
def wiring(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Wiring]:
    """The database every ``conquian`` run of the test is configured for, wired for the test."""
    environment = {"CONQUIAN_DATA_DIR": str(tmp_path)}
    monkeypatch.delenv("CONQUIAN_DATABASE_URL", raising=False)
    if request.param == "postgresql":
        sql_engine("postgresql", request, tmp_path)  # emptied
        environment["CONQUIAN_DATABASE_URL"] = request.getfixturevalue("postgres_url")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    wired = build(Settings.from_env(environment))
    yield wired
    wired.close()


def lobby_of(wiring: Wiring) -> Lobby:
    assert wiring.lobby is not None
    return wiring.lobby


def players(wiring: Wiring, *names: str) -> list[PlayerId]:
    return [wiring.directory.register(name, Address("log", name.lower())) for name in names]


def ended(wiring: Wiring, host: PlayerId, leaver: PlayerId) -> None:
    """A match that ``leaver`` resigned at once: finished for both, abandoned by ``leaver``."""
    service = wiring.service
    game_id = service.open_game(host)
    service.join(service.game(game_id).invitation, leaver)
    service.resign(game_id, leaver)


def test_the_listing_shows_every_open_seek_with_its_owner_and_who_waits(wiring: Wiring) -> None:
    ana, ben, cy = players(wiring, "Ana", "Ben", "Cy")  # all private: players never see them
    ended(wiring, ana, ben)
    lobby = lobby_of(wiring)
    lobby.tend()
    slow = lobby.publish(ana, SLOW)
    quick = lobby.publish(ben, SeekTerms())
    lobby.wait(cy, SeekTerms())

    shown = conquian("lobby")
    assert shown.returncode == 0, shown.stderr
    lines = shown.stdout.splitlines()
    cells = [re.split(r"\s{2,}", line) for line in lines]
    assert lines[0] == "Open seeks:"
    assert cells[1] == ["CODE", "OWNER", "RATING", "RELIABILITY", "TERMS", "EXPIRES"]
    assert cells[2][:5] == [
        seek_code(slow.seek_id),
        ana,
        "1500",
        "100% reliable",
        "3 deals, 2 days a move, casual",
    ]
    assert cells[3][:5] == [
        seek_code(quick.seek_id),
        ben,
        "1500",
        "0% reliable",
        "1 deal, 1 day a move, rated",
    ]
    assert cells[2][5] == slow.expires.strftime("%Y-%m-%d %H:%MZ")
    assert lines[4] == "Waiting to be paired:"
    assert cells[5] == ["PLAYER", "SINCE", "RATING", "RELIABILITY", "TERMS"]
    assert cells[6][0] == cy and cells[6][2:] == [
        "1500",
        "new player",
        "1 deal, 1 day a move, rated",
    ]
    assert not {"Ana", "Ben", "Cy"} & set(shown.stdout.split())  # ids, never names

    listed = [json.loads(line) for line in conquian("lobby", "--json").stdout.splitlines()]
    assert [next(iter(one)) for one in listed] == ["seek", "seek", "waiting"]
    first = listed[0]["seek"]
    assert (first["seek_id"], first["owner"], first["rating"]) == (slow.seek_id, ana, 1500)
    assert first["reliability"] == {
        "percent": 100,
        "finished": 1,
        "lost_on_time": 0,
        "abandoned": 0,
    }
    assert first["terms"] == {
        "deals": 3,
        "target": None,
        "stake": 1,
        "move_seconds": 2 * 86400,
        "rated": False,
        "variant": {},
        "words": "3 deals, 2 days a move, casual",
    }
    assert first["expires"] == slow.expires.isoformat()
    assert listed[1]["seek"]["reliability"]["abandoned"] == 1
    assert (
        listed[2]["waiting"]["player"] == cy
        and listed[2]["waiting"]["reliability"]["percent"] is None
    )


def test_an_operator_withdraws_a_seek_by_its_code_and_only_once(wiring: Wiring) -> None:
    ana, ben = players(wiring, "Ana", "Ben")
    abusive = lobby_of(wiring).publish(ana, SeekTerms())
    kept = lobby_of(wiring).publish(ben, SeekTerms())

    taken = conquian("lobby", "withdraw", seek_code(abusive.seek_id).upper())
    assert taken.returncode == 0, taken.stderr
    assert (
        taken.stdout
        == f"withdrawn: seek {seek_code(abusive.seek_id)} ({abusive.seek_id}) of {ana}\n"
    )
    assert [one.seek_id for one in lobby_of(wiring).every_open()] == [kept.seek_id]

    again = conquian("lobby", "withdraw", seek_code(abusive.seek_id))
    assert again.returncode == 1 and "no open seek" in again.stderr
    assert conquian("lobby", "withdraw", "zzzzzz").returncode == 1
    assert [one.seek_id for one in lobby_of(wiring).every_open()] == [kept.seek_id]


def test_the_reliability_rebuild_says_whether_it_equals_the_follower(wiring: Wiring) -> None:
    ana, ben, cy = players(wiring, "Ana", "Ben", "Cy")
    ended(wiring, ana, ben)
    ended(wiring, cy, ana)
    lobby_of(wiring).tend()  # the follower

    agreed = conquian("lobby", "reliability", "rebuild")
    assert agreed.returncode == 0, agreed.stderr
    assert agreed.stdout.startswith("rebuilt: 2 matches counted in ")
    assert agreed.stdout.endswith(" s, 3 players; equal to the follower\n")

    with wiring.engine.begin() as connection:  # a follower gone wrong for Ben
        connection.execute(
            update(reliability).where(reliability.c.player == ben).values(abandoned=0)
        )
    differed = conquian("lobby", "reliability", "rebuild")
    assert differed.returncode == 1
    assert "differs from the follower for 1 player (" in differed.stdout
    assert differed.stdout.splitlines()[-1] == ben
    assert lobby_of(wiring).reliability(ben).abandoned == 1  # the rebuild's counts stand
    assert conquian("lobby", "reliability", "rebuild").returncode == 0
