"""Profiles and the leaderboard over the pages and the JSON API: a private profile shows nothing
to anyone but its player; a public one shows the rating, the plot, the record and the reliability,
never addresses."""

from __future__ import annotations

from adapters.web.security import PLAYER_COOKIE
from service.game.events import PlayerId
from tests.web.conftest import Site

ANA_RELIABLE = "100% reliable (6 finished, 0 lost on time, 0 abandoned)"
BEN_RELIABLE = "0% reliable (2 finished, 0 lost on time, 2 abandoned)"


def played(site: Site) -> tuple[str, PlayerId, str, PlayerId]:
    """Ana (a web player) beats three players twice each, rated; the ratings catch up."""
    ana_token = site.player("Ana")
    ana = site.parts.capabilities.read_player(ana_token)
    ben_token = site.player("Ben")
    ben = site.parts.capabilities.read_player(ben_token)
    service = site.wiring.service
    for opponent in (ben, *(site.parts.capabilities.read_player(site.player(n)) for n in "CD")):
        for _ in range(2):
            game_id = service.open_game(ana)
            service.join(service.game(game_id).invitation, opponent)
            service.resign(game_id, opponent)
    site.wiring.ratings.catch_up()
    assert site.wiring.lobby is not None
    site.wiring.lobby.reliabilities.catch_up()
    return ana_token, ana, ben_token, ben


def page(site: Site, path: str, token: str | None = None) -> tuple[int, str]:
    headers = {"Cookie": f"{PLAYER_COOKIE}={token}"} if token else {}
    answer = site.http.get(path, **headers)
    return answer.status, answer.text


def test_a_private_profile_shows_nothing_to_another_player(site: Site) -> None:
    ana_token, ana, ben_token, _ = played(site)
    unknown = PlayerId("p-nobody")
    for reader in (None, ben_token):
        assert page(site, f"/players/{ana}", reader)[0] == 404
        assert site.http.get(f"/api/v1/players/{ana}", token=reader).status == 404
        assert page(site, f"/players/{unknown}", reader)[0] == 404
    assert ana not in page(site, "/leaderboard")[1]

    status, text = page(site, f"/players/{ana}", ana_token)
    assert status == 200 and "make-public" in text
    assert f'<p id="reliability">{ANA_RELIABLE}</p>' in text  # her own, private profile
    mine = site.http.get(f"/api/v1/players/{ana}", token=ana_token)
    assert mine.status == 200 and mine.json["record"]["wins"] == 6


def test_a_public_profile_shows_rating_plot_record_and_replays_but_no_address(site: Site) -> None:
    ana_token, ana, ben_token, ben = played(site)
    chosen = site.http.post("/api/v1/players/me/profile", {"public": True}, token=ana_token)
    assert chosen.json == {"public": True, "listed": True}

    status, text = page(site, f"/players/{ana}", ben_token)
    assert status == 200 and f'<p id="reliability">{ANA_RELIABLE}</p>' in text
    assert BEN_RELIABLE in page(site, f"/players/{ben}", ben_token)[1]  # his own, private
    assert '<svg class="rating-plot"' in text and 'id="history"' in text
    assert "/games/" in text and "/replay" in text
    assert ana_token not in text and "@" not in text
    answer = site.http.get(f"/api/v1/players/{ana}").json
    assert answer["rated_games"] == 6 and answer["channels"] == ["web"]
    assert [(one["id"], one["name"]) for one in answer["opponents"]] == [(None, "a player")]
    assert answer["record"]["wins"] == 6 and answer["opponents"][0]["wins"] == 6  # all private
    as_ben = site.http.get(f"/api/v1/players/{ana}", token=ben_token).json
    assert {one["id"] for one in as_ben["opponents"]} == {ben, None}  # Ben sees himself
    assert ana_token not in str(answer)

    board = site.http.get("/api/v1/leaderboard").json["players"]
    assert ana in [one["id"] for one in board]
    assert ana in page(site, "/leaderboard")[1]
    site.http.post("/api/v1/players/me/profile", {"listed": False}, token=ana_token)
    assert ana not in [one["id"] for one in site.http.get("/api/v1/leaderboard").json["players"]]
    assert page(site, f"/players/{ana}", ben_token)[0] == 200  # still public, off the board
    site.http.post("/api/v1/players/me/profile", {"public": False}, token=ana_token)
    assert page(site, f"/players/{ana}", ben_token)[0] == 404


def test_a_public_profile_shows_the_reliability_in_the_reader_s_language(site: Site) -> None:
    _, ana, _, _ = played(site)
    site.wiring.ratings.choose(ana, public=True)
    spanish = site.http.get(f"/players/{ana}", **{"Accept-Language": "es"}).text
    assert "100 % fiable (6 terminadas, 0 perdidas por tiempo, 0 abandonadas)" in spanish
    newcomer_token = site.player("Eli")
    newcomer = site.parts.capabilities.read_player(newcomer_token)
    site.http.post("/api/v1/players/me/profile", {"public": True}, token=newcomer_token)
    assert (
        '<p id="reliability">New player: no match finished yet.</p>'
        in page(site, f"/players/{newcomer}")[1]
    )
