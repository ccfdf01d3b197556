"""Two web surfaces issue 15 found holes in, fuzzed through the real app on SQLite (Flask's test
client): the names ``POST /api/v1/players`` takes, and the fields of a player's move form.

* Names: any text (the grammar's words, control and bidi characters, addresses and their
  full-width look-alikes, arbitrary characters).  A name is registered (201) shown as every
  channel shows names — no control, format or bidi character, no web or mail address, at most
  ``NAME_LENGTH`` — or refused with the API's JSON error, registering nobody.
* The move form: ``version`` (digits of every script, huge numbers, text), ``command`` (long,
  odd, grammar), the CSRF token and extra fields, posted to the page of a running game.  The
  answer is a redirect after a move, the same table with the answer of a query (or resign's
  question), or a refusal with its status and an alert on the page — never a 500 — and only a
  move changes the game.
"""

from __future__ import annotations

import random
import tempfile
import unicodedata
from pathlib import Path
from typing import Any

from sqlalchemy import text

from adapters.bootstrap import build
from adapters.config import Settings, WebSettings
from adapters.web.app import create_app, parts_for
from adapters.web.security import CSRF_COOKIE
from service.language.names import NAME_LENGTH, display_name
from service.ports.memory_directory import SeededChance
from service.ports.protocols import Clock
from tests.reliability.fuzz.inputs import (
    LARGE,
    PIPELINE_EXAMPLES,
    SCRIPTS,
    large_texts,
    seeded,
    some_text,
)
from tests.reliability.fuzz.progress import progress
from tests.service.test_names import FORMAT, LOOKS_LIKE_ADDRESS

KEY = "fuzz-web-forms-key-0123456789"
NAME_PARTS = (
    *("Ana", "María", "Оксана", "अनीता", " ", "\r\n", "\t", "\x00", "\x07", "\x85", "\u2028"),
    *("\u202e", "\u202d", "\u2066", "\u2069", "\u200e", "\u200f", "\u061c", "\u200b", "\ufeff"),
    *("http://", "https://", "www.", "@", ".", ".com", ".example", "．", "＠", "。", "/", "-"),
    *("spam", "xn--p1ai", "пример.рф", "me@x.example", "<", ">", "Dr.", "J. R."),
)


def name_of(rng: random.Random) -> Any:
    """A name of hostile parts, typed text, or (now and then) no text at all."""
    kind = rng.randrange(10)
    if kind == 0:
        return rng.choice((None, 7, [], {}, True, "", " " * 3))
    if kind < 4:
        return some_text(rng)
    return "".join(rng.choice(NAME_PARTS) for _ in range(rng.randrange(1, 12)))


class PlayerNames:
    """``POST /api/v1/players`` with any name."""

    name = "JSON API player names"
    examples = PIPELINE_EXAMPLES
    cases = seeded(name_of)

    def __init__(self, data_dir: Path | None = None) -> None:
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        web = WebSettings(keys=(KEY,), moves_per_minute=10**9, invitations_per_hour=10**9)
        settings = Settings(data_dir=where / "data", web=web)
        self.wiring = build(settings, chance=SeededChance(5))
        self.app = create_app(parts_for(self.wiring, settings))
        self.app.config["PROPAGATE_EXCEPTIONS"] = True
        self.client = self.app.test_client()

    def close(self) -> None:
        self.wiring.close()
        if self._temporary is not None:
            self._temporary.cleanup()

    def check(self, name: Any) -> None:
        before = self._players()
        answer = self.client.post("/api/v1/players", json={"name": name})
        if answer.status_code != 201:
            assert answer.status_code in (400, 413), answer.status_code
            assert set(answer.json["error"]) == {"code", "message", "params"}  # type: ignore[index]
            assert self._players() == before, "refused yet registered"
            return
        player = answer.json["player"]  # type: ignore[index]
        shown = self.wiring.directory.profile(player).name
        assert isinstance(name, str) and shown == display_name(name, "")
        assert 0 < len(shown) <= NAME_LENGTH
        assert not any(unicodedata.category(c) in FORMAT for c in shown), repr(shown)
        assert not LOOKS_LIKE_ADDRESS.search(unicodedata.normalize("NFKC", shown)), repr(shown)

    def _players(self) -> int:
        with self.wiring.engine.connect() as connection:
            return int(connection.execute(text("SELECT count(*) FROM players")).scalar_one())

    @staticmethod
    def large_cases(rng: random.Random) -> list[Any]:
        return [one[:LARGE] for one in large_texts(rng)]


