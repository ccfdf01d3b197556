"""Standing instructions: decisions a player leaves in advance, applied the moment they come.

The deal is ``tests.positions.STACKED``, dealt by player 2: Ana (player 1) decides on KS holding
AC 2C 3C 4D 5D 6D 7D KH KD 4H; Ben (player 2) holds 4C 4S 2S QC QD KC 6H 7S JC 3S; QH is the
next card of the stock.
"""

from __future__ import annotations

from datetime import timedelta

import pytest

from service.app.games import GameService
from service.app.outcome import Looked
from service.app.sweeps import Sweeper
from service.game.errors import StaleVersion
from service.game.events import GameId, InstructionGiven, InstructionWithdrawn, TimeControl
from service.game.instruction_errors import (
    InstructionCardInHand,
    InstructionStanding,
    NoInstructions,
    NoSuchInstruction,
    UnknownInstruction,
)
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock
from service.rules.cards import card, cards
from service.rules.errors import CardNotInHand
from service.rules.events import (
    CardDiscarded,
    CardForced,
    CardRefused,
    CenterCardTaken,
    ForceDeclined,
    ForceWindowOpened,
)
from service.rules.seats import Phase, Seat
from service.words.news import describe
from tests.fakes import PLAYER_2_DEALS, FixedChance
from tests.positions import STACKED
from tests.service.given import GUEST, HOST, T0

ANA, BEN = HOST, GUEST
KINGS = (cards("KD KH KS"),)
FOURS = (cards("4C 4H 4S"),)


@pytest.fixture
def service(store: InMemoryEventStore, clock: ManualClock) -> GameService:
    chance = FixedChance(decks=[STACKED], randoms=[PLAYER_2_DEALS])
    return GameService(store, clock, chance)


@pytest.fixture
def game_id(service: GameService) -> GameId:
    game_id = service.open_game(ANA, time_control=TimeControl(move_seconds=24 * 3600))
    service.join(service.game(game_id).invitation, BEN)
    return game_id


def events(outcome_events: object) -> list[object]:
    return [stored.event for stored in outcome_events]  # type: ignore[attr-defined]


def test_a_take_instruction_takes_the_card_the_moment_it_comes(
    service: GameService, game_id: GameId
) -> None:
    given = service.act(game_id, BEN, "auto take 4h with 4c 4s discard 2s")
    assert events(given.appended) == [
        InstructionGiven(Seat.SECOND, "take 4H with 4C 4S discard 2S")
    ]
    assert given.game.to_act == ANA  # nothing to apply yet: it is Ana's decision

    moved = service.act(game_id, ANA, "take kh kd discard 4h")

    assert events(moved.appended)[2:] == [
        CenterCardTaken(Seat.SECOND, card("4H"), cards("4C 4S"), FOURS),
        CardDiscarded(Seat.SECOND, card("2S")),
    ]
    assert moved.game.to_act == ANA  # Ana now decides on 2S, without waiting for Ben


def test_a_take_without_details_puts_down_the_most_and_discards_as_the_greedy_bot(
    service: GameService, game_id: GameId
) -> None:
    service.act(game_id, BEN, "auto take 4h")
    moved = service.act(game_id, ANA, "take kh kd discard 4h")
    taken = events(moved.appended)[2]
    assert isinstance(taken, CenterCardTaken)
    assert taken.seat is Seat.SECOND and taken.put_down == cards("4C 4S JC QC KC")
    assert isinstance(events(moved.appended)[3], CardDiscarded)


def test_an_instruction_that_no_longer_applies_after_the_hand_changed_waits_for_the_player(
    service: GameService, game_id: GameId
) -> None:
    service.act(game_id, BEN, "auto take qh with qc qd discard kc")
    service.act(game_id, ANA, "take kh kd discard 4h")
    service.act(game_id, BEN, "take 4c 4s discard qc")  # QC, named by the instruction, is gone
    service.act(game_id, ANA, "pass")  # QC
    after = service.act(game_id, ANA, "pass")  # Ana turns up QH and passes it to Ben

    game = after.game
    assert (game.to_act, game.rules.phase, game.rules.center) == (BEN, Phase.DECIDE, card("QH"))
    assert not any(isinstance(e, CenterCardTaken) for e in events(after.appended))
    assert game.clocks.instructions[Seat.SECOND] == ("take QH with QC QD discard KC",)


def test_pass_unmeldable_refuses_only_a_card_that_cannot_be_taken(
    service: GameService, game_id: GameId
) -> None:
    given = service.act(game_id, ANA, "auto pass unmeldable")
    assert given.game.to_act == ANA  # KS melds with KH KD: Ana decides herself
    service.act(game_id, ANA, "take kh kd discard 4h")

    moved = service.act(game_id, BEN, "take 4c 4s discard 2s")

    # 2S and then QH fit nothing Ana holds: both refused at once; QH goes to Ben.
    assert [e for e in events(moved.appended) if isinstance(e, CardRefused)] == [
        CardRefused(Seat.FIRST, card("2S")),
        CardRefused(Seat.FIRST, card("QH")),
    ]
    assert (moved.game.to_act, moved.game.rules.center) == (BEN, card("QH"))


