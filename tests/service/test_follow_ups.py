"""Steps nobody decides, appended with the move that caused them: deals, reveals, bot moves."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.app.sweeps import Sweeper
from service.game.events import DealCommitted, DealRevealed, GameId, PlayerId
from service.game.fairness import is_committed
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock
from service.rules.errors import IllegalAction
from service.rules.events import CardTurnedUp, DealStarted, DealWon, MatchEnded
from service.rules.seats import Phase, Seat
from service.rules.variants import MatchTerms
from tests.fakes import PLAYER_1_DEALS, PLAYER_2_DEALS, FixedChance
from tests.positions import STACKED
from tests.service.given import GREEDY, HOST, WIN_SCRIPT, started

RANDOM = PlayerId("bot:random")
HARD = PlayerId("bot:search")


def play_to_the_win(service: GameService, game_id: GameId) -> list[object]:
    """Play WIN_SCRIPT; the events the last move appended."""
    for player, command in WIN_SCRIPT:
        outcome = service.act(game_id, player, command)
    return [stored.event for stored in outcome.appended]


def test_when_a_deal_ends_in_a_longer_match_the_next_is_dealt_with_a_new_commitment(
    service: GameService,
) -> None:
    game_id = started(service, MatchTerms(deals=2))

    events = play_to_the_win(service, game_id)

    kinds = [type(event) for event in events]
    assert kinds[1:] == [DealWon, DealRevealed, DealCommitted, DealStarted, CardTurnedUp]
    _, _, revealed, committed, dealt, flip = events
    assert isinstance(revealed, DealRevealed) and revealed.number == 1
    assert isinstance(committed, DealCommitted) and committed.number == 2
    assert isinstance(dealt, DealStarted)
    assert (dealt.number, dealt.dealer, dealt.deck != STACKED) == (2, Seat.FIRST, True)
    assert is_committed(dealt.deck, committed.salt, committed.commitment)
    assert isinstance(flip, CardTurnedUp) and flip.seat is Seat.SECOND
    game = service.game(game_id)
    assert [c.number for c in game.commitments] == [1, 2]
    assert game.revealed == (1,)


def test_the_salt_revealed_after_a_deal_is_the_one_committed_to_before_it(
    service: GameService,
) -> None:
    game_id = started(service)

    events = play_to_the_win(service, game_id)

    assert [type(event) for event in events[-3:]] == [DealWon, MatchEnded, DealRevealed]
    revealed = events[-1]
    (committed,) = service.game(game_id).commitments
    assert isinstance(revealed, DealRevealed)
    assert revealed == DealRevealed(1, committed.salt)
    assert is_committed(STACKED, revealed.salt, committed.commitment)
    assert service.game(game_id).status == "over"


def test_a_bot_opponent_moves_by_itself_until_the_human_must_act(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    assert service.game(game_id).to_act == HOST  # player 2, the bot, deals

    outcome = service.act(game_id, HOST, "take kh kd discard 4h")

    seats = [getattr(s.event, "seat", None) for s in outcome.appended]
    assert Seat.SECOND in seats  # the bot took or refused the 4H, and so on
    assert outcome.game.to_act == HOST
    assert outcome.game.rules.phase in (Phase.DECIDE, Phase.FORCE_WINDOW, Phase.FORCED)


def test_a_bot_that_plays_first_has_moved_when_the_game_opens() -> None:
    chance = FixedChance(decks=[STACKED], randoms=[PLAYER_1_DEALS])
    service = GameService(InMemoryEventStore(), ManualClock(), chance)

    game_id = service.open_game(HOST, opponent=GREEDY)

    game = service.game(game_id)
    assert game.players == (HOST, GREEDY)
    assert game.rules.dealer is Seat.FIRST
    assert game.to_act == HOST
    bot_moves = [
        s for s in service.store.load(game_id) if getattr(s.event, "seat", None) is Seat.SECOND
    ]
    assert bot_moves, "the bot, player 2, is the non-dealer and decides first"


def test_two_bots_never_wait_for_anyone() -> None:
    chance = FixedChance(seed=4, randoms=[PLAYER_2_DEALS])
    service = GameService(InMemoryEventStore(), ManualClock(), chance)
    game_id = service.open_game(GREEDY, terms=MatchTerms(deals=3), opponent=RANDOM)
    game = service.game(game_id)
    assert game.status == "over"
    assert len(game.rules.match.results) == 3
    assert game.revealed == (1, 2, 3)


def test_a_move_against_the_hard_bot_is_answered_before_its_search_which_the_worker_makes(
    service: GameService, store: InMemoryEventStore
) -> None:
    game_id = service.open_game(HOST, opponent=HARD)  # the bot, player 2, deals

    outcome = service.act(game_id, HOST, "take kh kd discard 4h")

    assert outcome.game.to_act == HARD, "the request did not wait for the search"
    [line] = service.games_of(HOST)
    assert line.due_at == outcome.game.turn_since, "due at once: the worker finds the bot's turn"
    claimed, _ = Sweeper(service).expire_batch()
    game = service.game(game_id)
    assert claimed == 1
    assert game.to_act == HOST
    assert [s.seq for s in store.load(game_id)][-1] == game.version > outcome.game.version
    assert service.play_bot(game_id, outcome.game.version) is None, "made once, not twice"


def test_the_hard_bot_s_turn_has_no_deadline_a_player_could_claim(service: GameService) -> None:
    game_id = service.open_game(HOST, opponent=HARD)
    service.act(game_id, HOST, "take kh kd discard 4h")

    with pytest.raises(IllegalAction):
        service.claim_win(game_id, HOST)
    assert service.game(game_id).to_act == HARD


def test_a_game_the_hard_bot_opens_waits_for_the_worker_and_then_for_the_human() -> None:
    chance = FixedChance(decks=[STACKED], randoms=[PLAYER_1_DEALS])
    service = GameService(InMemoryEventStore(), ManualClock(), chance)
    game_id = service.open_game(HOST, opponent=HARD)
    assert service.game(game_id).to_act == HARD  # the non-dealer decides first

    Sweeper(service).expire_overdue()

    assert service.game(game_id).to_act == HOST
