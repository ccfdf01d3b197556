"""The lobby grammar: given what a player wrote, when it is read, then the options of the new game
or the one refusal every channel words (``service/words/lobby.py``; RULES.md §3.1 and A23)."""

from __future__ import annotations

import pytest

from service.game.errors import BadSetting
from service.game.events import PlayerId, TimeControl
from service.rules.errors import IllegalAction
from service.rules.variants import DEFAULT, MatchTerms
from service.words.lobby import (
    BadFlagValue,
    BadNumber,
    GameOptions,
    NumberTooLarge,
    UnknownFlag,
    UnknownOption,
    read_fields,
    read_words,
)
from service.words.refusals import refusal_text

POINTS = DEFAULT.with_flags({"scoring": "points"})
NO_FORCING = DEFAULT.with_flags({"forcing": "disabled"})
HUGE = "9" * 5000


def test_no_options_are_a_one_deal_game_against_a_friend_on_the_default_clock() -> None:
    assert read_words([]) == GameOptions(DEFAULT, MatchTerms(deals=1), None, None)


def test_points_with_a_number_of_deals_keeps_the_target_of_100() -> None:
    # A23: a points match is played to a target score (default 100); deals=3 also ends it.
    options = read_words(["scoring=points", "deals=3"])
    assert (options.variant, options.terms) == (POINTS, MatchTerms(deals=3, target=100))


def test_points_alone_is_a_race_to_100() -> None:
    assert read_words(["scoring=points"]).terms == MatchTerms(deals=None, target=100)


def test_a_target_alone_under_stakes_plays_until_someone_reaches_it() -> None:
    assert read_words(["target=5"]).terms == MatchTerms(deals=None, target=5)


def test_both_spellings_of_a_number_and_commas_read_alike() -> None:
    spaced = read_words(["deals 3, stake 2 target 50 time 2d forcing=disabled"])
    joined = read_words(["deals=3 stake=2 target=50 time=2d forcing=disabled"])
    assert (
        spaced
        == joined
        == GameOptions(NO_FORCING, MatchTerms(3, 50, 2), TimeControl(move_seconds=2 * 86400))
    )


def test_names_and_values_are_read_in_any_case() -> None:
    assert read_words(["Deals=3", "FORCING=Disabled", "Bot"]) == GameOptions(
        NO_FORCING, MatchTerms(deals=3), None, PlayerId("bot:greedy")
    )


@pytest.mark.parametrize(
    ("word", "opponent"),
    [
        ("bot", "bot:greedy"),
        ("greedy", "bot:greedy"),
        ("random", "bot:random"),
        ("friend", None),
        ("easy", "bot:random"),
        ("medium", "bot:greedy"),
        ("hard", "bot:search"),
        ("HARD", "bot:search"),
    ],
)
def test_the_opponent_is_named_by_a_word(word: str, opponent: str | None) -> None:
    assert read_words([word]).opponent == opponent


def test_where_the_channel_chooses_the_opponent_a_word_for_one_is_refused() -> None:
    with pytest.raises(UnknownOption) as refused:
        read_words(["bot"], name_opponent=False)
    assert refused.value.params == {"word": "bot"}


def test_the_json_fields_read_as_the_words_do() -> None:
    fields = {
        "opponent": "random",
        "deals": 3,
        "move_seconds": 3600,
        "variant": {"scoring": "points"},
    }
    assert read_fields(fields) == read_words(["random", "deals=3", "time=1h", "scoring=points"])


@pytest.mark.parametrize(
    ("words", "refusal", "params"),
    [
        (["dance"], UnknownOption, {"word": "dance"}),
        (["deals=zero"], BadNumber, {"name": "deals", "value": "zero"}),
        (["deals=0"], BadNumber, {"name": "deals", "value": "0"}),
        (["stake", "-2"], BadNumber, {"name": "stake", "value": "-2"}),
        (["deals"], BadNumber, {"name": "deals", "value": ""}),
        (["deals=３"], BadNumber, {"name": "deals", "value": "３"}),
        (["deals=100"], NumberTooLarge, {"name": "deals", "most": 99}),
        (["target=10001"], NumberTooLarge, {"name": "target", "most": 10_000}),
        (["stake=1000001"], NumberTooLarge, {"name": "stake", "most": 1_000_000}),
        ([f"deals={HUGE}"], NumberTooLarge, {"name": "deals", "most": 99}),
        (["colour=blue"], UnknownFlag, {"flag": "colour"}),
        (["forcing=sometimes"], BadFlagValue, {"flag": "forcing", "value": "sometimes"}),
        (["forcing="], BadFlagValue, {"flag": "forcing", "value": ""}),
    ],
)
def test_what_cannot_make_a_game_is_refused_with_its_code_and_parameters(
    words: list[str], refusal: type[IllegalAction], params: dict[str, object]
) -> None:
    with pytest.raises(refusal) as refused:
        read_words(words)
    assert params.items() <= refused.value.params.items()


def test_a_huge_number_is_refused_in_plain_words() -> None:
    with pytest.raises(NumberTooLarge) as refused:
        read_words([f"stake {HUGE}"])
    assert refusal_text(refused.value) == "stake can be at most 1000000."


def test_an_unknown_flag_lists_every_flag_uncut() -> None:
    with pytest.raises(UnknownFlag) as refused:
        read_words(["colour=blue"])
    assert refusal_text(refused.value).endswith("draw_stakes, scoring, deck_faces.")


@pytest.mark.parametrize(
    "words", [["time=30s"], ["time=2w"], [f"time={HUGE}m"], ["time=20d"], ["time=0m"]]
)
def test_a_time_per_move_out_of_reach_is_a_bad_setting(words: list[str]) -> None:
    with pytest.raises(BadSetting):
        read_words(words)


@pytest.mark.parametrize("seconds", [5, 0, 15 * 86400])
def test_move_seconds_out_of_reach_are_the_same_bad_setting(seconds: int) -> None:
    with pytest.raises(BadSetting):
        read_fields({"move_seconds": seconds})


def test_move_seconds_past_any_count_are_too_large_like_the_other_numbers() -> None:
    with pytest.raises(NumberTooLarge):
        read_fields({"move_seconds": 10**30})
