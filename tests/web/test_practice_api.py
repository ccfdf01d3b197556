"""The guided first deal through the JSON API (issue 38): ``POST /api/v1/practice`` starts it
and ``POST /api/v1/practice/skip`` declines it, through the one intake and once per
``Idempotency-Key``; the game's view carries each prompt once, at the first decision of its kind
(``tests/practice_deal.py``), in the player's language; the OpenAPI document describes both."""

from __future__ import annotations

from typing import Any

from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.language.translation import translator
from service.words.lessons import prompt_text
from service.words.prompts import action_text
from tests.practice_deal import DECISIONS, PracticeChance, choose, expected_at
from tests.web.conftest import SiteFactory
from tests.web.test_api import refused
from tests.web.test_practice_page import SAID


def shown(game: dict[str, Any]) -> tuple[Any, ...]:
    prompt = game["view"]["prompt"]
    return () if prompt is None else tuple(kind for kind, said in SAID.items() if said in prompt)


def test_the_guided_deal_is_played_to_the_end_through_the_api(make_site: SiteFactory) -> None:
    site = make_site(chance=PracticeChance())
    token = site.player("Newcomer")
    key = {"Idempotency-Key": "practice-1"}
    started = site.http.post("/api/v1/practice", token=token, headers=key)
    assert started.status == 201, started.text
    again = site.http.post("/api/v1/practice", token=token, headers=key)
    assert again.status == 201 and again.json["game_id"] == started.json["game_id"]
    game_id = GameId(started.json["game_id"])
    service = site.wiring.service
    player = site.parts.capabilities.read_player(token)
    assert [line.game_id for line in service.games_of(player)] == [game_id]
    assert service.game(game_id).practice and started.json["players"][1] == "bot:random"
    game = started.json
    for decision in range(DECISIONS):
        assert shown(game) == expected_at(decision), f"decision {decision}: {shown(game)}"
        view = service.view(game_id, player)[1]
        body = {"command": action_text(choose(view)), "expected_version": game["version"]}
        moved = site.http.post(f"/api/v1/games/{game_id}/moves", body, token=token)
        assert moved.status == 200, moved.text
        game = site.http.get(f"/api/v1/games/{game_id}", token=token).json
    assert game["status"] == GameStatus.OVER and game["view"]["prompt"] is None


def test_the_prompt_is_in_the_players_language(make_site: SiteFactory) -> None:
    site = make_site(chance=PracticeChance())
    made = site.http.post("/api/v1/players", {"name": "Ana", "language": "es"})
    token = made.json["token"]
    game = site.http.post("/api/v1/practice", token=token).json
    service = site.wiring.service
    view = service.view(GameId(game["game_id"]), PlayerId(made.json["player"]))[1]
    spanish = prompt_text(expected_at(0), view, translator("es"))
    assert spanish and game["view"]["prompt"] == spanish
    assert spanish != prompt_text(expected_at(0), view, translator("en"))


def test_a_game_that_is_no_practice_has_no_prompt(make_site: SiteFactory) -> None:
    site = make_site(chance=PracticeChance())
    token = site.player()
    game = site.http.post("/api/v1/games", {"opponent": "random"}, token=token).json
    assert game["view"]["prompt"] is None


def test_skip_declines_the_deal_once_per_key(make_site: SiteFactory) -> None:
    site = make_site()
    token = site.player()
    player = site.parts.capabilities.read_player(token)
    assert site.wiring.service.practising.offered(player)
    key = {"Idempotency-Key": "no-thanks"}
    for _ in range(2):
        skipped = site.http.post("/api/v1/practice/skip", token=token, headers=key)
        assert skipped.status == 200 and skipped.json == {
            "player": player,
            "practice_skipped": True,
        }
    assert not site.wiring.service.practising.offered(player)
    assert site.wiring.service.directory.profile(player).practice_skipped
    refused(site.http.post("/api/v1/practice/skip"), 403, "forbidden")
    refused(site.http.post("/api/v1/practice"), 403, "forbidden")


def test_new_practice_games_count_against_the_new_games_per_client(
    make_site: SiteFactory,
) -> None:
    site = make_site(invitations_per_hour=2)
    token = site.player()
    assert site.http.post("/api/v1/practice", token=token).status == 201
    refused(site.http.post("/api/v1/practice", token=token), 429, "rate_limited")


def test_the_openapi_document_describes_the_practice_deal(make_site: SiteFactory) -> None:
    site = make_site()
    document = site.http.get("/api/v1/openapi.json").json
    paths = document["paths"]
    assert set(paths["/practice"]) == {"post"} and set(paths["/practice/skip"]) == {"post"}
    headers = [one["name"] for one in paths["/practice"]["post"]["parameters"]]
    assert headers == ["Idempotency-Key"]
    assert "prompt" in document["components"]["schemas"]["View"]["properties"]
