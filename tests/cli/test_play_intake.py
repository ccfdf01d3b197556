"""The terminal goes through the one intake (issue 32): each line is a request under a key of its
own, and what it answers is worded from the typed reply as it was from ``act``'s outcome."""

from __future__ import annotations

import pytest

from tests.cli.terminal import HOTSEAT, WIN_DECK, play, responses

pytestmark = pytest.mark.usefixtures("own_database")

SPANISH_DECK = (
    WIN_DECK.replace("K", "12")
    .replace("Q", "11")
    .replace("J", "10")
    .replace("A", "1")
    .replace("D", "O")
    .replace("H", "X")
    .replace("C", "B")
    .replace("X", "C")
    .replace("S", "E")
)


def test_a_refusal_names_cards_in_the_game_s_deck_faces() -> None:
    args = [*HOTSEAT, "--variant", "deck_faces=spanish", "--deck", SPANISH_DECK, "--json"]
    result = play(args, ["take 7e 12o discard 1b", "take 7e 12o discard 1b"])
    _, first, again, *_ = responses(result)
    assert first["ok"] is False and first["error"]["code"] == "card_not_in_hand"
    message = first["error"]["message"]  # a card in a sentence by its face: rank and suit symbol
    assert "7♠" in message and "7S" not in message and "7E" not in message
    assert again == first, "the same line again is a request of its own, answered alike"
