"""What players are told they can do: ``action_text``, ``options_text`` and ``help_text``."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Resign, Take
from service.rules.cards import EMPTY, card, cards
from service.rules.seats import Phase, Seat
from service.rules.variants import DEFAULT, DeckFaces, Variant
from service.rules.view import view_for
from service.words.grammar import parse_command
from service.words.prompts import action_text, help_text, options_text
from tests.positions import (
    after,
    force_window,
    forced_with_two_targets,
    midgame,
    random_positions,
    started,
    to_act,
)

FIRST, SECOND = Seat.FIRST, Seat.SECOND
SPANISH = DEFAULT.with_flags({"deck_faces": "spanish"})
VARIANTS = {
    "default": DEFAULT,
    "spanish": SPANISH,
    "hand_meld": DEFAULT.with_flags({"hand_meld_without_center": "true"}),
    "full_meld_force": DEFAULT.with_flags({"forced_turn": "full_meld_turn"}),
    "upcard_spanish": SPANISH.with_flags({"first_turn": "dealer_upcard"}),
}


@pytest.mark.parametrize(
    ("action", "french", "spanish"),
    [
        (
            Take(FIRST, cards("KH KD"), card("4H")),
            "take KD KH discard 4H",
            "take 12O 12C discard 4C",
        ),
        (Take(FIRST, EMPTY, card("7D")), "take discard 7D", "take discard 7O"),
        (Take(FIRST, cards("AC 2C 3C"), None), "take AC 2C 3C", "take 1B 2B 3B"),
        (Refuse(FIRST), "pass", "pass"),
        (Refuse(FIRST, cards("JS QS KS")), "pass meld JS QS KS", "pass meld 10E 11E 12E"),
        (Force(SECOND), "force", "force"),
        (NoForce(SECOND), "no force", "no force"),
        (Discard(FIRST, card("2D")), "discard 2D", "discard 2O"),
        (Discard(FIRST, card("2D"), card("7C")), "discard 2D onto 7C", "discard 2O onto 7B"),
        (Resign(FIRST), "resign", "resign"),
    ],
)
def test_actions_are_written_as_commands(action: PlayerAction, french: str, spanish: str) -> None:
    assert action_text(action) == french
    assert action_text(action, DeckFaces.FRENCH) == french
    assert action_text(action, DeckFaces.SPANISH) == spanish


def _round_trip(variant: Variant, seeds: range) -> Counter[str]:
    """Check every legal action at every decision of random deals; count the kinds seen."""
    faces = variant.deck_faces
    seen: Counter[str] = Counter()
    for seed in seeds:
        for view in random_positions(variant, seed):
            assert view.legal_actions, view
            for action in view.legal_actions:
                if isinstance(action, Take | Refuse):
                    assert action.hints == ()
                text = action_text(action, faces)
                assert parse_command(text, view) == action, (seed, text)
                seen[_kind(action)] += 1
            assert parse_command("resign", view) == Resign(view.seat)
    return seen


def _kind(action: PlayerAction) -> str:
    if isinstance(action, Take):
        return "take" if action.discard is not None else "go out"
    if isinstance(action, Refuse):
        return "pass meld" if action.meld else "pass"
    return type(action).__name__


@pytest.mark.parametrize("name", list(VARIANTS))
def test_every_legal_action_written_reads_back_as_itself(name: str) -> None:
    seen = _round_trip(VARIANTS[name], range(60))
    assert {"take", "go out", "pass", "Force", "NoForce"} <= set(seen)
    if name == "hand_meld":
        assert seen["pass meld"] > 0


@pytest.mark.parametrize("variant", [DEFAULT, SPANISH], ids=["french", "spanish"])
def test_a_discard_onto_either_combination_reads_back(variant: Variant) -> None:
    view = to_act(forced_with_two_targets(variant))
    ontos = {a.onto for a in view.legal_actions if isinstance(a, Discard)}
    assert ontos == {card("7C"), card("4S")}
    for action in view.legal_actions:
        assert parse_command(action_text(action, variant.deck_faces), view) == action


def test_options_in_a_decide_phase_name_the_center_card_and_pass() -> None:
    text = options_text(to_act(started()))
    assert "K♠" in text
    assert "pass" in text
    assert "take" in text.lower()


def test_the_example_take_in_the_options_is_legal() -> None:
    view = to_act(started())
    example = re.search(r"for example: (.+?);", options_text(view))
    assert example is not None
    assert parse_command(example.group(1), view) in view.legal_actions


def test_options_say_when_the_center_card_fits_nothing() -> None:
    view = to_act(after(started(), Refuse(FIRST)))  # KS passes to player 2, who holds KC only
    text = options_text(view)
    assert "K♠" in text
    assert "pass" in text
    assert view.legal_actions == (Refuse(SECOND),)


def test_options_offer_going_out_when_possible() -> None:
    view = to_act(
        after(midgame(), Refuse(FIRST), Refuse(FIRST), Take(SECOND, cards("QC QD"), card("KC")))
    )
    text = options_text(view)
    assert "go out" in text
    assert "take AC 2C 3C 4D 5D 6D 7D" in text


def test_options_in_the_force_window_mention_force() -> None:
    state = force_window()
    forcer = view_for(state, SECOND)
    assert forcer.phase is Phase.FORCE_WINDOW
    assert "K♣" in options_text(forcer)
    assert "force" in options_text(forcer)
    assert "no force" in options_text(forcer)
    waiting = options_text(view_for(state, FIRST))
    assert "force" in waiting
    assert "K♣" in waiting


def test_options_after_being_forced_mention_discard() -> None:
    state = after(force_window(), Force(SECOND))
    text = options_text(to_act(state))
    assert "discard" in text
    assert "K♣" in text
    example = re.search(r"for example: (.+?)\.", text)
    assert example is not None
    view = to_act(state)
    assert parse_command(example.group(1), view) in view.legal_actions


def test_options_after_being_forced_explain_onto_when_two_combinations_fit() -> None:
    text = options_text(to_act(forced_with_two_targets()))
    assert "discard" in text
    assert "onto" in text
    assert "7♠" in text


def test_options_use_the_deck_faces_in_play() -> None:
    text = options_text(to_act(started(SPANISH)))
    assert "12♠" in text  # K♠ is the rey de espadas
    assert "K♠" not in text


def test_options_when_the_match_is_over() -> None:
    view = to_act(midgame())
    over = after(midgame(), Resign(view.seat))
    assert "over" in options_text(view_for(over, FIRST))


def test_help_lists_every_command() -> None:
    text = help_text(to_act(started()))
    for word in ("take", "discard", "|", "pass", "force", "no force", "onto", "hand", "resign"):
        assert word in text
    assert "pass meld" not in text


def test_help_adds_pass_meld_only_under_its_variant() -> None:
    variant = DEFAULT.with_flags({"hand_meld_without_center": "true"})
    assert "pass meld" in help_text(to_act(started(variant)))
