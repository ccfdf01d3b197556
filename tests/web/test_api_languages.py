"""A player made through the JSON API chooses their language and card faces, when they are
created and later, as the web form and the other channels let them: their page, the API's texts
for them (legal moves, what they can do, the game's refusals) and every channel's messages are
then in that language, their cards in that deck; the OpenAPI document says so."""

from __future__ import annotations

import json

from adapters.email.letters import letter_text
from adapters.email.sender import notice_letter
from service.game.events import GameId, PlayerId
from service.language.translation import translator
from service.ports.protocols import Notification
from service.rules.errors import IllegalAction
from service.words.refusals import refusal_text
from tests.english_left import english_left, visible_text
from tests.web.client import Answer
from tests.web.conftest import Site

SPANISH_SUITS = set("OCEB")


def patch(site: Site, token: str, payload: object) -> Answer:
    body = json.dumps(payload).encode()
    headers = {"Content-Type": "application/json"}
    return site.http.request("PATCH", "/api/v1/players/me", body, headers, token)


def test_a_player_created_in_ukrainian_with_the_spanish_deck_is_answered_so(site: Site) -> None:
    made = site.http.post(
        "/api/v1/players", {"name": "Оксана", "language": "uk-UA", "card_faces": "spanish"}
    )
    assert made.status == 201, made.text
    assert (made.json["language"], made.json["card_faces"]) == ("uk", "spanish")
    token, player = made.json["token"], PlayerId(made.json["player"])
    assert site.wiring.service.translator_of(player).language == "uk"

    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    view = game["view"]
    assert {card[-1] for card in view["hand"]} <= SPANISH_SUITS, view["hand"]
    assert english_left(" ".join([view["options"], *view["legal"]]), "uk") == []
    uk = translator("uk")
    assert any(move.startswith(uk.pgettext("command", "pass")) for move in view["legal"])

    refused = site.http.post(
        f"/api/v1/games/{game['game_id']}/moves",
        {"command": "xyzzy", "expected_version": game["version"]},
        token=token,
    )
    assert refused.status == 422 and refused.error["code"] == "unknown_command"
    message = refused.error["message"]
    assert english_left(message, "uk") == [] and "xyzzy" in message, message

    page = site.http.get(site.path(game["page_url"]))
    assert '<html lang="uk">' in page.text
    assert "deck_faces" not in page.text, "the game was opened with the default rules"

    # what any channel tells this player of the game (a mail here) is in Ukrainian too
    news = Notification(player, GameId(game["game_id"]), 1, game["version"])
    notice = site.wiring.service.notice(news)
    assert notice.language == "uk"
    letter = letter_text(notice_letter(notice, "бот", translator(notice.language)))
    assert english_left(letter, "uk", ("Оксана",)) == [], letter
    assert english_left(visible_text(page.text), "uk", ("Оксана",)) == []


def test_a_player_changes_language_and_faces_later_and_the_api_answers_in_them(
    site: Site,
) -> None:
    token = site.player("Ravi")
    assert site.http.get("/api/v1/players/me", token=token).json["language"] == "en"
    game = site.http.post("/api/v1/games", {"opponent": "easy"}, token=token).json
    assert {card[-1] for card in game["view"]["hand"]} <= set("CDHS")

    changed = patch(site, token, {"language": "hi", "card_faces": "spanish"})
    assert changed.status == 200, changed.text
    assert (changed.json["language"], changed.json["card_faces"]) == ("hi", "spanish")
    again = site.http.get(f"/api/v1/games/{game['game_id']}", token=token).json
    assert {card[-1] for card in again["view"]["hand"]} <= SPANISH_SUITS
    assert english_left(" ".join([again["view"]["options"], *again["view"]["legal"]]), "hi") == []
    stale = site.http.post(
        f"/api/v1/games/{game['game_id']}/moves",
        {"command": "pass", "expected_version": 1},
        token=token,
    )
    assert stale.error["code"] == "stale_version"
    hi = translator("hi")
    assert stale.error["message"] == refusal_text(_refusal("stale_version", stale), tr=hi)

    back = patch(site, token, {"card_faces": "game"})
    assert (back.json["language"], back.json["card_faces"]) == ("hi", "game")
    for wrong in ({"language": "xx"}, {"language": 7}, {"card_faces": "tarot"}):
        refused = patch(site, token, wrong)
        assert refused.status == 400 and refused.error["code"] == "bad_field", wrong
    assert site.http.get("/api/v1/players/me", token=token).json["language"] == "hi"


def _refusal(code: str, answer: Answer) -> IllegalAction:
    """The refusal an error body answers, rebuilt from its code and parameters."""
    kinds = {kind.code: kind for kind in _subclasses(IllegalAction)}
    return kinds[code](**answer.error["params"])


def _subclasses(kind: type[IllegalAction]) -> list[type[IllegalAction]]:
    return [kind, *(one for sub in kind.__subclasses__() for one in _subclasses(sub))]


def test_the_openapi_document_says_a_player_chooses_language_and_faces(site: Site) -> None:
    document = site.http.get("/api/v1/openapi.json").json
    schemas = document["components"]["schemas"]
    assert schemas["Settings"]["properties"]["language"]["enum"] == [
        "en",
        "es",
        "fil",
        "uk",
        "ms",
        "hi",
    ]
    assert schemas["Settings"]["properties"]["card_faces"]["enum"] == ["french", "spanish", "game"]
    create = document["paths"]["/players"]["post"]["requestBody"]["content"]["application/json"]
    assert create["schema"]["allOf"] == [{"$ref": "#/components/schemas/Settings"}]
    assert set(document["paths"]["/players/me"]) == {"get", "patch"}
