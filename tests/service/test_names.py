"""Display names keep what can be shown and nothing else."""

from __future__ import annotations

from service.language.names import NAME_LENGTH, display_name


def test_control_characters_and_runs_of_space_are_dropped() -> None:
    assert display_name("A\x00na\x1b \t María\n", "Guest") == "Ana María"


def test_a_name_with_nothing_printable_is_the_fallback() -> None:
    assert display_name("\x00\x1f  ", "Guest") == "Guest"


def test_a_long_name_is_cut() -> None:
    assert display_name("x" * 500, "Guest") == "x" * NAME_LENGTH


def test_scripts_of_every_language_are_kept() -> None:
    assert display_name("Оксана अनीता Ligaya", "Guest") == "Оксана अनीता Ligaya"
