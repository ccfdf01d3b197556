"""Hidden cards never reach a player or the public through the web side, over many random games.

Seeded random games with random variants are played through the JSON API by two people (or one
against a bot): mostly legal moves, some out of turn, stale or garbled.  After every step each
player's API view and private page, and what the public gets for the game (its replay, its log,
its page without a link), are read over HTTP and every card they show is checked against what
that player may see (``tests.service.test_no_leaks.visible_to``):

* the API view and the table drawn on the page: only what the seat may see now (between two
  deals, the page draws the last deal's end: what the seat could see once it ended);
* the page's sentences about recent events: only cards the seat could see at some point (a card
  turned up and then buried was seen when it was turned up);
* a refusal: only those, and the cards the player named;
* the public, while the game runs: no card at all.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from typing import Any

import pytest

from service.game.codec import is_rules_event
from service.game.state import fold
from service.rules.events import DealDrawn, DealWon
from service.rules.evolve import evolve
from service.rules.seats import Seat
from service.rules.state import GameState, initial_state
from service.rules.variants import DeckFaces
from tests.service.test_no_leaks import (
    EXAMPLES,
    assert_shows_only,
    cards_in,
    random_variant,
    visible_to,
)
from tests.web.conftest import Site

GAMES = 6
GARBAGE = ("dance", "take 9h discard 8s", "discard", "force", "take ac 2c 3c discard 7d", "")


class PageText(HTMLParser):
    """The words a page shows, and the cards its table picture and move buttons name."""

    def __init__(self) -> None:
        super().__init__()
        self.words: list[str] = []
        self.drawn: list[str] = []
        self.buttons: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if found.get("data-card"):
            self.drawn.append(found["data-card"] or "")
        if tag == "button" and found.get("value"):
            self.buttons.append(found["value"] or "")

    def handle_data(self, data: str) -> None:
        self.words.append(data)


def read_page(html: str) -> PageText:
    parsed = PageText()
    parsed.feed(html)
    return parsed


class WebTable:
    """One random game played over HTTP, with the true states to judge what was shown."""

    def __init__(self, site: Site, seed: int) -> None:
        self.site, self.http = site, site.http
        self.rng = random.Random(seed)
        self.variant = random_variant(self.rng)
        self.faces: DeckFaces = self.variant.deck_faces
        host = site.player("North")
        against_bot = self.rng.random() < 0.3
        body: dict[str, Any] = {
            "opponent": "greedy" if against_bot else "friend",
            "variant": {k: str(v) for k, v in self.variant.changed_flags().items()},
            "deals": self.rng.randint(1, 2),
        }
        opened = self.http.post("/api/v1/games", body, token=host)
        assert opened.status == 201, opened.text
        self.game_id: str = opened.json["game_id"]
        self.tokens = [host]
        if not against_bot:
            guest = site.player("South")
            joined = self.http.post(
                f"/api/v1/invitations/{opened.json['invitation']}/join", token=guest
            )
            assert joined.status == 200, joined.text
            self.tokens.append(guest)
        self.pages = [self.page_path(token) for token in self.tokens]
        self.states: list[GameState] = [initial_state()]
        self.seen = [0, 0]
        """Per seat, every card it could see at some point so far (a mask)."""

    def page_path(self, token: str) -> str:
        game = self.http.get(f"/api/v1/games/{self.game_id}", token=token).json
        return self.site.path(game["page_url"])

    def catch_up(self) -> GameState:
        stored = self.site.wiring.store.load(self.game_id)  # type: ignore[arg-type]
        for one in stored[len(self.states) - 1 :]:
            state = self.states[-1]
            self.states.append(evolve(state, one.event) if is_rules_event(one.event) else state)
            for seat in Seat:
                self.seen[seat] |= visible_to(self.states[-1], seat)
        return self.states[-1]

    def play(self, steps: int = 400) -> None:
        for _ in range(steps):
            state = self.catch_up()
            self.check_everyone(state)
            if fold(self.site.wiring.store.load(self.game_id)).status == "over":  # type: ignore[arg-type]
                return
            self.step(state)
        raise AssertionError("the game did not end")

    def step(self, state: GameState) -> None:
        seat = state.to_act
        assert seat is not None
        index = int(seat) if len(self.tokens) == 2 else 0
        if len(self.tokens) == 2 and self.rng.random() < 0.1:
            index = 1 - index  # out of turn
        token = self.tokens[index]
        game = self.http.get(f"/api/v1/games/{self.game_id}", token=token).json
        legal = game["view"]["legal"]
        roll = self.rng.random()
        command = self.rng.choice(legal) if legal and roll < 0.8 else self.rng.choice(GARBAGE)
        expected = game["version"] - (1 if self.rng.random() < 0.1 else 0)
        body = {"command": command or "x", "expected_version": expected}
        answer = self.http.post(f"/api/v1/games/{self.game_id}/moves", body, token=token)
        assert answer.status in (200, 409, 422), answer.text
        own = Seat(game["view"]["seat"] - 1)
        allowed = visible_to(self.states[-1], own) | self.named(command)
        if answer.status != 200:
            allowed |= EXAMPLES[answer.error["code"], self.faces]
        else:
            self.catch_up()
            allowed |= visible_to(self.states[-1], own)
        assert_shows_only(cards_in(answer.text, self.faces), allowed, f"answer to {command!r}")

    def named(self, command: str) -> int:
        named = cards_in(command, self.faces, words_too=True)
        named |= cards_in(command, DeckFaces.FRENCH, words_too=True)
        return sum(1 << one for one in named)

    def check_everyone(self, state: GameState) -> None:
        for index, token in enumerate(self.tokens):
            game = self.http.get(f"/api/v1/games/{self.game_id}", token=token).json
            seat = Seat(game["view"]["seat"] - 1)
            now = visible_to(state, seat)
            said = {key: value for key, value in game.items() if not key.endswith("_url")}
            shown = cards_in(str(said), self.faces)  # a link's random token may hold "-6h-"
            assert_shows_only(shown, now, f"player {seat.number}'s API view")
            page = self.http.get(self.pages[index])
            assert page.status == 200 and page.headers["cache-control"] == "private, no-store"
            text = read_page(page.text)
            drawn = cards_in(" ".join(text.drawn), self.faces)
            pictured = now
            if 'id="deal-end"' in page.text:  # the table as the last deal left it (issue 33)
                pictured = visible_to(self.last_deal_end(), seat)
            assert_shows_only(drawn, pictured, f"player {seat.number}'s table picture")
            commands = cards_in(" ".join(text.buttons), self.faces)
            assert_shows_only(commands, now, f"player {seat.number}'s move buttons")
            words = cards_in(" ".join(text.words), self.faces)
            assert_shows_only(words, self.seen[seat], f"player {seat.number}'s page")
        if fold(self.site.wiring.store.load(self.game_id)).status != "over":  # type: ignore[arg-type]
            self.check_public()

    def last_deal_end(self) -> GameState:
        """The state right after the last deal ended: what the page's end of a deal draws."""
        stored = self.site.wiring.store.load(self.game_id)  # type: ignore[arg-type]
        ends = [i for i, one in enumerate(stored) if isinstance(one.event, DealWon | DealDrawn)]
        assert ends, "the page shows the end of a deal before any deal ended"
        return self.states[ends[-1] + 1]

    def check_public(self) -> None:
        """Without a link, a running game shows nothing: no replay, no log, no page."""
        for path in (
            f"/games/{self.game_id}/replay",
            f"/games/{self.game_id}/log.jsonl",
            f"/api/v1/games/{self.game_id}/log",
        ):
            answer = self.http.get(path)
            assert answer.status == 409, (path, answer.status)
            assert not cards_in(re.sub(r"<[^>]*>", " ", answer.text), self.faces), path
        assert self.http.get(f"/p/{self.game_id}").status == 404


@pytest.mark.parametrize("seed", range(GAMES))
def test_no_page_api_answer_or_public_address_shows_a_hidden_card(site: Site, seed: int) -> None:
    WebTable(site, seed).play()
