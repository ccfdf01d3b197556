"""A terminal game is a stored game: opened and played through ``GameService``, kept in the
database of ``CONQUIAN_DATA_DIR``, exported, verified and replayed by its id like any other."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from adapters.bootstrap import build
from adapters.cli.play import PLAYERS, RepeatableChance, Setup, chance_for
from adapters.config import Settings
from adapters.system import SystemChance
from service.app.games import GameService
from service.game.events import PlayerId
from service.language.notation import parse_card
from service.ports.chances import FirstDealerChance
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, MatchTerms
from tests.cli.terminal import HOTSEAT, WIN_DECK, WIN_SCRIPT, conquian, play, responses

pytestmark = pytest.mark.usefixtures("own_database")
WIN_DECK_CARDS = tuple(parse_card(word) for word in WIN_DECK.split())


@pytest.fixture
def stored(own_database: Path) -> Iterator[GameService]:
    """The service on the database the test's ``conquian`` runs store into."""
    wiring = build(Settings(data_dir=own_database))
    yield wiring.service
    wiring.close()


def test_every_json_response_names_the_game(stored: GameService) -> None:
    lines = [WIN_SCRIPT[0], "dance", "help", "hand"]
    answers = responses(play([*HOTSEAT, "--deck", WIN_DECK, "--json"], lines))
    game_ids = {answer["game_id"] for answer in answers}
    assert len(answers) == 1 + len(lines) + 1  # the opening, one per line, input ended
    assert len(game_ids) == 1
    (game_id,) = game_ids
    assert stored.game(game_id).players == PLAYERS


def test_text_mode_says_the_game_id_to_export_it_by() -> None:
    out = play([*HOTSEAT, "--deck", WIN_DECK], WIN_SCRIPT).stdout.splitlines()
    first, last = out[0].split(), out[-1].split()
    assert first[0] == "Game" and first[1].endswith(":")
    game_id = first[1].rstrip(":")
    assert f"conquian export {game_id}" in out[0]
    assert last[-3:] == ["conquian", "export", game_id]


def test_a_hotseat_game_is_stored_with_its_log_and_both_local_players(
    stored: GameService,
) -> None:
    answers = responses(play([*HOTSEAT, "--deck", WIN_DECK, "--json"], WIN_SCRIPT))
    game_id = answers[0]["game_id"]

    game = stored.game(game_id)
    assert (game.status, game.players, game.host) == ("over", PLAYERS, PLAYERS[0])
    names = [type(s.event).__name__ for s in stored.transcript(game_id)]
    assert names[:6] == [
        "GameOpened",
        "PlayerJoined",
        "MatchStarted",
        "DealCommitted",
        "DealStarted",
        "CardTurnedUp",
    ]
    assert names[-3:] == ["DealWon", "MatchEnded", "DealRevealed"]
    assert [s.game_id for s in stored.games_of(PLAYERS[1])] == [game_id]


def test_a_game_against_a_bot_is_stored_with_the_bot_as_player_2(stored: GameService) -> None:
    answers = responses(play(["--bot", "random", "--seed", "2", "--json"], ["resign"]))
    game = stored.game(answers[0]["game_id"])
    assert game.players == (PLAYERS[0], PlayerId("bot:random"))
    assert game.status == "over"


@pytest.mark.parametrize(
    ("level", "player"), [("easy", "bot:random"), ("medium", "bot:greedy"), ("hard", "bot:search")]
)
def test_play_takes_the_bots_levels(stored: GameService, level: str, player: str) -> None:
    answers = responses(play(["--bot", level, "--seed", "3", "--json"], ["resign"]))
    assert stored.game(answers[0]["game_id"]).players == (PLAYERS[0], PlayerId(player))


def test_a_finished_terminal_game_is_exported_verified_and_replayed_by_its_id(
    own_database: Path,
) -> None:
    played = conquian(
        "play", *HOTSEAT, "--deck", WIN_DECK, "--json", stdin="\n".join(WIN_SCRIPT) + "\n"
    )
    assert played.returncode == 0, played.stderr
    game_id = json.loads(played.stdout.splitlines()[0])["game_id"]
    path = own_database / "game.jsonl"

    exported = conquian("export", game_id, "--out", str(path))
    verified = conquian("verify", str(path))
    replayed = conquian("replay", game_id, "--json")

    assert exported.returncode == 0, exported.stderr
    assert verified.stdout.startswith(f"valid: game {game_id},"), verified.stdout
    assert verified.stdout.endswith(", over\n")
    steps = [json.loads(line) for line in replayed.stdout.splitlines()]
    assert steps[-1]["state"]["status"] == "over"
    assert len(steps) == len(path.read_text(encoding="utf-8").splitlines()) - 1  # a header line


def test_an_unfinished_terminal_game_is_stored_but_not_exported_to_players(
    stored: GameService,
) -> None:
    answers = responses(play([*HOTSEAT, "--deck", WIN_DECK, "--json"], WIN_SCRIPT[:2]))
    game_id = answers[0]["game_id"]
    assert stored.game(game_id).version == 10
    refused = conquian("export", game_id)
    assert refused.returncode == 1
    assert "--operator" in refused.stderr


def test_the_same_seed_twice_stores_two_games_with_the_same_deals() -> None:
    args = ["--hotseat", "--seed", "7", "--deals", "2", "--json"]
    first, again = (responses(play(args, ["pass", "pass", "hand"])) for _ in range(2))
    assert first[0]["game_id"] != again[0]["game_id"]
    assert [{**a, "game_id": None} for a in first] == [{**a, "game_id": None} for a in again]


def test_a_given_deck_is_dealt_after_the_cut_when_players_cut_for_the_dealer() -> None:
    args = ["--hotseat", "--variant", "first_dealer=cut_low_deals", "--deck", WIN_DECK, "--json"]
    opening = responses(play(args, []))[0]["view"]
    assert opening["seat"] != opening["dealer"]
    assert opening["hand"] == ["AC", "2C", "3C", "4D", "5D", "6D", "7D", "KD", "4H", "KH"]
    assert opening["center"] == "KS"


@pytest.mark.parametrize("dealer", list(Seat))
def test_a_fixed_first_dealer_changes_no_deck_salt_or_id(dealer: Seat) -> None:
    for seed in range(5):
        chance = FirstDealerChance(SeededChance(seed), dealer)
        service = GameService(InMemoryEventStore(), ManualClock(), chance)
        game_id = service.open_game(PLAYERS[0], terms=MatchTerms(deals=2))
        service.join(service.game(game_id).invitation, PLAYERS[1])
        assert service.game(game_id).rules.dealer is dealer
        plain, fixed = SeededChance(seed), FirstDealerChance(SeededChance(seed), dealer)
        assert (fixed.deck(), fixed.salt(), fixed.token()) == (
            plain.deck(),
            plain.salt(),
            plain.token(),
        )
        fixed.random()
        assert fixed.random() == plain.random()


def test_only_a_seed_or_a_deck_makes_a_terminal_game_predictable() -> None:
    real = Setup(DEFAULT, MatchTerms(), None, None, None, None, False)
    assert chance_for(real) is None  # the bootstrap's system chance
    dealt = chance_for(Setup(DEFAULT, MatchTerms(), None, Seat.SECOND, None, None, False))
    assert isinstance(dealt, FirstDealerChance)
    assert isinstance(dealt.chance, SystemChance)
    seeded = chance_for(Setup(DEFAULT, MatchTerms(), WIN_DECK_CARDS, None, 3, None, False))
    assert isinstance(seeded, RepeatableChance)
    assert seeded.deck() == WIN_DECK_CARDS
