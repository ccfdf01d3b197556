"""Exactly-once handling of inbound messages through ``GameService.handle`` and the inbox.

One move is delivered 1,000 times, shuffled among 200 fresh messages (moves, queries and bad
commands, each in its own game, some delivered twice or three times), from 8 threads at once.
Every message is applied once, and every delivery of a message gets the same answer.
"""

from __future__ import annotations

import random
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest

from service.app.games import GameService, Request
from service.app.replies import Reply
from service.game.events import GameId, PlayerId
from service.language.notation import card_text, cards_text
from service.ports.memory_directory import SeededChance
from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Take
from tests.reply_fields import fields
from tests.storage.conftest import BACKENDS, Backend

COPIES = 1_000
FRESH = 200
THREADS = 8
ANA, GREEDY = PlayerId("ana"), PlayerId("bot:greedy")


@dataclass(frozen=True)
class Message:
    source: str
    key: str
    request: Request
    kind: str
    """``move``, ``query`` or ``bad``."""
    version_before: int


def command_for(action: PlayerAction) -> str:
    """The text a player would type for ``action``."""
    match action:
        case Refuse():
            return "pass"
        case NoForce():
            return "no force"
        case Force():
            return "force"
        case Discard(card=card, onto=onto):
            return f"discard {card_text(card)}" + (f" onto {card_text(onto)}" if onto else "")
        case Take(put_down=put_down, discard=discard):
            return f"take {cards_text(put_down)}" + (
                f" discard {card_text(discard)}" if discard else ""
            )
    raise AssertionError(action)


def message(service: GameService, key: str, kind: str, with_version: bool) -> Message:
    """A message from ana about a new game of hers against the greedy bot."""
    game_id = service.open_game(ANA, opponent=GREEDY)
    game, view = service.view(game_id, ANA)
    command = {"move": command_for(view.legal_actions[0]), "query": "hand", "bad": "discard zz"}
    request = Request(ANA, game_id, command[kind], game.version if with_version else None)
    return Message("telegram", key, request, kind, game.version)


def deliver(service: GameService, one: Message) -> Reply:
    return service.handle(one.source, one.key, one.request.command, one.request)


@pytest.mark.slow
@pytest.mark.parametrize("name", BACKENDS)
def test_a_message_delivered_a_thousand_times_is_applied_once_and_answered_alike(
    name: str, request: pytest.FixtureRequest
) -> None:
    backend: Backend = request.getfixturevalue(f"{name}_backend")
    service = GameService(backend.store, backend.clock, SeededChance(5), backend.inbox)
    rng = random.Random(2026)
    repeated = message(service, "repeated", "move", with_version=False)
    fresh = [
        message(
            service, f"fresh-{n}", rng.choice(["move", "move", "move", "query", "bad"]), n % 2 == 0
        )
        for n in range(FRESH)
    ]
    deliveries = [repeated] * COPIES + [one for one in fresh for _ in range(rng.randint(1, 3))]
    rng.shuffle(deliveries)

    with ThreadPoolExecutor(THREADS) as pool:
        answers = list(pool.map(lambda one: deliver(service, one), deliveries))

    heard: dict[str, list[Reply]] = defaultdict(list)
    for one, answer in zip(deliveries, answers, strict=True):
        heard[one.key].append(answer)
    for key, replies in heard.items():
        assert all(reply == replies[0] for reply in replies), key
    assert len(heard["repeated"]) == COPIES
    for one in [repeated, *fresh]:
        assert_applied_once(service, one, heard[one.key][0])
    assert backend.inbox.pending() == []


def assert_applied_once(service: GameService, one: Message, reply: Reply) -> None:
    answer = fields(reply)
    version = service.game(GameId(one.request.game_id)).version
    if one.kind == "move":
        assert answer["ok"] is True and answer["events"] == [one.version_before + 1, version], one
    elif one.kind == "query":
        assert answer == {
            "ok": True,
            "game_id": one.request.game_id,
            "version": version,
            "query": "hand",
        }
        assert version == one.version_before
    else:
        assert answer["ok"] is False and version == one.version_before, one
