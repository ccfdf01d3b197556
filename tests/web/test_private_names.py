"""A private player is "a player" wherever someone else looks, over the real web server: a bot's
profile (page and API), another player's public profile, the public replay and the leaderboard
show neither their name nor their id (issue 31, item 6; ``service/words/naming.py``).  Their
opponent still sees their name in the games they played together, as the privacy page says."""

from __future__ import annotations

from adapters.web.security import PLAYER_COOKIE
from service.game.events import GameId, PlayerId
from tests.web.conftest import Site

BOT = PlayerId("bot:random")
SECRET = "Zephyrine Quill"


def private_player_plays(site: Site) -> tuple[str, PlayerId, GameId, GameId]:
    """Zephyrine (private, the default) loses one rated game to the easy bot and five to Olga,
    who made her profile public."""
    service = site.wiring.service
    token = site.player(SECRET)
    zephyrine = site.parts.capabilities.read_player(token)
    olga_token = site.player("Olga")
    olga = site.parts.capabilities.read_player(olga_token)
    site.http.post("/api/v1/players/me/profile", {"public": True}, token=olga_token)
    against_bot = service.open_game(zephyrine, opponent=BOT, rated=True)
    service.resign(against_bot, zephyrine)
    against_olga = GameId("")
    for _ in range(5):
        against_olga = service.open_game(olga)
        service.join(service.game(against_olga).invitation, zephyrine)
        service.resign(against_olga, zephyrine)
    site.wiring.ratings.catch_up()
    return olga_token, zephyrine, against_bot, against_olga


def anonymous(site: Site, path: str) -> str:
    answer = site.http.get(path)
    assert answer.status == 200, (path, answer.status)
    return answer.text


def test_nobody_else_sees_a_private_players_name_or_id(site: Site) -> None:
    olga_token, zephyrine, against_bot, against_olga = private_player_plays(site)
    olga = site.parts.capabilities.read_player(olga_token)
    seen = {
        "bot page": anonymous(site, f"/players/{BOT}"),
        "bot API": anonymous(site, f"/api/v1/players/{BOT}"),
        "Olga's page": anonymous(site, f"/players/{olga}"),
        "Olga's API": anonymous(site, f"/api/v1/players/{olga}"),
        "replay": anonymous(site, f"/games/{against_bot}/replay"),
        "last step": anonymous(site, f"/games/{against_olga}/replay?step=999"),
        "leaderboard": anonymous(site, "/leaderboard"),
        "leaderboard API": anonymous(site, "/api/v1/leaderboard"),
    }
    for where, text in seen.items():
        assert SECRET not in text, where
        assert zephyrine not in text, where
    assert "a player" in seen["bot page"] and "a player" in seen["Olga's page"]
    for where in ("bot page", "bot API", "Olga's page", "Olga's API"):  # a game leads to its log
        assert against_bot not in seen[where] and against_olga not in seen[where], where
    assert "player 1" in seen["replay"] or "player 2" in seen["replay"]
    assert "Olga" in seen["Olga's page"]  # a public player is still named
    bot = site.http.get(f"/api/v1/players/{BOT}").json
    assert {one["name"] for one in bot["opponents"]} >= {"a player"}
    hidden = [one for one in bot["recent"] if one["opponent"] is None]
    assert hidden and all(one["game"] is None and one["replay"] is None for one in hidden)


def test_the_opponent_still_sees_the_name_in_their_own_game(site: Site) -> None:
    olga_token, zephyrine, _, against_olga = private_player_plays(site)
    headers = {"Cookie": f"{PLAYER_COOKIE}={olga_token}"}
    replay = site.http.get(f"/games/{against_olga}/replay?step=999", **headers).text
    assert SECRET in replay
    olga = site.parts.capabilities.read_player(olga_token)
    own = site.http.get(f"/api/v1/players/{olga}", token=olga_token).json
    assert zephyrine in {one["id"] for one in own["opponents"]}