@pytest.mark.parametrize(
    ("instruction", "answer"),
    [("always force", CardForced(Seat.SECOND)), ("never force", ForceDeclined(Seat.SECOND))],
)
def test_a_force_instruction_answers_the_force_window_at_once(
    service: GameService, game_id: GameId, instruction: str, answer: object
) -> None:
    service.act(game_id, BEN, f"auto {instruction}")
    service.act(game_id, ANA, "take kh kd discard 4h")
    service.act(game_id, BEN, "take 4c 4s discard kc")

    moved = service.act(game_id, ANA, "pass")  # KC fits Ana's kings: Ben may force it

    assert events(moved.appended)[1:3] == [ForceWindowOpened(Seat.SECOND), answer]
    assert moved.game.rules.phase is not Phase.FORCE_WINDOW


def test_always_force_replaces_never_force(service: GameService, game_id: GameId) -> None:
    service.act(game_id, BEN, "auto never force")
    outcome = service.act(game_id, BEN, "auto always force")
    assert events(outcome.appended) == [
        InstructionWithdrawn(Seat.SECOND, "never force"),
        InstructionGiven(Seat.SECOND, "always force"),
    ]
    assert outcome.game.clocks.instructions[Seat.SECOND] == ("always force",)


def test_an_instruction_given_when_its_decision_is_due_applies_at_once(
    service: GameService, game_id: GameId
) -> None:
    service.act(game_id, ANA, "take kh kd discard 4h")
    outcome = service.act(game_id, BEN, "auto take 4h with 4c 4s discard 2s")
    assert [type(e).__name__ for e in events(outcome.appended)] == [
        "InstructionGiven",
        "CenterCardTaken",
        "CardDiscarded",
    ]


def test_instructions_are_listed_and_withdrawn(service: GameService, game_id: GameId) -> None:
    service.act(game_id, BEN, "auto never force")
    service.act(game_id, BEN, "auto take qh")
    listed = service.act(game_id, BEN, "auto")
    assert isinstance(listed, Looked) and listed.appended == ()
    assert listed.game.clocks.instructions[Seat.SECOND] == ("never force", "take QH")

    one = service.act(game_id, BEN, "auto off take qh")
    assert events(one.appended) == [InstructionWithdrawn(Seat.SECOND, "take QH")]
    every = service.act(game_id, BEN, "auto off")
    assert events(every.appended) == [InstructionWithdrawn(Seat.SECOND, "never force")]
    assert every.game.clocks.instructions == ((), ())


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("auto dance", UnknownInstruction),
        ("auto take 4c", InstructionCardInHand),  # Ben holds 4C already
        ("auto take 4h with 4d 4s", CardNotInHand),
        ("auto off never force", NoSuchInstruction),
        ("auto off", NoInstructions),
    ],
)
def test_a_bad_instruction_is_refused_and_changes_nothing(
    service: GameService, store: InMemoryEventStore, game_id: GameId, text: str, error: type
) -> None:
    before = list(store.rows)
    with pytest.raises(error):
        service.act(game_id, BEN, text)
    assert store.rows == before


def test_the_same_instruction_twice_is_refused(service: GameService, game_id: GameId) -> None:
    service.act(game_id, BEN, "auto never force")
    with pytest.raises(InstructionStanding):
        service.act(game_id, BEN, "auto no force")


def test_an_instruction_is_private(
    service: GameService, store: InMemoryEventStore, game_id: GameId
) -> None:
    version = service.game(game_id).version
    outbox = len(store.outbox)

    service.act(game_id, BEN, "auto take qh with qc qd discard kc")

    assert len(store.outbox) == outbox  # Ana is not told
    (stored,) = store.load(game_id, after=version)
    sentence = describe(stored.event, service.game(game_id).variant)
    assert not any(name in sentence for name in ("QH", "QC", "Q♥", "Q♣"))
    # Ana's move on the position she was shown is not stale: only Ben's instruction came since.
    service.act(game_id, ANA, "take kh kd discard 4h", expected_version=version)


def test_a_move_on_a_position_that_really_changed_is_still_stale(
    service: GameService, game_id: GameId
) -> None:
    version = service.game(game_id).version
    service.act(game_id, BEN, "auto never force")
    service.act(game_id, ANA, "take kh kd discard 4h")
    with pytest.raises(StaleVersion):
        service.act(game_id, BEN, "auto always force", expected_version=version)


def test_without_instructions_nothing_is_decided_for_a_player_before_the_deadline(
    service: GameService, clock: ManualClock, game_id: GameId
) -> None:
    sweeper = Sweeper(service)
    service.act(game_id, ANA, "take kh kd discard 4h")
    waiting = service.game(game_id)
    assert waiting.to_act == BEN

    for _ in range(23):
        clock.advance(hours=1)
        sweeper.send_reminders()
        assert sweeper.expire_overdue() == 0
    clock.advance(minutes=59, seconds=59)
    assert sweeper.expire_overdue() == 0

    assert service.game(game_id).version == waiting.version
    clock.advance(seconds=1)
    assert sweeper.expire_overdue() == 1
    assert clock.now() == T0 + timedelta(hours=24)
