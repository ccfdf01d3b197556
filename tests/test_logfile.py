"""Exported logs: the round trip through JSON Lines, and verification catching every kind of tamper.

Games are played to their end by ``tests.random_games`` (random legal moves through the real
``GameService``), exported with ``export_lines``, edited as JSON the way a cheat would, and read
back with ``read_log``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from service.game.codec import name_of
from service.game.errors import GameNotOver
from service.game.fairness import commitment
from service.game.state import fold
from service.log.file import LogFormatError, export_lines, read_log
from service.log.replays import steps
from service.log.verify import Verdict, verify
from service.rules.cards import CardSet, card
from service.rules.variants import MatchTerms, Variant
from tests.random_games import GUEST, HOST, Played, play

Lines = list[dict[str, Any]]
"""A log as JSON objects: the header first, then one per event."""

VARIANTS = {
    "default": {},
    "forced full meld turn": {"forced_turn": "full_meld_turn"},
    "dealer upcard, hand melds": {
        "first_turn": "dealer_upcard",
        "hand_meld_without_center": "true",
    },
    "cut, regroup when forced, extend only": {
        "first_dealer": "cut_low_deals",
        "force_scope": "with_rearrangement",
        "rearrange": "extend_only",
    },
    "points, batches of two, hand cards with center": {
        "scoring": "points",
        "deal_batch": "2",
        "hand_cards_on_take": "with_center_only",
    },
}


@pytest.fixture(scope="module")
def played() -> Played:
    """A three-deal match under the default rules, with takes, forces, a win and draws."""
    return play(6, terms=MatchTerms(deals=3))


@pytest.fixture
def lines(played: Played) -> Lines:
    return [json.loads(line) for line in export_lines(played.log)]


def verdict_of(lines: Lines) -> Verdict:
    return verify(read_log(json.dumps(line) for line in lines))


def first(lines: Lines, name: str, where: Callable[[dict[str, Any]], bool] = bool) -> int:
    """The index in ``lines`` of the first event called ``name`` whose data satisfies ``where``."""
    return next(
        i
        for i, line in enumerate(lines[1:], start=1)
        if line["name"] == name and where(line["data"])
    )


def renumbered(lines: Lines) -> Lines:
    """Events numbered 1, 2, 3 … again and counted in the header, as a careful cheat would."""
    events = [{**line, "seq": seq} for seq, line in enumerate(lines[1:], start=1)]
    return [{**lines[0], "events": len(events)}, *events]


# -- round trip -----------------------------------------------------------------------------------


def test_an_exported_game_reads_back_as_the_same_events_and_times(played: Played) -> None:
    log = read_log(export_lines(played.log))
    stored = played.log
    assert [(e.seq, e.event, e.at) for e in log.events] == [(e.seq, e.event, e.at) for e in stored]
    assert log.header.game_id == played.game_id
    assert log.header.players == (HOST, GUEST)
    assert log.header.events == len(stored)


def test_the_header_comes_first_then_one_event_per_line(lines: Lines) -> None:
    header, *events = lines
    assert header["format"] == "conquian-log"
    assert header["format_version"] == 1
    assert header["schema_version"] == 4
    assert header["players"] == ["ana", "bob"]
    assert header["variant"]["forcing"] == "enabled"
    assert header["terms"] == {"deals": 3, "target": None, "stake": 1}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))
    assert events[0]["name"] == "GameOpened"
    assert events[0]["at"] == "2026-01-01T00:00:00Z"
    assert set(events[3]) == {"seq", "at", "name", "data"}


def test_a_finished_game_is_valid_and_verifies_to_the_same_final_game(played: Played) -> None:
    verdict = verify(read_log(export_lines(played.log)))
    assert verdict.ok, verdict.reason
    assert verdict.game == fold(played.log)
    assert verdict.game is not None and verdict.game.status == "over"


@pytest.mark.parametrize("flags", VARIANTS.values(), ids=VARIANTS.keys())
def test_multi_deal_matches_under_variants_verify(flags: dict[str, str]) -> None:
    for seed in (1, 2):
        played = play(seed, Variant().with_flags(flags), MatchTerms(deals=2))
        verdict = verify(read_log(export_lines(played.log)))
        assert verdict.ok, (seed, verdict.seq, verdict.reason)


def test_games_with_a_bot_a_resignation_or_still_running_verify() -> None:
    for played in (
        play(5, bot=True, terms=MatchTerms(deals=2)),
        play(6, resign_after=7, terms=MatchTerms(deals=3)),
        play(7, moves=12),
    ):
        assert verify(read_log(export_lines(played.log))).ok


def test_the_verified_games_make_every_kind_of_move(played: Played) -> None:
    """Valid verdicts are only worth something if the games exercise every inference."""
    names = {name_of(stored.event) for stored in played.log}
    assert {"CardForced", "ForceDeclined", "CardLaidOff", "DealWon", "DealDrawn"} <= names
    hand_melds = play(
        1, Variant().with_flags(VARIANTS["dealer upcard, hand melds"]), MatchTerms(deals=3)
    )
    assert {"HandMelded", "UpcardTurned"} <= {name_of(stored.event) for stored in hand_melds.log}
    assert verify(read_log(export_lines(hand_melds.log))).ok


# -- tampering --------------------------------------------------------------------------------------


def test_one_card_changed_in_a_deal_s_deck_is_rejected_at_that_deal(lines: Lines) -> None:
    at = first(lines, "DealStarted")
    deck = lines[at]["data"]["deck"]
    deck[5] = deck[6]
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert "each of the 40 cards exactly once" in verdict.reason


def test_two_cards_swapped_in_a_deck_break_the_commitment(lines: Lines) -> None:
    at = first(lines, "DealStarted", lambda data: data["number"] == 2)
    deck = lines[at]["data"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert "deal 2's deck order does not match the commitment" in verdict.reason


def test_a_commitment_that_does_not_match_is_rejected(lines: Lines) -> None:
    at = first(lines, "DealCommitted", lambda data: data["number"] == 3)
    lines[at]["data"]["commitment"] = commitment(tuple(card(c) for c in ["AC", "2C"]), "x")
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at + 1]["seq"]  # the DealStarted it commits to
    assert "deal 3's deck order does not match the commitment" in verdict.reason


def test_a_wrong_salt_revealed_is_rejected(lines: Lines) -> None:
    at = first(lines, "DealRevealed", lambda data: data["number"] == 2)
    lines[at]["data"]["salt"] = "0" * 32
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert "revealed salt of deal 2 is not the salt it was committed with" in verdict.reason


def test_a_card_changed_in_a_taken_table_is_rejected(lines: Lines) -> None:
    at = first(lines, "CenterCardTaken")
    table = lines[at]["data"]["table"]
    table[0][0] = "KS" if table[0][0] != "KS" else "KH"
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert verdict.reason.startswith("CenterCardTaken breaks the rules: That table must hold")


def test_a_discard_of_a_card_not_in_hand_is_rejected(played: Played, lines: Lines) -> None:
    at = first(lines, "CardDiscarded")
    seq = lines[at]["seq"]
    game = fold(played.log[: seq - 1])
    seat = lines[at]["data"]["seat"] - 1
    foreign = next(iter(CardSet(game.rules.hands[1 - seat])))
    lines[at]["data"]["card"] = str(foreign)
    verdict = verdict_of(lines)
    assert verdict.seq == seq
    assert verdict.reason == f"CardDiscarded breaks the rules: You don't hold {foreign}."


def test_a_discard_changed_to_another_hand_card_is_caught_where_it_is_contradicted(
    played: Played, lines: Lines
) -> None:
    at = first(lines, "CardDiscarded")
    seq = lines[at]["seq"]
    game = fold(played.log[: seq - 1])
    seat = lines[at]["data"]["seat"] - 1
    logged = lines[at]["data"]["card"]
    other = next(c for c in CardSet(game.rules.hands[seat]) if str(c) != logged)
    lines[at]["data"]["card"] = str(other)
    verdict = verdict_of(lines)
    # Discarding ``other`` was legal; the next event names the card really offered.
    assert verdict.seq == seq + 1
    assert f'"card": "{other}"' in verdict.reason and f'"card": "{logged}"' in verdict.reason


def lay_off_apart(lines: Lines) -> int:
    """Change the first forced lay-off's table so the forced card stands alone; its index."""
    at = first(lines, "CardLaidOff")
    data = lines[at]["data"]
    data["table"] = [[c for c in combo if c != data["card"]] for combo in data["table"]]
    data["table"].append([data["card"]])
    return at


