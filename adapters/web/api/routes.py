"""The JSON API under ``/api/v1`` (described in ``openapi.py``, served at ``/api/v1/openapi.json``).

A handler translates, calls the service, answers: the body is checked field by field (400 names
the field), the player is the one whose token is in ``Authorization: Bearer`` (403 otherwise),
and the service's refusals map to statuses in ``errors`` (404, 409, 422).  Every refusal is
decided before anything is written, so a refused request changes nothing.  A player only ever
gets their own view of a running game; a game's log only once it is over.
"""

from __future__ import annotations

import uuid

from flask import Blueprint, Response, g, jsonify, request

from adapters.web.api import bodies
from adapters.web.api.callers import own, reader, token_player
from adapters.web.api.openapi import document
from adapters.web.api.views import game_view_json, public_json, summary_json
from adapters.web.asked import COMMAND_LENGTH, OPPONENTS, log_response
from adapters.web.context import web
from adapters.web.errors import ApiError, bad_request, not_found
from adapters.web.new_links import make_new_links
from adapters.web.security import client_key, keep_private
from service.app.lobby_requests import CallOff
from service.app.replies import (
    Answered,
    HintShown,
    MoveApplied,
    OnVacation,
    Request,
    version_after,
)
from service.app.your_data import YourData
from service.game.errors import NoSuchGame, NotAPlayer
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.game.stored import UnknownGame
from service.language.names import NAME_LENGTH, display_name
from service.language.numbers import POSITIVE
from service.language.translation import translator
from service.log.file import export_lines, format_time
from service.ports.directory import Profile
from service.rules.errors import IllegalAction
from service.words.hints import hint_text
from service.words.refusals import Refused

blueprint = Blueprint("api", __name__, url_prefix="/api/v1")

IDEMPOTENCY_KEY = "Idempotency-Key"
API_SOURCE = "api"
KEY_LENGTH = 100


@blueprint.errorhandler(ApiError)
def _refused(error: ApiError) -> tuple[Response, int]:
    response = jsonify(error.body(reader()))
    if error.status == 429:
        response.headers["Retry-After"] = error.params.get("retry_after", "1")
    return response, error.status


keep_private(blueprint)


# -- the endpoints ----------------------------------------------------------------------------


@blueprint.get("/openapi.json")
def openapi() -> Response:
    return jsonify(document(web().settings.base_url))


@blueprint.post("/players")
def create_player() -> tuple[Response, int]:
    """A new web player, in the language and card faces they chose (English and each game's own
    if they did not); the answer holds their token, which authorises everything else."""
    body = bodies.json_object()
    name = display_name(bodies.text(body, "name", NAME_LENGTH, required=True), "")
    if not name:
        message = "'name' has nothing to show without its control characters and addresses."
        raise bad_request(message, "bad_field")
    language, faces = bodies.language(body), bodies.card_faces(body)
    limit_invitations()
    capabilities = web().capabilities
    player = capabilities.register(name)
    profile = web().service.choose_words(player, language, faces)
    token = capabilities.player_token(player)
    return jsonify({"player": player, "token": token, **_settings(profile)}), 201


@blueprint.get("/players/me")
def my_settings() -> Response:
    """The language and card faces the player's messages, pages and answers are written in."""
    player = token_player()
    directory = web().service.directory
    assert directory is not None  # the web always keeps its players in the directory
    return jsonify({"player": player, **_settings(directory.profile(player))})


@blueprint.patch("/players/me")
def change_settings() -> Response:
    """Change the language or the card faces, as ``lang …`` and ``faces …`` do in a game."""
    player = token_player()
    body = bodies.json_object()
    profile = web().service.choose_words(player, bodies.language(body), bodies.card_faces(body))
    g.reader = translator(profile.language)
    return jsonify({"player": player, **_settings(profile)})


def _settings(profile: Profile) -> dict[str, str]:
    faces = next(name for name, value in bodies.FACES.items() if value == profile.card_faces)
    return {"language": profile.language, "card_faces": faces}