VERSIONS = ("", "0", "-1", "1e3", "²", "٣", "1" * 5000, "9" * 30, " 3", "3 ", "+3", "0x3", "½")


def form_of(rng: random.Random) -> dict[str, Any]:
    """The fields of a move form: right and wrong versions, commands, CSRF tokens, extras."""
    version: str | None = rng.choice(("<version>", "<version>", *VERSIONS))
    if rng.randrange(4) == 0:
        version = str(rng.randrange(10 ** rng.randrange(1, 12))).translate(
            str.maketrans("0123456789", rng.choice(SCRIPTS))
        )
    form: dict[str, Any] = {
        "version": version,
        "command": some_text(rng) if rng.randrange(4) else "pass " + "x" * rng.randrange(600),
        "csrf_token": "<csrf>" if rng.randrange(8) else some_text(rng),
    }
    if rng.randrange(6) == 0:
        form[some_text(rng)[:10] or "x"] = some_text(rng)
    return {key: value for key, value in form.items() if rng.randrange(12)}


class PagePosts:
    """A running game between two web players, posted to through Ana's page (Flask's test
    client, the CSRF cookie set): the ground of the page's form surfaces.  A new game when the
    last one ended."""

    def __init__(self, data_dir: Path | None, seed: int, clock: Clock | None = None) -> None:
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        web = WebSettings(keys=(KEY,), moves_per_minute=10**9, invitations_per_hour=10**9)
        settings = Settings(data_dir=where / "data", web=web)
        self.wiring = build(settings, clock=clock, chance=SeededChance(seed))
        self.parts = parts_for(self.wiring, settings)
        self.app = create_app(self.parts)
        self.app.config["PROPAGATE_EXCEPTIONS"] = True
        self.client = self.app.test_client()
        self.client.set_cookie(CSRF_COOKIE, "fuzz")
        self.csrf = self.parts.capabilities.mac("csrf|fuzz")
        self._new_game()

    def close(self) -> None:
        self.wiring.close()
        if self._temporary is not None:
            self._temporary.cleanup()

    def _new_game(self) -> None:
        capabilities = self.parts.capabilities
        ana, ben = capabilities.register("Ana"), capabilities.register("Ben")
        service = self.wiring.service
        self.game = service.open_game(ana)
        service.join(service.game(self.game).invitation, ben)
        self.page = f"/p/{capabilities.page_token(self.game, ana)}"


class MoveForm(PagePosts):
    """A running game between two web players; each case posts one form to Ana's page."""

    name = "web move form"
    examples = PIPELINE_EXAMPLES
    cases = seeded(form_of)

    def __init__(self, data_dir: Path | None = None) -> None:
        super().__init__(data_dir, seed=7)

    def check(self, form: dict[str, Any]) -> None:
        if self.wiring.service.game(self.game).status != "playing":
            self._new_game()
        version = str(self.wiring.service.game(self.game).version)
        filled = {
            key: str(value).replace("<version>", version).replace("<csrf>", self.csrf)
            for key, value in form.items()
        }
        before = progress(self.wiring.engine)
        answer = self.client.post(self.page, data=filled)
        assert answer.status_code != 500
        if answer.status_code == 303:
            return
        if answer.status_code == 200:  # a query answered in place, or resigning asked first
            shown = 'id="answer"' in answer.text or 'id="confirm-resign"' in answer.text
            assert shown, answer.text[:500]
            assert progress(self.wiring.engine) == before, "a query moved the game"
            return
        assert answer.status_code in (400, 409, 413, 422, 429), answer.status_code
        assert 'role="alert"' in answer.text, answer.text[:500]
        assert "Traceback" not in answer.text
        assert progress(self.wiring.engine) == before, f"refused ({answer.status_code}) yet moved"

    @staticmethod
    def large_cases(rng: random.Random) -> list[dict[str, Any]]:
        return [
            {"version": "<version>", "command": one, "csrf_token": "<csrf>"}
            for one in large_texts(rng)
        ] + [{"version": "9" * 8000, "command": "pass", "csrf_token": "<csrf>"}]
