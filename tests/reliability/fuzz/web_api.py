"""The JSON API surface: every endpoint under ``/api/v1`` through Flask's test client, against
the real app on SQLite, with fuzzed tokens, path parts, content types and bodies — objects with
the right fields holding wrong types, huge numbers and odd text, and bytes that are no JSON at
all (bad UTF-8, deep nesting, numbers of thousands of digits, lone surrogates, other encodings).

After each request: the app answered (an exception would propagate: ``PROPAGATE_EXCEPTIONS``),
never with 500; a refusal is the API's JSON error object; and a refusal changed nothing — no
game moved and no player was registered.
"""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from flask import Flask
from sqlalchemy import text

from adapters.bootstrap import build
from adapters.config import Settings, WebSettings
from adapters.web.api import bodies as reading
from adapters.web.api.routes import COMMAND_LENGTH, OPPONENTS
from adapters.web.app import create_app, parts_for
from adapters.web.errors import ApiError
from service.language.names import NAME_LENGTH
from service.language.numbers import POSITIVE
from service.ports.memory_directory import SeededChance
from tests.reliability.fuzz.inputs import (
    EXAMPLES,
    LARGE,
    PIPELINE_EXAMPLES,
    json_value,
    large_texts,
    seeded,
    some_text,
)
from tests.reliability.fuzz.progress import progress

KEY = "fuzz-web-key-0123456789"
FIELDS = (
    *("name", "command", "expected_version", "opponent", "variant"),
    *("deals", "target", "stake", "move_seconds"),
    *("language", "card_faces"),
)
LANGUAGE_CODES = ("es", "uk-UA", "tl-PH", "hi", "en", "xx", "", "ES_mx")
FACES = ("french", "spanish", "game", "tarot", "")
ANA, BEN = "<ana>", "<ben>"
GAME, OPEN_GAME, INVITATION, VERSION = "<game>", "<open>", "<invitation>", "<version>"
"""Placeholders filled at check time: two players' tokens, a running game (where it is Ana's
turn or not), an open game's invitation, the running game's version."""

REFUSALS = {400, 403, 404, 405, 409, 413, 415, 422, 429}

NUMBERS = (-3, -1, 0, 1, 2, 5, 12, VERSION, 2**31, 2**63, 10**30, 1.0, 1.5, 1e308, True, None)
NUMBERS_AS_TEXT = ("", "1", "x", "٣", "1e3")
FLAGS = ("deck_faces", "forcing", "scoring", "rearrange", "x", "")
FLAG_VALUES = ("spanish", "disabled", "points", "none")
OPPONENT_NAMES = ("friend", "greedy", "random", "bot")
RAW_BODIES = (
    b"",
    b"   ",
    b"\xff\xfe\x00",
    b'{"command": "\xff"}',
    b'{"name": "\\ud800"}',
    b'{"command": "\\ud800 pass", "expected_version": 1}',
    b"[" * 5000 + b"]" * 5000,
    b'{"a":' * 3000 + b"1" + b"}" * 3000,
    b'{"expected_version": ' + b"9" * 5000 + b', "command": "pass"}',
    b'{"expected_version": NaN, "command": "pass"}',
    b'{"expected_version": Infinity, "command": "pass"}',
    b'{"command": "pass", "command": "hand", "expected_version": 1}',
    b"\xef\xbb\xbf{}",
    '{"name": "Añа"}'.encode("utf-16"),
    b"null",
    b"[]",
    b'"text"',
    b"{",
)
CONTENT_TYPES = ("application/json", "application/json", "application/json; charset=latin-1")
OTHER_TYPES = ("text/plain", "")
SCHEMES = ("Bearer", "Bearer", "bearer", "Basic", "", "Bearer  ")
TOKENS = (ANA, ANA, BEN, "", "x", "a.b", "Bearer", ANA + "x")
PARTS = (GAME, GAME, OPEN_GAME, INVITATION, "nosuchgame", "0" * 300, "%00", "..")
ROUTES = (
    *(("POST", "/api/v1/players"), ("GET", "/api/v1/games"), ("POST", "/api/v1/games")),
    *(("GET", "/api/v1/players/me"), ("PATCH", "/api/v1/players/me")),
    *(("POST", "/api/v1/invitations/{}/join"), ("GET", "/api/v1/games/{}")),
    *(("POST", "/api/v1/games/{}/moves"),) * 3,
    *(("GET", "/api/v1/games/{}/log"), ("GET", "/api/v1/openapi.json")),
    ("DELETE", "/api/v1/games/{}"),
    *(("GET", "/api/v1/players/{}/data"), ("DELETE", "/api/v1/players/{}")),
)