def test_a_forced_lay_off_onto_a_table_of_its_own_is_rejected() -> None:
    lines = [json.loads(line) for line in export_lines(play(4, terms=MatchTerms(deals=3)).log)]
    at = lay_off_apart(lines)
    assert lines[at + 1]["name"] == "CardDiscarded"  # the forced player's own move
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert verdict.reason.startswith("CardLaidOff breaks the rules: When forced you only lay off")


def test_a_changed_automatic_lay_off_is_rejected(lines: Lines) -> None:
    at = lay_off_apart(lines)
    assert lines[at + 1]["name"] == "DealWon"  # the forced player had no cards left: it went out
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert verdict.reason.startswith('the rules give CardLaidOff {"seat": ')


def test_a_meld_from_hand_of_cards_not_held_is_rejected_at_the_meld() -> None:
    flags = VARIANTS["dealer upcard, hand melds"]
    played = play(1, Variant().with_flags(flags), MatchTerms(deals=3))
    lines = [json.loads(line) for line in export_lines(played.log)]
    at = first(lines, "HandMelded")
    game = fold(played.log[: lines[at]["seq"] - 1])
    seat = lines[at]["data"]["seat"] - 1
    foreign = str(next(iter(CardSet(game.rules.hands[1 - seat]))))
    lines[at]["data"]["put_down"].append(foreign)
    verdict = verdict_of(lines)
    assert verdict.seq == lines[at]["seq"]
    assert verdict.reason == f"HandMelded breaks the rules: You don't hold {foreign}."