@blueprint.post("/players/me/token")
def new_token() -> tuple[Response, int]:
    """A new token for the player whose token this is: every older token and page link of
    theirs stops working (a leaked one among them); their games stay theirs, with new links, and
    the notices that a leaked link could have asked for are forgotten (``new_links``)."""
    player = token_player()
    make_new_links(player)
    capabilities = web().capabilities
    return jsonify({"player": player, "token": capabilities.player_token(player)}), 201


@blueprint.get("/players/<player_id>/data")
def player_data(player_id: str) -> Response:
    """Everything held about the player whose token this is (``service.app.your_data``)."""
    player = own(player_id)
    response = jsonify(_your_data().export(player).as_json())
    response.headers["Content-Disposition"] = f'attachment; filename="conquian-{player}.json"'
    return response


@blueprint.delete("/players/<player_id>")
def erase_player(player_id: str) -> tuple[str, int]:
    """Erase the player whose token this is, confirmed by ``?confirm=<code>``: without it (or
    409 ``erase_not_confirmed`` gives a new code in its ``params``, good for the API only for 30
    minutes; a wrong one is 409 ``confirmation_code_wrong``, with no code (ask again)."""
    player = own(player_id)
    try:
        _your_data().erase(player, request.args.get("confirm", "")[:20], "api")
    except IllegalAction as error:
        raise ApiError.of(error) from None
    web().capabilities.forget(player)
    return "", 204


@blueprint.get("/games")
def my_games() -> Response:
    player = token_player()
    return jsonify({"games": [summary_json(line) for line in web().service.games_of(player)]})


@blueprint.post("/games")
def create_game() -> tuple[Response, int]:
    """Open a game against a friend (an invitation to pass on) or a bot (it starts at once).

    A client that may send the request twice (a retry after a lost answer) names it with an
    ``Idempotency-Key`` header: the same key from the same player opens the same game, and the
    answer is the one the first request got, whatever the later body says.
    """
    player = token_player()
    body = bodies.json_object()
    options = bodies.game_options(body, OPPONENTS)
    key = idempotency_key()
    limit_invitations()
    service = web().service
    try:
        game_id = service.open_game(
            player,
            options.variant,
            options.terms,
            options.time_control,
            options.opponent,
            request=key,
            rated=options.rated,
        )
    except IllegalAction as error:
        raise ApiError.of(error) from None
    return jsonify(game_answer(game_id, player)), 201


@blueprint.post("/invitations/<code>/join")
def join(code: str) -> Response:
    player = token_player()
    limit_invitations()
    try:
        game_id = web().service.join(code, player)
    except IllegalAction as error:
        raise ApiError.of(error) from None
    return jsonify(game_answer(game_id, player))


@blueprint.post("/games/<game_id>/cancel")
def cancel(game_id: str) -> Response:
    """The host calls off a game nobody has joined yet; its invitation stops working."""
    player = token_player()
    asked = CallOff(player, GameId(game_id))
    key = idempotency_key() or fresh_key()
    try:
        reply = web().service.request(API_SOURCE, f"{player}:{key}", "cancel", asked)
    except UnknownGame:
        raise not_found() from None
    if isinstance(reply, Refused):
        raise _refusal(reply)
    return jsonify(game_answer(asked.game_id, player))


@blueprint.get("/games/<game_id>")
def view(game_id: str) -> Response:
    """The game as this player may see it, with the version to send back with a move."""
    player = token_player()
    return jsonify(game_answer(GameId(game_id), player))


@blueprint.post("/games/<game_id>/moves")
def act(game_id: str) -> Response:
    """A command of the shared grammar on the position the player saw (``expected_version``)."""
    player = token_player()
    body = bodies.json_object()
    command = bodies.text(body, "command", COMMAND_LENGTH, required=True)
    expected = bodies.whole(body, "expected_version", POSITIVE, required=True)
    _limit_moves(player)
    key = idempotency_key()
    asked = Request(player, GameId(game_id), command, expected)
    try:
        reply = web().service.handle(
            API_SOURCE, f"{player}:{key or fresh_key()}", command, asked, new=key is None
        )
    except UnknownGame:
        raise not_found() from None
    if isinstance(reply, Refused):
        raise _refusal(reply)
    game = web().service.game_at(asked.game_id, version_after(reply))
    answer = game_answer(asked.game_id, player, game)
    match reply:
        case Answered():
            answer["query"] = reply.command
        case MoveApplied(first=first, last=last) | OnVacation(moved=(first, last)):
            answer["moved"] = [first, last]
        case HintShown(move=move, melds=melds, fears=fears, rate=rate):
            tr = web().service.translator_of(player)
            text = hint_text(reply, game.variant.deck_faces, tr)
            hint = {"move": move, "melds": list(melds), "fears": fears, "rate": rate}
            answer["hint"] = hint | {"text": text}
    return jsonify(answer)