def body_of(rng: random.Random) -> bytes:
    """An object of the API's fields holding right and wrong values, or bytes that are no
    object at all."""
    if rng.randrange(5) == 0:
        return rng.choice(RAW_BODIES)
    fields = {name: _field(rng, name) for name in FIELDS if rng.randrange(3) == 0}
    return json.dumps(fields).encode()


def _field(rng: random.Random, name: str) -> Any:
    odd = rng.randrange(4) == 0
    if odd:
        return json_value(rng)
    if name in ("name", "command"):
        return some_text(rng)
    if name == "opponent":
        return rng.choice(OPPONENT_NAMES)
    if name == "language":
        return rng.choice(LANGUAGE_CODES)
    if name == "card_faces":
        return rng.choice(FACES)
    if name == "variant":
        return {rng.choice(FLAGS): rng.choice(FLAG_VALUES) for _ in range(rng.randrange(3))}
    return rng.choice(NUMBERS) if rng.randrange(4) else rng.choice(NUMBERS_AS_TEXT)


def _header_text(rng: random.Random) -> str:
    """What an HTTP header can carry (no line breaks; WSGI reads its bytes as latin-1)."""
    return "".join(chr(rng.randrange(32, 256)) for _ in range(rng.randrange(30)))


def request_of(rng: random.Random) -> tuple[Any, ...]:
    part = rng.choice(PARTS) if rng.randrange(3) else some_text(rng).translate(_NOT_IN_PATHS)
    token = rng.choice(TOKENS) if rng.randrange(4) else _header_text(rng)
    content_type = rng.choice(CONTENT_TYPES if rng.randrange(5) else OTHER_TYPES)
    return rng.choice(ROUTES), part, rng.choice(SCHEMES), token, content_type, body_of(rng)


_NOT_IN_PATHS = str.maketrans("", "", "/?#%")
requests = seeded(request_of)
readings = seeded(lambda rng: (rng.choice(CONTENT_TYPES + OTHER_TYPES), body_of(rng)))


class BodyReading:
    """``bodies``: how every endpoint reads its JSON body, field by field, for any bytes and
    content type; a value, or an ``ApiError`` of 4xx whose body can be written as JSON."""

    name = "JSON API body reading"
    examples = EXAMPLES
    cases = readings
    values: ClassVar[dict[str, str]] = {
        **{ANA: "t", BEN: "t", GAME: "g", OPEN_GAME: "g", INVITATION: "i", VERSION: "3"}
    }

    def __init__(self) -> None:
        self.app = Flask(__name__)

    def check(self, case: tuple[str, bytes]) -> None:
        content_type, body = case
        data = _fill(body, self.values)
        with self.app.test_request_context(
            "/", method="POST", data=data, content_type=content_type or None
        ):
            try:
                parsed = reading.json_object()
            except ApiError as error:
                _refusal(error)
                return
            for read in _READERS:
                try:
                    read(parsed)
                except ApiError as error:
                    _refusal(error)

    @staticmethod
    def large_cases(rng: random.Random) -> list[tuple[str, bytes]]:
        return [(case[4], case[5]) for case in Api.large_cases(rng)]


_READERS = (
    lambda body: reading.text(body, "name", NAME_LENGTH, required=True),
    lambda body: reading.text(body, "command", COMMAND_LENGTH, required=True),
    lambda body: reading.whole(body, "expected_version", POSITIVE, required=True),
    lambda body: reading.choice(body, "opponent", OPPONENTS, "friend"),
    lambda body: reading.game_options(body, OPPONENTS),
)


def _refusal(error: ApiError) -> None:
    assert 400 <= error.status < 500, error.status
    json.dumps(error.body(), ensure_ascii=False).encode()


