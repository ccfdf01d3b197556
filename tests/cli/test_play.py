"""``conquian play`` with commands on standard input, as a person or a script would type them.

Games run the console script's ``main`` in this process; argument errors run the real ``conquian``
executable.  Every test plays into its own database (``own_database``).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.cli.terminal import DRAW_DECK, HOTSEAT, WIN_DECK, WIN_SCRIPT, conquian, play, responses

pytestmark = pytest.mark.usefixtures("own_database")


def melded(view: dict[str, Any], seat: int) -> int:
    return sum(len(combination) for combination in view["tables"][seat - 1])


def test_a_hotseat_deal_scripted_to_a_win() -> None:
    # The real `conquian play` command, as a script would run it.
    stdin = "".join(f"{line}\n" for line in WIN_SCRIPT)
    result = conquian("play", *HOTSEAT, "--deck", WIN_DECK, "--json", stdin=stdin)
    assert result.returncode == 0, result.stderr
    opening, *answers = responses(result)
    assert opening["view"]["hand"] == ["AC", "2C", "3C", "4D", "5D", "6D", "7D", "KD", "4H", "KH"]
    assert opening["view"]["center"] == "KS"
    assert [a["command"] for a in answers] == WIN_SCRIPT
    assert all(a["ok"] for a in answers)
    assert answers[0]["view"]["tables"][0] == [["KD", "KH", "KS"]]
    assert answers[1]["view"]["tables"][1] == [["4C", "4H", "4S"]]
    final = answers[-1]["view"]
    assert final["over"] is True
    assert final["phase"] == "over"
    assert final["results"] == [{"deal": 1, "dealer": 2, "winner": 1, "amount": 1}]
    assert final["match_winner"] == 1
    assert final["scores"] == [1, -1]
    assert melded(final, 1) == 11
    assert final["hand"] == []
    assert final["revealed"] == ["JC", "6H", "3S", "7S"]  # player 2's cards, shown at the end
    assert any("goes out" in sentence for sentence in answers[-1]["events"])


def test_hotseat_shows_the_next_player_their_own_view() -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], WIN_SCRIPT[:2])
    after_player_2 = responses(result)[-2]
    assert after_player_2["view"]["to_act"] == 1
    assert after_player_2["seat"] == 1
    assert after_player_2["view"]["seat"] == 1
    assert after_player_2["view"]["hand"] == ["AC", "2C", "3C", "4D", "5D", "6D", "7D"]


def test_a_hotseat_deal_where_both_always_pass_is_a_draw() -> None:
    # The real `conquian play` command, as a script would run it.
    result = conquian("play", *HOTSEAT, "--deck", DRAW_DECK, "--json", stdin="pass\n" * 40)
    assert result.returncode == 0, result.stderr
    _, *answers = responses(result)
    assert len(answers) == 40
    assert all(a["ok"] and a["command"] == "pass" for a in answers)
    assert not any(a["view"]["over"] for a in answers[:-1])
    final = answers[-1]["view"]
    assert final["over"] is True
    assert final["results"] == [{"deal": 1, "dealer": 2, "winner": None, "amount": 0}]
    assert final["match_winner"] is None
    assert final["scores"] == [0, 0]
    assert final["multiplier"] == 2  # R18.3: a draw doubles the stake
    assert final["stock"] == 0
    assert final["dead"] == 20
    assert melded(final, 1) == melded(final, 2) == 0
    assert any("draw" in sentence for sentence in answers[-1]["events"])


@pytest.mark.parametrize("seed", [1, 3, 11])
def test_a_deal_against_the_greedy_bot_runs_to_its_end(seed: int) -> None:
    # Player 1 never takes; "no force" answers a force window if the bot opens one, and is a
    # harmless rejected line otherwise.
    script = ["pass", "no force"] * 60
    result = play(["--bot", "greedy", "--seed", str(seed), "--json"], script)
    assert result.returncode == 0, result.stderr
    answers = responses(result)
    assert 2 <= len(answers) <= len(script) + 1
    assert all(isinstance(answer, dict) and "ok" in answer for answer in answers)
    views = [answer["view"] for answer in answers if "view" in answer]
    assert all(view["seat"] == 1 for view in views)
    assert all(view["revealed"] is None for view in views[:-1])  # the bot's hand stays hidden
    final = views[-1]
    assert final["over"] is True
    assert len(final["results"]) == 1
    assert final["results"][0]["winner"] in (2, None)


def test_text_mode_shows_the_table_the_center_card_and_the_options() -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK], [])
    out = result.stdout
    assert "Your hand: A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♦ K♦ 4♥ K♥" in out
    assert "Center card: K♠ (turned up from the stock)" in out
    assert "stock 19" in out
    assert "Player 2's table: (nothing)" in out
    assert "Your table: (nothing)" in out
    assert "pass" in out
    assert "take" in out


def test_text_mode_keeps_going_after_a_bad_line() -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK], ["take kh kd discard 9h", WIN_SCRIPT[0]])
    out = result.stdout
    assert "'9h' is not in the Conquian deck" in out
    assert "Player 1 takes K♠ with K♦ K♥: [K♦ K♥ K♠]." in out
    assert out.index("'9h'") < out.index("Player 1 takes K♠")


@pytest.mark.parametrize(
    ("line", "code", "named"),
    [
        ("take qs qh discard 4h", "card_not_in_hand", "Q♠"),
        ("take kh kd discard 9h", "no_such_rank", "9h"),
        ("dance", "unknown_command", "dance"),
        ("take ac discard 4h", "too_few_cards", "A♣"),
        ("take kh kd", "discard_required", "discard"),
        ("force", "nothing_to_force", "force"),
        ("", "empty_command", "take"),
    ],
)
def test_a_rejected_line_changes_nothing(line: str, code: str, named: str) -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], [line, WIN_SCRIPT[0]])
    _, error, answer, ended = responses(result)
    assert ended["error"]["code"] == "input_ended"
    assert error["ok"] is False
    assert error["seat"] == 1
    assert error["command"] == line
    assert error["error"]["code"] == code
    assert named.lower() in error["error"]["message"].lower()
    assert "K♠" in error["options"]
    assert answer["ok"] is True
    assert answer["events"] == [
        "Player 1 takes K♠ with K♦ K♥: [K♦ K♥ K♠].",
        "Player 1 discards 4♥.",
    ]
    without_error = responses(play([*HOTSEAT, "--deck", WIN_DECK, "--json"], WIN_SCRIPT[:1]))
    assert answer["game_id"] != without_error[-2]["game_id"]  # another game, played alike
    assert {**answer, "game_id": None} == {**without_error[-2], "game_id": None}


def test_hand_and_help_answer_without_playing() -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], ["hand", "help"])
    opening, hand, help_, _ = responses(result)
    assert hand["ok"] is True
    assert hand["command"] == "hand"
    assert hand["view"] == opening["view"]
    assert help_ == {"game_id": opening["game_id"], "ok": True, "seat": 1, "help": help_["help"]}
    assert "take" in help_["help"]
    assert "no force" in help_["help"]


def test_input_ending_before_the_match_exits_1() -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--json"], WIN_SCRIPT[:3])
    assert result.returncode == 1
    last = responses(result)[-1]
    assert last["ok"] is False
    assert last["error"]["code"] == "input_ended"
    assert result.returncode == play([*HOTSEAT, "--deck", WIN_DECK], []).returncode


def test_the_dealer_option_decides_who_plays_first() -> None:
    result = play(["--hotseat", "--dealer", "1", "--deck", WIN_DECK, "--json"], [])
    view = responses(result)[0]["view"]
    assert (view["dealer"], view["to_act"], view["seat"]) == (1, 2, 2)
    assert view["hand"] == ["AC", "2C", "3C", "4D", "5D", "6D", "7D", "KD", "4H", "KH"]


def test_stake_and_target_carry_into_the_result() -> None:
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--stake", "3", "--json"], WIN_SCRIPT)
    final = responses(result)[-1]["view"]
    assert final["scores"] == [3, -3]
    assert final["results"][0]["amount"] == 3
    longer = play(
        [*HOTSEAT, "--deck", WIN_DECK, "--target", "5", "--stake", "3", "--json"], WIN_SCRIPT
    )
    assert longer.returncode == 1  # 3 points do not reach the target: deal 2 has begun
    view = responses(longer)[-2]["view"]
    assert (view["deal"], view["dealer"], view["over"]) == (2, 1, False)


def test_several_deals_with_a_seed_alternate_the_dealer() -> None:
    result = play([*HOTSEAT, "--deals", "2", "--seed", "5", "--json"], ["pass", "no force"] * 80)
    assert result.returncode == 0, result.stderr
    final = responses(result)[-1]["view"]
    assert [(r["deal"], r["dealer"]) for r in final["results"]] == [(1, 2), (2, 1)]
    assert final["over"] is True


def test_variants_and_spanish_faces_on_the_command_line() -> None:
    spanish_deck = WIN_DECK.replace("K", "12").replace("Q", "11").replace("J", "10")
    spanish_deck = spanish_deck.replace("A", "1").replace("D", "O").replace("H", "X")
    spanish_deck = spanish_deck.replace("C", "B").replace("X", "C").replace("S", "E")
    args = [*HOTSEAT, "--variant", "deck_faces=spanish", "--variant", "forcing=disabled"]
    result = play([*args, "--deck", spanish_deck, "--json"], ["take 12♥ 12o discard 4c"])
    opening, answer, _ = responses(result)
    assert opening["view"]["variant"] == {"deck_faces": "spanish", "forcing": "disabled"}
    assert opening["view"]["center"] == "12E"
    assert answer["ok"] is True
    assert answer["view"]["tables"][0] == [["12O", "12C", "12E"]]


@pytest.mark.parametrize(
    ("deck", "complaint"),
    [
        ("AH 2H", "40 cards"),
        (WIN_DECK.replace("QS", "KS"), "40 cards"),
        (WIN_DECK + " AH", "40 cards"),
        (WIN_DECK.replace("QS", "8S"), "8S"),
        (WIN_DECK.replace("QS", "XX"), "XX"),
    ],
)
def test_a_bad_deck_is_refused_by_argparse(deck: str, complaint: str) -> None:
    result = conquian("play", *HOTSEAT, "--deck", deck, stdin="pass\n")
    assert result.returncode == 2
    assert "--deck" in result.stderr
    assert complaint in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("flag", "complaint"),
    [
        ("nosuch=1", "unknown variant flag 'nosuch'"),
        ("forcing=maybe", "forcing can be enabled or disabled"),
        ("forcing", "flag=value"),
    ],
)
def test_a_bad_variant_is_refused_by_argparse(flag: str, complaint: str) -> None:
    result = conquian("play", *HOTSEAT, "--variant", flag, stdin="pass\n")
    assert result.returncode == 2
    assert complaint in result.stderr
    assert result.stdout == ""


def test_lang_writes_the_terminal_game_in_spanish_and_reads_spanish_commands() -> None:
    spanish = ["tomar kh kd descartar 4h" if line == WIN_SCRIPT[0] else line for line in WIN_SCRIPT]
    result = play([*HOTSEAT, "--deck", WIN_DECK, "--lang", "es"], spanish)
    out = result.stdout
    assert result.returncode == 0, out
    assert "Tu mano: A♣ 2♣ 3♣ 4♦ 5♦ 6♦ 7♦ K♦ 4♥ K♥" in out
    assert "Carta al centro: K♠ (volteada del mazo)" in out
    assert "Jugador 1 toma K♠ con K♦ K♥: [K♦ K♥ K♠]." in out
    assert "Your hand" not in out


def test_hint_against_the_bot_and_refused_at_the_hotseat() -> None:
    against_bot = responses(play(["--deck", WIN_DECK, "--dealer", "2", "--json"], ["hint"]))
    assert against_bot[1]["ok"] is True
    assert against_bot[1]["hint"].startswith("The hard bot would play: take")
    hotseat = responses(play([*HOTSEAT, "--deck", WIN_DECK, "--json"], ["hint"]))
    assert hotseat[1]["ok"] is False
    assert hotseat[1]["error"]["code"] == "hint_against_person"
