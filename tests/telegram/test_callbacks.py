"""Button data: every legal action of many random positions fits in Telegram's 64 bytes and
reads back as the same action; data we never wrote reads as nothing."""

from __future__ import annotations

import pytest

from adapters.telegram.callbacks import LIMIT, Press, action_of, decode, move, selection
from service.game.events import GameId
from service.game.state import apply, opened
from service.rules.actions import Take
from service.rules.seats import Seat
from service.rules.view import view_for
from tests.random_games import play

GAME = GameId("0123456789abcdef")


@pytest.mark.parametrize("seed", range(6))
def test_every_legal_action_round_trips_through_64_bytes(seed: int) -> None:
    stored = play(seed).log
    game = opened(stored[0])
    seen = 0
    for index, event in enumerate(stored[1:], start=1):
        game = apply(game, event)
        if index + 1 < len(stored) and stored[index + 1].at == event.at:
            continue  # inside one append: no one decides there
        for seat in Seat:
            for action in view_for(game.rules, seat).legal_actions:
                data = move(GAME, 9999, action).encode()
                assert len(data.encode()) <= LIMIT
                press = decode(data)
                assert press is not None and (press.game_id, press.number) == (GAME, 9999)
                assert action_of(press) == action
                seen += 1
    assert seen > 50


def test_a_selection_round_trips() -> None:
    press = decode(Press("select", GAME, 12, Seat.SECOND, "3c00000001").encode())
    assert press is not None and press.seat is Seat.SECOND
    assert selection(press) == 0x3C00000001


@pytest.mark.parametrize(
    "data",
    ["", "take 5c", "m1:g", "q1:g:1:P", "m3:g:1:P", "m1::1:P", "m1:g:x:P", "m1:g:1:P:extra"],
)
def test_data_we_never_wrote_is_nothing(data: str) -> None:
    assert decode(data) is None


@pytest.mark.parametrize("arg", ["Z", "T-1.-", "Tffffffffffff.-", "T0.40", "D.-", "Px", "R+5"])
def test_a_malformed_move_is_no_action(arg: str) -> None:
    press = decode(f"m1:{GAME}:3:{arg}")
    assert press is not None
    assert action_of(press) is None


def test_a_take_keeps_its_cards_and_discard() -> None:
    press = decode(f"m2:{GAME}:3:T{(1 << 4) | (1 << 14):x}.25")
    assert press is not None
    action = action_of(press)
    assert isinstance(action, Take) and action.seat is Seat.SECOND
    assert (int(action.put_down), action.discard) == ((1 << 4) | (1 << 14), 25)