def test_rematch_events_verify_only_as_the_players_made_them() -> None:
    played = play(3)
    played.service.offer_rematch(played.game_id, HOST)
    new_game = played.service.accept_rematch(played.game_id, GUEST)
    lines = [json.loads(line) for line in export_lines(played.log)]
    assert [line["name"] for line in lines[-2:]] == ["RematchOffered", "RematchAccepted"]
    assert lines[-1]["data"]["game_id"] == new_game
    assert verdict_of(lines).ok
    lines[-1]["data"]["player"] = "ana"
    verdict = verdict_of(lines)
    assert verdict.seq == lines[-1]["seq"]
    assert verdict.reason == "a rematch is accepted only when the other player offered it"


def test_a_bot_accepts_a_rematch_without_an_offer_in_the_log() -> None:
    played = play(5, bot=True)
    played.service.offer_rematch(played.game_id, HOST)
    assert name_of(played.log[-1].event) == "RematchAccepted"
    assert verify(read_log(export_lines(played.log))).ok


def test_one_event_dropped_leaves_a_gap_in_the_numbers(lines: Lines) -> None:
    at = first(lines, "CardBuried")
    seq = lines[at]["seq"]
    del lines[at]
    verdict = verdict_of(lines)
    assert verdict.seq == seq
    assert verdict.reason == f"event {seq} is missing: event {seq - 1} is followed by {seq + 1}"


def test_one_event_dropped_and_the_rest_renumbered_is_caught_by_the_rules(lines: Lines) -> None:
    at = first(lines, "CardBuried")
    seq = lines[at]["seq"]
    buried = lines[at]["data"]["card"]
    del lines[at]
    verdict = verdict_of(renumbered(lines))
    assert verdict.seq == seq
    assert f'the rules give CardBuried {{"card": "{buried}"}} here' in verdict.reason


def test_a_dropped_commitment_is_rejected_at_its_deal(lines: Lines) -> None:
    at = first(lines, "DealCommitted", lambda data: data["number"] == 2)
    seq = lines[at]["seq"]
    del lines[at]
    verdict = verdict_of(renumbered(lines))
    assert verdict.seq == seq
    assert verdict.reason == "deal 2 starts without a commitment to its deck"


def test_a_log_cut_short_is_rejected_after_its_last_event(lines: Lines) -> None:
    cut = renumbered(lines[:-1])  # the last deal's salt is never revealed
    verdict = verdict_of(cut)
    assert verdict.seq == len(cut)
    assert verdict.reason == "the log ends before deal 3's salt is revealed"
    assert (
        verdict_of(lines[:-1]).reason
        == f"the header counts {len(lines) - 1} events but the log has {len(lines) - 2}"
    )


