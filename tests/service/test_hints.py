"""Hints (issue 38): what the hard bot would do, asked in a casual game against a bot, refused in
a rated game and against a person, recorded in the log as ``HintGiven`` and held to that rule by
``conquian verify``.  The search runs with a few rollouts: a hint's words do not depend on how
long it thinks."""

from __future__ import annotations

import json
import random

import pytest

from service.app.games import GameService
from service.app.replies import HintShown, Request
from service.bots.advice import advise
from service.game.events import HintGiven
from service.language.translation import translator
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import ManualClock
from service.rules.actions import Take
from service.rules.view import view_for
from service.words.grammar import parse_command
from service.words.hints import hint_text
from service.words.refusals import Refused
from tests.fakes import PLAYER_2_DEALS, FixedChance
from tests.positions import STACKED
from tests.service.given import GREEDY, GUEST, HOST
from tests.service.test_search_bot import positions, twin

RANDOM_BOT = "bot:random"


@pytest.fixture
def service(store: InMemoryEventStore, clock: ManualClock, inbox: InMemoryInbox) -> GameService:
    chance = FixedChance(decks=[STACKED], randoms=[PLAYER_2_DEALS])
    return GameService(store, clock, chance, inbox, hint_rollouts=24)


def asked(service: GameService, game_id: str, key: str = "h1", player: str = HOST) -> object:
    return service.handle("test", key, "hint", Request(player, game_id, "hint"))  # type: ignore[arg-type]


def test_a_hint_in_a_casual_game_against_a_bot_is_a_legal_move_and_is_logged(
    service: GameService,
) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    before = service.game(game_id)

    reply = asked(service, game_id)

    assert isinstance(reply, HintShown)
    game = service.game(game_id)
    assert reply.version == game.version == before.version + 1
    last = service.store.load(game_id)[-1]
    assert last.event == HintGiven(before.rules.to_act, before.version)
    view = view_for(game.rules, before.rules.to_act)
    assert parse_command(reply.move, view) in view.legal_actions
    assert asked(service, game_id) == reply  # the same key: the same answer, nothing appended
    assert service.game(game_id).version == game.version


def test_a_move_on_the_position_before_the_hint_is_not_stale(service: GameService) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    seen = service.game(game_id).version
    reply = asked(service, game_id)
    assert isinstance(reply, HintShown)

    played = service.handle("test", "m1", reply.move, Request(HOST, game_id, reply.move, seen))

    assert not isinstance(played, Refused)


def test_the_hint_is_worded_in_the_readers_language(service: GameService) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    reply = asked(service, game_id)
    assert isinstance(reply, HintShown)

    english = hint_text(reply)
    spanish = hint_text(reply, tr=translator("es"))

    assert english.startswith("The hard bot would play: take")
    assert "%" in spanish and spanish != english
    assert spanish.split(": ")[1].split()[0] == "tomar"


@pytest.mark.parametrize(
    ("rated", "opponent", "code"),
    [
        (True, GREEDY, "hint_in_rated_game"),
        (None, None, "hint_against_person"),
        (False, None, "hint_against_person"),
    ],
)
def test_a_hint_is_refused_in_a_rated_game_and_against_a_person(
    service: GameService, rated: bool | None, opponent: str | None, code: str
) -> None:
    if opponent is None:
        game_id = service.open_game(HOST, rated=rated)
        service.join(service.game(game_id).invitation, GUEST)
    else:
        game_id = service.open_game(HOST, opponent=opponent, rated=rated)  # type: ignore[arg-type]
    before = service.store.load(game_id)

    reply = asked(service, game_id)

    assert isinstance(reply, Refused) and reply.code == code
    assert service.store.load(game_id) == before


def test_a_hint_is_for_the_players_own_decision(service: GameService) -> None:
    """The hard bot's move waits for the worker, so after HOST's move the game waits for it."""
    game_id = service.open_game(HOST, opponent="bot:search")  # type: ignore[arg-type]
    service.act(game_id, HOST, "take kh kd discard 4h")
    assert service.game(game_id).rules.to_act is not service.game(game_id).seat_of(HOST)

    reply = asked(service, game_id, "h2")

    assert isinstance(reply, Refused) and reply.code == "hint_not_your_decision"


def finished_with_a_hint(service: GameService) -> list[dict[str, object]]:
    """A casual game against the random bot, a hint asked at the first decision, then resigned."""
    game_id = service.open_game(HOST, opponent=RANDOM_BOT)  # type: ignore[arg-type]
    assert isinstance(asked(service, game_id), HintShown)
    service.resign(game_id, HOST)
    return [json.loads(line) for line in export_lines(service.store.load(game_id))]


def verdict(lines: list[dict[str, object]]) -> tuple[int | None, str]:
    found = verify(read_log(json.dumps(line) for line in lines))
    return found.seq, found.reason


def test_verify_accepts_a_hint_in_a_casual_game_against_a_bot(service: GameService) -> None:
    assert verdict(finished_with_a_hint(service)) == (None, "")


def test_verify_refuses_a_hint_in_a_rated_game(service: GameService) -> None:
    lines = finished_with_a_hint(service)
    lines[1]["data"]["rated"] = True  # type: ignore[index]
    hint = next(line for line in lines[1:] if line["name"] == "HintGiven")

    seq, reason = verdict(lines)

    assert seq == hint["seq"]
    assert "No hints in a rated game" in reason


def test_verify_refuses_a_hint_in_a_game_between_people(service: GameService) -> None:
    lines = finished_with_a_hint(service)
    for line in lines:
        if line.get("name") == "PlayerJoined":
            line["data"]["player"] = GUEST  # type: ignore[index]
    lines[0]["players"] = [HOST, GUEST]
    hint = next(line for line in lines[1:] if line["name"] == "HintGiven")

    seq, reason = verdict(lines)

    assert seq == hint["seq"]
    assert "against a person" in reason


def test_verify_refuses_a_hint_naming_another_position(service: GameService) -> None:
    lines = finished_with_a_hint(service)
    hint = next(line for line in lines[1:] if line["name"] == "HintGiven")
    hint["data"]["version"] = 1  # type: ignore[index]

    assert verdict(lines)[0] == hint["seq"]


def test_twin_positions_differing_in_hidden_cards_get_the_same_advice() -> None:
    for state in positions(5)[:6]:
        seat = state.to_act
        assert seat is not None
        other = twin(state, random.Random(2))
        assert advise(view_for(state, seat), 30) == advise(view_for(other, seat), 30)


def test_the_advice_names_the_meld_its_take_makes() -> None:
    for state in positions(3):
        seat = state.to_act
        assert seat is not None
        advice = advise(view_for(state, seat), 30)
        best = advice.best.action
        if isinstance(best, Take) and best.put_down:
            assert state.center in advice.melds
            assert set(best.put_down) <= set(advice.melds)
            return
    pytest.fail("no take with a meld among the positions")
