"""Talk at the table in the terminal (issue 20): the shared words ``say``, ``gg``, ``offer``,
``accept``, ``decline``, ``withdraw``, ``mute``, ``report`` through ``GameService.act``."""

from __future__ import annotations

import pytest

from tests.cli.terminal import HOTSEAT, WIN_DECK, WIN_SCRIPT, play, responses

pytestmark = pytest.mark.usefixtures("own_database")


def test_messages_go_both_ways_and_a_draw_offered_is_accepted_at_one_keyboard() -> None:
    lines = ["say Hello, good luck!", WIN_SCRIPT[0], "say Thanks, you too", "offer draw", "accept"]
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], lines)
    assert result.returncode == 0, result.stderr
    _, hello, move, thanks, offer, accept = responses(result)
    assert hello["ok"] and hello["events"] == ["You say: “Hello, good luck!”"]
    assert move["seat"] == 2  # the view is player 2's now
    assert thanks["events"] == ["You say: “Thanks, you too”"]
    assert offer["events"] == ["You offer a draw."]
    assert accept["events"][:2] == ["You accept the offer.", "The match ends in a tie, 0 to 0."]
    assert accept["view"]["over"] is True


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("say visit https://example.com", "message_has_link"),
        ("say " + "x" * 281, "message_too_long"),
        ("say 7♥ is mine", "message_has_cards"),
        ("accept", "no_offer_standing"),
        ("withdraw", "no_own_offer"),
        ("report", "no_such_message"),
        ("offer takeback", "unexpected_words"),
    ],
)
def test_talk_the_rules_refuse_is_answered_with_its_reason(line: str, code: str) -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], [line])
    refused = responses(result)[-2]  # then: input ended
    assert refused["ok"] is False and refused["error"]["code"] == code


def test_the_rate_limit_holds_in_the_terminal() -> None:
    lines = [f"say number {n}" for n in range(6)]
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], lines)
    *said, sixth, _ = responses(result)[1:]
    assert all(one["ok"] for one in said)
    assert sixth["error"]["code"] == "too_many_messages"


def test_a_muted_players_messages_never_reach_the_one_who_muted() -> None:
    lines = ["mute", WIN_SCRIPT[0], "say can you hear me?", WIN_SCRIPT[1]]
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], lines)
    muted, _, said, moved, _ = responses(result)[1:]
    assert muted["events"] == [] and muted["ok"]
    assert said["events"] == ["You say: “can you hear me?”"]  # the writer sees their own words
    assert not any("hear me" in line for line in moved["events"])