@pytest.mark.parametrize(
    ("field", "value", "seq", "words"),
    [
        ("game_id", "another", 1, "header's game_id"),
        ("variant", {"forcing": "disabled"}, 1, "variant flag forcing is 'disabled' but"),
        ("terms", {"deals": 1, "target": None, "stake": 1}, 1, "header's terms"),
        ("players", ["ana", "carl"], 2, "header's second player is 'carl'"),
        ("players", ["carl", "bob"], 1, "header's host (first player) is 'carl'"),
    ],
)
def test_a_header_that_does_not_match_the_log_is_rejected(
    lines: Lines, field: str, value: object, seq: int, words: str
) -> None:
    lines[0][field] = value
    verdict = verdict_of(lines)
    assert verdict.seq == seq
    assert words in verdict.reason


def test_an_automatic_event_cannot_begin_a_move(lines: Lines) -> None:
    at = first(lines, "CardTurnedUp")
    lines.insert(at, dict(lines[at]))
    verdict = verdict_of(renumbered(lines))
    assert verdict.seq == at + 1  # the first copy is the flip that follows the deal
    assert verdict.reason == "CardTurnedUp cannot begin a move: it only follows one"


# -- reading ------------------------------------------------------------------------------------------


def test_bad_lines_are_reported_with_their_line_and_event_number(lines: Lines) -> None:
    text = [json.dumps(line) for line in lines]
    with pytest.raises(LogFormatError, match=r"^line 3: not JSON"):
        read_log([*text[:2], "{oops", *text[3:]])
    at = first(lines, "CardDiscarded")
    lines[at]["data"]["card"] = "8H"
    with pytest.raises(LogFormatError, match=rf"^line {at + 1} \(event {at}\): .*bad field"):
        read_log(json.dumps(line) for line in lines)


def test_a_log_from_a_newer_version_is_refused_with_the_reason(lines: Lines) -> None:
    lines[0]["format_version"] = 2
    with pytest.raises(LogFormatError, match="format_version 2 is from a newer version"):
        read_log(json.dumps(line) for line in lines)
    with pytest.raises(LogFormatError, match="first line must be the header"):
        read_log(json.dumps(line) for line in lines[1:])


def test_a_log_of_schema_version_1_or_2_still_reads_and_verifies(lines: Lines) -> None:
    """Versions 2, 3 and 4 only added events: an older file is read as it was written."""
    for older in (1, 2, 3):
        lines[0]["schema_version"] = older
        assert verdict_of(lines).ok
    lines[0]["schema_version"] = 5
    with pytest.raises(LogFormatError, match="schema_version 5 is from a newer version; this"):
        read_log(json.dumps(line) for line in lines)


def test_a_version_1_file_cannot_hold_an_event_of_version_2(lines: Lines) -> None:
    lines[0]["schema_version"] = 1
    record = {"seq": 2, "at": lines[2]["at"], "name": "QuietHoursSet"}
    lines[2:2] = [{**record, "data": {"seat": 1, "timezone": "UTC", "quiet": "22:00-08:00"}}]
    with pytest.raises(LogFormatError, match="QuietHoursSet is not an event of schema_version 1"):
        read_log(json.dumps(line) for line in renumbered(lines))


def test_a_version_2_file_cannot_hold_a_message(lines: Lines) -> None:
    lines[0]["schema_version"] = 2
    record = {"seq": 2, "at": lines[2]["at"], "name": "MessageSaid"}
    lines[2:2] = [{**record, "data": {"seat": 1, "text": "hi", "phrase": ""}}]
    with pytest.raises(LogFormatError, match="MessageSaid is not an event of schema_version 2"):
        read_log(json.dumps(line) for line in renumbered(lines))


# -- replay steps ---------------------------------------------------------------------------------------


def test_replay_steps_end_in_the_final_game_with_both_hands(played: Played) -> None:
    replay = steps(played.log)
    assert [step.seq for step in replay] == list(range(1, len(played.log) + 1))
    assert replay[-1].game == fold(played.log)
    dealt = next(step for step in replay if name_of(step.event) == "DealStarted")
    assert all(hand.bit_count() == 10 for hand in dealt.game.rules.hands)


def test_replay_of_a_running_game_is_only_for_operators() -> None:
    running = play(7, moves=12).log
    with pytest.raises(GameNotOver):
        steps(running)
    assert len(steps(running, operator=True)) == len(running)
