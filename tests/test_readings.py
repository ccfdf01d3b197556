"""``readings.reading``: what a player's words are before a game reads them, decided once by
the grammar for every channel (Telegram's replies to the game's message, the page's forms)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.words.grammar import UnknownCommand, parse_command
from service.words.readings import Reading, names_cards, reading
from service.words.talk_commands import talk_command
from tests.positions import started, to_act
from tests.test_commands import STARTS


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("nice hand, well played", Reading.WORDS),
        ("hello there", Reading.WORDS),
        ("", Reading.MOVE),  # an empty command, refused as one
        ("tkae 5c 5d discard ks", Reading.MOVE),  # a mistyped move names cards: never sent
        ("5c", Reading.MOVE),
        ("take 5c 5d discard ks", Reading.MOVE),
        ("tomar 5c 5d descartar ks", Reading.MOVE),
        ("pass", Reading.MOVE),
        ("resign", Reading.MOVE),
        ("auto pass", Reading.MOVE),
        ("vacation 2d", Reading.MOVE),
        ("hand", Reading.LOOK),
        ("mano", Reading.LOOK),
        ("help", Reading.LOOK),
        ("settings", Reading.LOOK),
        ("auto", Reading.LOOK),
        ("lang es", Reading.SETTING),
        ("timezone Europe/Madrid", Reading.SETTING),
        ("say good luck", Reading.TALK),
        ("gg", Reading.TALK),
        ("offer draw", Reading.TALK),
        ("offer nothing", Reading.TALK),  # talk's words, wrong after them: refused as talk
        ("accept", Reading.TALK),
        ("mute", Reading.TALK),
    ],
)
def test_reading_tells_talk_moves_looks_and_settings_apart(text: str, read: Reading) -> None:
    assert reading(text) is read


@given(st.sampled_from(STARTS), st.text(max_size=12))
def test_words_to_the_opponent_are_no_command_of_the_grammar(start: str, more: str) -> None:
    """What is read as words to the opponent is neither talk nor a command the grammar reads
    (it refuses the first word as unknown), and names no card."""
    text = f"{start} {more}" if start.strip() else more
    if reading(text) is not Reading.WORDS:
        return
    assert talk_command(text, answering=True) is None and not names_cards(text)
    with pytest.raises(UnknownCommand):
        parse_command(text, to_act(started()))
