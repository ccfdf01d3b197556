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
from typing import Any

from flask import Flask
from hypothesis import strategies as st
from sqlalchemy import text

from adapters.bootstrap import build
from adapters.config import Settings, WebSettings
from adapters.web import bodies as reading
from adapters.web.api import OPPONENTS
from adapters.web.app import create_app, parts_for
from adapters.web.errors import ApiError
from service.memory import SeededChance

from .inputs import EXAMPLES, LARGE, PIPELINE_EXAMPLES, hostile_text, large_texts, seeds

KEY = "fuzz-web-key-0123456789"
FIELDS = {"name", "command", "expected_version", "opponent", "variant", "deals", "target", "stake"}
ANA, BEN = "<ana>", "<ben>"
GAME, OPEN_GAME, INVITATION, VERSION = "<game>", "<open>", "<invitation>", "<version>"
"""Placeholders filled at check time: two players' tokens, a running game (where it is Ana's
turn or not), an open game's invitation, the running game's version."""

REFUSALS = {400, 403, 404, 405, 409, 413, 415, 422, 429}

numbers = st.one_of(
    st.integers(-3, 12),
    st.sampled_from((VERSION, 2**31, 2**63, 10**30, -(10**30), 1.0, 1.5, 1e308, True, None)),
    st.sampled_from(("", "1", "x", "٣", "1e3")),
)
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), numbers, hostile_text),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(tuple(FIELDS)), inner, max_size=3),
    ),
    max_leaves=6,
)
fields = {
    "name": st.one_of(hostile_text, json_values),
    "command": st.one_of(hostile_text, hostile_text, json_values),
    "expected_version": st.one_of(numbers, numbers, json_values),
    "opponent": st.one_of(st.sampled_from(("friend", "greedy", "random", "bot")), json_values),
    "variant": st.one_of(
        st.dictionaries(
            st.sampled_from(("deck_faces", "forcing", "scoring", "rearrange", "x", "")),
            st.one_of(st.sampled_from(("spanish", "disabled", "points", "none")), json_values),
            max_size=3,
        ),
        json_values,
    ),
    "deals": numbers,
    "target": numbers,
    "stake": numbers,
    "move_seconds": numbers,
}
objects = st.fixed_dictionaries({}, optional=fields)
raw_bodies = st.sampled_from(
    (
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
)
bodies = st.one_of(objects.map(lambda body: json.dumps(body).encode()), raw_bodies)
content_types = st.sampled_from(
    ("application/json", "application/json", "application/json; charset=latin-1", "text/plain", "")
)
header_text = seeds.map(
    lambda seed: "".join(chr(32 + (seed >> i) % 224) for i in range(0, seed % 30))
)
"""What an HTTP header can carry (the client refuses line breaks; WSGI reads bytes as latin-1)."""
tokens = st.one_of(
    st.sampled_from((ANA, ANA, BEN, "", "x", "a.b", "Bearer", ANA + "x")),
    header_text,
)
schemes = st.sampled_from(("Bearer", "Bearer", "bearer", "Basic", "", "Bearer  "))
path_parts = st.one_of(
    st.sampled_from((GAME, GAME, OPEN_GAME, INVITATION, "nosuchgame", "0" * 300, "%00", "..")),
    hostile_text.map(lambda text: text.translate(str.maketrans("", "", "/?#%"))),
)
routes = st.sampled_from(
    (
        ("POST", "/api/v1/players"),
        ("GET", "/api/v1/games"),
        ("POST", "/api/v1/games"),
        ("POST", "/api/v1/invitations/{}/join"),
        ("GET", "/api/v1/games/{}"),
        ("POST", "/api/v1/games/{}/moves"),
        ("POST", "/api/v1/games/{}/moves"),
        ("POST", "/api/v1/games/{}/moves"),
        ("GET", "/api/v1/games/{}/log"),
        ("GET", "/api/v1/openapi.json"),
        ("DELETE", "/api/v1/games/{}"),
    )
)
requests = st.tuples(routes, path_parts, schemes, tokens, content_types, bodies)


class BodyReading:
    """``bodies``: how every endpoint reads its JSON body, field by field, for any bytes and
    content type; a value, or an ``ApiError`` of 4xx whose body can be written as JSON."""

    name = "JSON API body reading"
    examples = EXAMPLES
    cases = st.tuples(content_types, bodies)
    values = {ANA: "t", BEN: "t", GAME: "g", OPEN_GAME: "g", INVITATION: "i", VERSION: "3"}

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
    lambda body: reading.text(body, "name", 40, required=True),
    lambda body: reading.text(body, "command", 200, required=True),
    lambda body: reading.whole(body, "expected_version", minimum=1, required=True),
    lambda body: reading.choice(body, "opponent", OPPONENTS, "friend"),
    reading.rules,
)


def _refusal(error: ApiError) -> None:
    assert 400 <= error.status < 500, error.status
    json.dumps(error.body(), ensure_ascii=False).encode()


class Api:
    """The app on a SQLite file; two players, a running game against each other, an open one."""

    name = "JSON API"
    examples = PIPELINE_EXAMPLES
    cases = requests

    def __init__(self, data_dir: Path | None = None) -> None:
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        web = WebSettings(keys=(KEY,), moves_per_minute=10**9, invitations_per_hour=10**9)
        settings = Settings(data_dir=where / "data", web=web)
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
        with self.wiring.engine.connect() as connection:
            players = connection.execute(text("SELECT count(*) FROM players")).scalar()
            versions = connection.execute(
                text("SELECT game_id, version FROM game_summaries ORDER BY game_id")
            ).all()
        return players, tuple(versions)

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
