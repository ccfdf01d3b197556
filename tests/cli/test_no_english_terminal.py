"""The terminal game in each of the five other languages shows no English interface word: a
hotseat deal to a win with a look at the hand, the help, the settings, a command nobody knows and
a card that is not in the deck on the way, and a whole deal against the bot (names, card codes
and the operator's ``conquian export`` aside, which the catalogs keep)."""

from __future__ import annotations

import pytest

from tests.cli.terminal import HOTSEAT, WIN_DECK, WIN_SCRIPT, play
from tests.english_left import english_left

pytestmark = pytest.mark.usefixtures("own_database")
LANGUAGES = ("es", "fil", "uk", "ms", "hi")
DETOURS = ["hand", "help", "settings", "bailar", "take kh kd discard 9h"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_terminal_game_has_no_english_left(language: str) -> None:
    won = play([*HOTSEAT, "--deck", WIN_DECK, "--lang", language], [*DETOURS, *WIN_SCRIPT])
    against_bot = play(
        ["--bot", "greedy", "--seed", "3", "--lang", language], ["pass", "no force"] * 60
    )
    for result in (won, against_bot):
        assert result.returncode == 0, result.stdout[-2000:]
        lines = [line for line in result.stdout.splitlines() if english_left(line, language)]
        assert lines == [], language
    assert won.stdout.count("\n") > 40


def test_the_check_sees_the_english_of_an_english_terminal_game() -> None:
    english = play([*HOTSEAT, "--deck", WIN_DECK], [*DETOURS, *WIN_SCRIPT])
    assert {"your", "hand", "stock"} <= {w.lower() for w in english_left(english.stdout, "hi")}