class Api:
    """The app on a SQLite file; two players, a running game against each other, an open one."""

    name = "JSON API"
    examples = PIPELINE_EXAMPLES
    cases = requests

    def __init__(self, data_dir: Path | None = None, database_url: str | None = None) -> None:
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        web = WebSettings(keys=(KEY,), moves_per_minute=10**9, invitations_per_hour=10**9)
        settings = Settings(data_dir=where / "data", database_url=database_url, web=web)
        self.wiring = build(settings, chance=SeededChance(5))
        self.app = create_app(parts_for(self.wiring, settings))
        self.app.config["PROPAGATE_EXCEPTIONS"] = True
        self.client = self.app.test_client()
        self.tokens = {ANA: self._player("Ana"), BEN: self._player("Ben")}
        self._new_games()

    def close(self) -> None:
        self.wiring.close()
        if self._temporary is not None:
            self._temporary.cleanup()

    def _player(self, name: str) -> str:
        answer = self.client.post("/api/v1/players", json={"name": name})
        assert answer.status_code == 201, answer.text
        token: str = answer.json["token"]  # type: ignore[index]
        return token

    def _new_games(self) -> None:
        """A game Ana opened and Ben joined, and one Ana opened that waits for its guest."""
        running = self._post("/api/v1/games", ANA, {})
        self._post(f"/api/v1/invitations/{running['invitation']}/join", BEN, {})
        self.game = running["game_id"]
        self.open = self._post("/api/v1/games", ANA, {})

    def _post(self, path: str, who: str, body: dict[str, Any]) -> dict[str, Any]:
        answer = self.client.post(
            path, json=body, headers={"Authorization": f"Bearer {self.tokens[who]}"}
        )
        assert answer.status_code in (200, 201), answer.text
        found: dict[str, Any] = answer.json  # type: ignore[assignment]
        return found

    def check(self, case: tuple[Any, ...]) -> None:
        (method, route), part, scheme, token, content_type, body = case
        if self.wiring.service.game(self.game).status != "playing" or self._opened() != "open":
            self._new_games()
        game = self.wiring.service.game(self.game)
        values = {
            GAME: self.game,
            OPEN_GAME: self.open["game_id"],
            INVITATION: self.open["invitation"],
            VERSION: str(game.version),
            **self.tokens,
        }
        path = route.format(_fill(part, values))
        headers = {"Authorization": f"{scheme} {_fill(token, values)}".strip()}
        if content_type:
            headers["Content-Type"] = content_type
        before = self._state()
        answer = self.client.open(path, method=method, data=_fill(body, values), headers=headers)
        assert answer.status_code != 500
        if answer.status_code >= 400:
            assert answer.status_code in REFUSALS, answer.status_code
            error = answer.json["error"]  # type: ignore[index]
            assert set(error) == {"code", "message", "params"}, error
            assert self._state() == before, f"refused ({answer.status_code}) yet changed"

    def _opened(self) -> str:
        return self.wiring.service.game(self.open["game_id"]).status

    def _state(self) -> tuple[object, ...]:
        """The players registered, and how far the games have come."""
        engine = self.wiring.engine
        with engine.connect() as connection:
            players = connection.execute(text("SELECT count(*) FROM players")).scalar()
        return (players, *progress(engine))

    @staticmethod
    def large_cases(rng: random.Random) -> list[tuple[Any, ...]]:
        """64 KB bodies (over the body limit), and bodies just under it holding long commands,
        names and deep nesting."""
        under = 16_000
        cases: list[tuple[Any, ...]] = []
        for one in large_texts(rng):
            move = json.dumps({"command": one, "expected_version": VERSION}).encode()
            cases.append(
                (("POST", "/api/v1/games/{}/moves"), GAME, "Bearer", ANA, "application/json", move)
            )
            cases.append(
                (
                    ("POST", "/api/v1/games/{}/moves"),
                    GAME,
                    "Bearer",
                    ANA,
                    "application/json",
                    move[:under],
                )
            )
        deep = b"[" * (under // 2) + b"]" * (under // 2)
        cases.append((("POST", "/api/v1/players"), "", "Bearer", "", "application/json", deep))
        cases.append(
            (("POST", "/api/v1/players"), "", "Bearer", "", "application/json", b"1" * under)
        )
        cases.append((("GET", "/api/v1/games/{}"), "g" * LARGE, "Bearer", ANA, "", b""))
        cases.append((("GET", "/api/v1/games"), "", "Bearer", "t" * LARGE, "", b""))
        return cases


def _fill(value: Any, values: dict[str, str]) -> Any:
    if isinstance(value, bytes):
        value = value.replace(b'"' + VERSION.encode() + b'"', values[VERSION].encode())
        for placeholder, filled in values.items():
            value = value.replace(placeholder.encode(), filled.encode())
        return value
    for placeholder, filled in values.items():
        value = value.replace(placeholder, filled)
    return value