@blueprint.get("/games/<game_id>/log")
def export(game_id: str) -> Response:
    """A finished game's log as JSON Lines (docs/log-format.md); anyone may have it.  With a
    player's token, one of its two players gets their own copy, with the conversation."""
    service = web().service
    reader = token_player() if request.headers.get("Authorization") else None
    try:
        stored = service.transcript(GameId(game_id), reader=reader)
    except UnknownGame:
        raise not_found() from None
    except IllegalAction as error:
        raise ApiError.of(error) from None
    return log_response(game_id, export_lines(stored))


def _your_data() -> YourData:
    your_data = web().service.your_data
    assert your_data is not None, "the web side runs on the stores, which hold personal data"
    return your_data


def limit_invitations() -> None:
    wait = web().invitations.wait(client_key(request))
    if wait:
        raise _too_many(wait, "Too many new players, games or joins from here; wait a little.")


def _limit_moves(player: PlayerId) -> None:
    wait = web().moves.wait(player)
    if wait:
        raise _too_many(wait, "Too many moves in a short time; wait a little.")


def _refusal(refused: Refused) -> ApiError:
    """The answer to a refusal of the intake: a game that does not exist is not found."""
    return not_found() if refused.code == NoSuchGame.code else ApiError.of(refused)


def fresh_key() -> str:
    """The key of a request sent without one: new, since such a request cannot be sent again."""
    return f"fresh:{uuid.uuid4().hex}"


def idempotency_key() -> str | None:
    """The request's name for ``open_game``, from its ``Idempotency-Key`` header if it has one."""
    key = request.headers.get(IDEMPOTENCY_KEY)
    if key is None:
        return None
    if not 0 < len(key) <= KEY_LENGTH or not key.isascii() or not key.isprintable():
        raise bad_request(
            f"'{IDEMPOTENCY_KEY}' must be 1 to {KEY_LENGTH} printable ASCII characters.",
            "bad_header",
        )
    return f"api:{key}"


def _too_many(wait: float, message: str) -> ApiError:
    return ApiError(429, "rate_limited", message, {"retry_after": str(max(1, round(wait)))})


# -- answering ----------------------------------------------------------------------------------


def _game_of(game_id: GameId, player: PlayerId) -> Game:
    """The game, if it exists and ``player`` sits at it (404, 403 otherwise)."""
    try:
        game = web().service.game(game_id)
    except UnknownGame:
        raise not_found() from None
    if game.seat_of(player) is None:
        raise ApiError.of(NotAPlayer())
    return game


def game_answer(game_id: GameId, player: PlayerId, game: Game | None = None) -> dict[str, object]:
    """What the player may know of the game: its public facts and their own view."""
    parts = web()
    game = game if game is not None else _game_of(game_id, player)
    seat = game.seat_of(player)
    assert seat is not None
    due = parts.service.deadline(game) if game.status == GameStatus.PLAYING else None
    answer: dict[str, object] = public_json(game, None if due is None else format_time(due.due_at))
    answer["page_url"] = parts.capabilities.page_url(game.id, player)
    if game.status == GameStatus.OPEN:
        answer["invitation"] = game.invitation
        answer["invitation_url"] = f"{parts.settings.base_url}/join/{game.invitation}"
    if game.status in (GameStatus.OPEN, GameStatus.CANCELLED):
        answer["view"] = None
    else:
        answer["view"] = game_view_json(game, parts.service.player_view(game, player), reader())
    return answer
