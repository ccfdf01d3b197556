"""The command grammar every channel shares: ``parse_command`` and the card notation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.language.notation import CardSpellingError, card_text, parse_card
from service.rules.actions import Discard, Force, NoForce, Refuse, Resign, Take
from service.rules.cards import DECK, EMPTY, card, cards
from service.rules.errors import CardNotInHand, IllegalAction
from service.rules.seats import Seat
from service.rules.state import GameState
from service.rules.variants import DEFAULT, DeckFaces, Variant
from service.rules.view import PlayerView
from service.words.grammar import (
    CommandError,
    DiscardMissing,
    EmptyCommand,
    NoSuchRank,
    NotACard,
    OneDiscardOnly,
    OnOpponentTable,
    OntoMissing,
    RepeatedCard,
    ShowHand,
    ShowHelp,
    UnexpectedWords,
    UnknownCommand,
    knows_verb,
    parse_command,
)
from service.words.refusals import refusal_text
from tests.positions import (
    force_window,
    forced_with_two_targets,
    midgame,
    started,
    to_act,
)

FIRST, SECOND = Seat.FIRST, Seat.SECOND
SPANISH = DEFAULT.with_flags({"deck_faces": "spanish"})


@pytest.fixture
def opening() -> PlayerView:
    """Player 1 holds AC 2C 3C 4D 5D 6D 7D KH KD 4H and has turned up KS."""
    return to_act(started())


@pytest.fixture
def middle() -> PlayerView:
    """Player 1: [KS KH KD] on the table, AC 2C 3C 4D 5D 6D 7D in hand, 2S in the center;
    player 2 has [4C 4H 4S]."""
    return to_act(midgame())


@pytest.mark.parametrize(
    "text",
    [
        "7h",
        "7H",
        "7♥",
        "7\u2665\ufe0f",  # 7♥️ as phones send it, with the emoji variation selector
        "7♡",
        " 7h ",
    ],
)
def test_every_spelling_of_a_card_reads_as_that_card(text: str) -> None:
    assert parse_card(text) == card("7H")


@pytest.mark.parametrize(
    ("text", "expected"),
    [("jc", "JC"), ("QS", "QS"), ("1h", "AH"), ("ah", "AH"), ("K♠", "KS"), ("2♦", "2D")],
)
def test_ranks_and_suits_read_in_any_case(text: str, expected: str) -> None:
    assert parse_card(text) == card(expected)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("1o", "AD"), ("7c", "7H"), ("10b", "JC"), ("11e", "QS"), ("12C", "KH"), ("12♠", "KS")],
)
def test_spanish_faces_read_oros_copas_espadas_bastos(text: str, expected: str) -> None:
    assert parse_card(text, DeckFaces.SPANISH) == card(expected)


@pytest.mark.parametrize("faces", list(DeckFaces))
@pytest.mark.parametrize("symbols", [False, True])
def test_every_card_written_reads_back_as_itself(faces: DeckFaces, symbols: bool) -> None:
    for one in DECK:
        assert parse_card(card_text(one, faces, symbols), faces) == one


@pytest.mark.parametrize(("text", "missing"), [("8h", True), ("10s", True), ("zz", False)])
def test_a_misspelt_card_says_whether_the_rank_is_missing(text: str, missing: bool) -> None:
    with pytest.raises(CardSpellingError) as raised:
        parse_card(text)
    assert raised.value.missing_rank is missing


def test_take_names_hand_cards_and_a_discard(opening: PlayerView) -> None:
    expected = Take(FIRST, cards("KH KD"), card("4H"))
    for text in (
        "take kh kd discard 4h",
        "TAKE KH KD DISCARD 4H",
        "take K♥ K♦ discard 4♥",
        "take K\u2665\ufe0f K\u2666\ufe0f discard 4\u2665\ufe0f",
        "take kh, kd, discard 4h",
        "take kh,kd discard 4h",
        "  take   kh kd   discard 4h  ",
    ):
        assert parse_command(text, opening) == expected, text


def test_one_is_the_ace(opening: PlayerView) -> None:
    assert parse_command("take 1c 2c 3c discard 4h", opening) == Take(
        FIRST, cards("AC 2C 3C"), card("4H")
    )


def test_groups_between_bars_are_hints(opening: PlayerView) -> None:
    expected = Take(FIRST, cards("AC 2C 3C KH KD"), card("4H"), (cards("AC 2C 3C"), cards("KH KD")))
    assert parse_command("take ac 2c 3c | kh kd discard 4h", opening) == expected
    assert parse_command("take ac 2c 3c|kh kd discard 4h", opening) == expected


def test_naming_the_center_card_is_read_as_a_hint(opening: PlayerView) -> None:
    assert parse_command("take ks kh kd discard 4h", opening) == Take(
        FIRST, cards("KH KD"), card("4H")
    )
    assert parse_command("take kh kd ks | ac 2c 3c discard 4h", opening) == Take(
        FIRST, cards("KH KD AC 2C 3C"), card("4H"), (cards("KS KH KD"), cards("AC 2C 3C"))
    )


def test_naming_own_table_cards_is_read_as_a_hint(middle: PlayerView) -> None:
    assert parse_command("take ks | ac 2c 3c discard 7d", middle) == Take(
        FIRST, cards("AC 2C 3C"), card("7D"), (cards("KS"), cards("AC 2C 3C"))
    )


def test_take_with_only_a_discard_lays_the_center_card_off_alone(middle: PlayerView) -> None:
    assert parse_command("take discard 7d", middle) == Take(FIRST, EMPTY, card("7D"))


def test_take_without_discard_is_going_out(middle: PlayerView) -> None:
    assert parse_command("take ac 2c 3c 4d 5d 6d 7d", middle) == Take(
        FIRST, cards("AC 2C 3C 4D 5D 6D 7D"), None
    )


@pytest.mark.parametrize("text", ["pass", "refuse", "PASS", "Refuse", "p"])
def test_pass_and_refuse_decline_the_center_card(opening: PlayerView, text: str) -> None:
    assert parse_command(text, opening) == Refuse(FIRST)


def test_pass_meld_names_hand_cards_to_meld(opening: PlayerView) -> None:
    assert parse_command("pass meld ac 2c 3c", opening) == Refuse(FIRST, cards("AC 2C 3C"))
    assert parse_command("pass meld ac 2c 3c | 4d 5d 6d", opening) == Refuse(
        FIRST, cards("AC 2C 3C 4D 5D 6D"), (cards("AC 2C 3C"), cards("4D 5D 6D"))
    )


@pytest.mark.parametrize("text", ["force", "FORCE", "Force"])
def test_force(text: str) -> None:
    assert parse_command(text, to_act(force_window())) == Force(SECOND)


@pytest.mark.parametrize("text", ["no force", "noforce", "no-force", "No Force", "NO-FORCE"])
def test_no_force_in_every_spelling(text: str) -> None:
    assert parse_command(text, to_act(force_window())) == NoForce(SECOND)


def test_discard_after_a_force_may_name_the_target_combination() -> None:
    view = to_act(forced_with_two_targets())
    assert parse_command("discard 2d", view) == Discard(FIRST, card("2D"))
    assert parse_command("discard 2d onto 4s", view) == Discard(FIRST, card("2D"), card("4S"))
    assert parse_command("Discard 2♦ onto 7♣", view) == Discard(FIRST, card("2D"), card("7C"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [("hand", ShowHand), ("help", ShowHelp), ("?", ShowHelp), ("resign", Resign)],
)
def test_queries_and_resign(opening: PlayerView, text: str, expected: type) -> None:
    assert parse_command(text, opening) == expected(FIRST)
    assert parse_command(text.upper(), opening) == expected(FIRST)


def test_spanish_faces_in_commands() -> None:
    view = to_act(started(SPANISH))
    assert parse_command("take 12c 12o discard 4c", view) == Take(FIRST, cards("KH KD"), card("4H"))
    assert parse_command("take 12♥ 12♦ discard 4♥", view) == Take(FIRST, cards("KH KD"), card("4H"))


@pytest.mark.parametrize(
    ("text", "error", "mentions"),
    [
        ("", EmptyCommand, "take"),
        ("   ", EmptyCommand, "take"),
        (" , ,", EmptyCommand, "take"),
        ("dance", UnknownCommand, "dance"),
        ("no", UnknownCommand, "'no'"),
        ("take kh zz discard 4h", NotACard, "zz"),
        ("take kh kd discard 4x", NotACard, "4x"),
        ("take 8h 9h discard 4h", NoSuchRank, "8h"),
        ("take kh 9c discard 4h", NoSuchRank, "9c"),
        ("take 10h kh discard 4h", NoSuchRank, "10h"),
        ("take kh kh discard 4h", RepeatedCard, "KH"),
        ("take kh K♥ discard 4h", RepeatedCard, "KH"),
        ("take kh kd discard", DiscardMissing, "discard"),
        ("discard", DiscardMissing, "discard"),
        ("take kh kd discard 4h ac", OneDiscardOnly, "2"),
        ("discard 4h ac", OneDiscardOnly, "2"),
        ("discard 4h onto", OntoMissing, "onto"),
        ("discard 4h onto ac 2c", OntoMissing, "onto"),
        ("pass now", UnexpectedWords, "now"),
        ("pass ks", UnexpectedWords, "ks"),
        ("force please", UnexpectedWords, "please"),
        ("no force at all", UnexpectedWords, "at all"),
        ("hand kh", UnexpectedWords, "kh"),
        ("resign now", UnexpectedWords, "now"),
    ],
)
def test_each_mistake_has_its_own_error_naming_the_offending_words(
    opening: PlayerView, text: str, error: type[CommandError], mentions: str
) -> None:
    with pytest.raises(error) as raised:
        parse_command(text, opening)
    assert mentions.lower() in raised.value.message.lower()
    assert raised.value.code == error.code != CommandError.code


@pytest.mark.parametrize(
    "text", ["take 4c ac 2c discard 7d", "take ac 2c 4S discard 7d", "pass meld 4h"]
)
def test_naming_an_opponents_table_card_is_refused(middle: PlayerView, text: str) -> None:
    with pytest.raises(OnOpponentTable) as raised:
        parse_command(text, middle)
    assert raised.value.code == "on_opponent_table"
    assert any(name in raised.value.message for name in ("4C", "4S", "4H"))
    assert "opponent" in raised.value.message


@pytest.mark.parametrize(("text", "named"), [("take qs qh discard 7d", "QS"), ("take 6c", "6C")])
def test_naming_a_card_not_held_is_refused(middle: PlayerView, text: str, named: str) -> None:
    with pytest.raises(CardNotInHand) as raised:
        parse_command(text, middle)
    assert raised.value.code == "card_not_in_hand"
    assert named in raised.value.message


def test_the_error_codes_are_distinct() -> None:
    errors = [EmptyCommand, UnknownCommand, NotACard, NoSuchRank, RepeatedCard, DiscardMissing]
    errors += [OneDiscardOnly, OntoMissing, UnexpectedWords, OnOpponentTable, CardNotInHand]
    assert all(issubclass(error, IllegalAction) for error in errors)
    assert len({error.code for error in errors}) == len(errors)


def test_a_rejected_command_leaves_the_view_as_it_was(middle: PlayerView) -> None:
    before = tuple(middle)
    for text in ("take 4c ac 2c discard 7d", "take qs", "dance", "take kh kh"):
        with pytest.raises(IllegalAction):
            parse_command(text, middle)
    assert tuple(middle) == before
    assert parse_command("pass", middle) == Refuse(FIRST)


@pytest.mark.parametrize(
    ("position", "text", "named"),
    [
        (started, "take 12c 12C discard 4c", "12♥"),  # copas: the player's own words
        (midgame, "take 11e 1b 2b discard 7o", "11♠"),  # QS is not held
        (midgame, "take 4b 1b 2b discard 7o", "4♣"),  # 4C (bastos) is player 2's
    ],
)
def test_spanish_errors_name_cards_in_spanish_faces(
    position: Callable[[Variant], GameState], text: str, named: str
) -> None:
    view = to_act(position(SPANISH))
    with pytest.raises(IllegalAction) as raised:
        parse_command(text, view)
    assert named in refusal_text(raised.value, faces=view.variant.deck_faces)


STARTS = (
    *("take 5c", "pass", "no force", "no", "decline", "hand", "help", "?", "resign", "claim"),
    *("auto pass", "extend 1d", "vacation 2d", "settings", "timezone UTC", "tomar 5c"),
    *("pasar", "mano", "hello there", "tkae 5c", "nice hand", "5c", "", "  ", "no way"),
)


@given(st.sampled_from(STARTS), st.text(max_size=12))
def test_knows_verb_says_what_parse_command_does_not_refuse_as_unknown(
    start: str, more: str
) -> None:
    """A channel asks ``knows_verb`` before taking words as a message (a reply on Telegram):
    it must agree with the grammar itself, for every language's command words."""
    text = f"{start} {more}" if start.strip() else more
    try:
        parse_command(text, to_act(started()))
        unknown = False
    except UnknownCommand:
        unknown = True
    except (CommandError, IllegalAction):
        unknown = False
    assert knows_verb(text) is not unknown, text
