"""Rated or casual is chosen when a game is opened, in the one lobby grammar, and recorded in the
log only when chosen (an older log reads and writes back unchanged)."""

from __future__ import annotations

import pytest

from service.game.codec import decode, encode
from service.game.events import GameId, GameOpened, PlayerId, TimeControl
from service.rules.errors import IllegalAction
from service.rules.variants import DEFAULT, MatchTerms
from service.words.lobby import read_fields, read_words


def opened(rated: bool | None) -> GameOpened:
    return GameOpened(
        GameId("g1"), PlayerId("p1"), DEFAULT, MatchTerms(), TimeControl(), "inv", None, rated
    )


@pytest.mark.parametrize(("words", "rated"), [([], None), (["rated"], True), (["Casual"], False)])
def test_the_option_words_choose_rated_or_casual(words: list[str], rated: bool | None) -> None:
    assert read_words(["bot", *words, "deals=3"]).rated is rated


def test_the_api_field_is_true_or_false() -> None:
    assert read_fields({"rated": False}).rated is False
    with pytest.raises(IllegalAction):
        read_fields({"rated": "maybe"})


def test_the_choice_is_in_the_log_only_when_made() -> None:
    assert "rated" not in encode(opened(None))
    assert encode(opened(True))["rated"] is True
    old = encode(opened(None))
    assert decode("GameOpened", old) == opened(None)
    assert decode("GameOpened", {**old, "rated": False}) == opened(False)


def test_a_choice_that_is_not_true_or_false_does_not_decode() -> None:
    from service.game.codec import CodecError

    with pytest.raises(CodecError):
        decode("GameOpened", {**encode(opened(None)), "rated": "yes"})
