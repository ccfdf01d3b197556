"""The guided first deal's prompts (issue 38): derived from the log alone, the first decision of
each kind in a practice game prompted and no later one; none in any other game."""

from __future__ import annotations

from service.game.codec import LogEvent, decode, encode
from service.game.events import GameOpened, PlayerJoined, TimeControl
from service.game.lessons import Lesson, lessons_of, prompts
from service.game.state import fold
from service.game.stored import StoredEvent
from service.language.translation import ENGLISH, translator
from service.rules.actions import Discard, Force, NoForce, Refuse, Take
from service.rules.cards import cards
from service.rules.events import Event
from service.rules.evolve import replay
from service.rules.seats import Phase, Seat
from service.rules.variants import DEFAULT, MatchTerms
from service.rules.view import view_for
from service.words.lessons import prompt_text
from tests.game.scenario import GAME, GUEST, HOST, T0
from tests.rules.scenario import O, P, deal, given, play, spare, table

TAKE_FIRST = deal(nondealer="5C 6C", stock="7C 2S 7H")
"""N (P) has turned up 7♣, which fits the 5♣ 6♣ it holds."""


def now(events: list[Event], seat: Seat = P) -> tuple[Lesson, ...]:
    """The prompts ``seat`` sees after ``events`` of a practice deal."""
    state, lessons = lessons_of(events)
    return prompts(lessons, state, seat)


def test_the_first_decision_prompts_taking_discarding_and_passing() -> None:
    assert now(TAKE_FIRST) == (Lesson.TAKE, Lesson.DISCARD, Lesson.PASS)
    assert now(TAKE_FIRST, O) == ()  # O waits: no prompt for them


def test_a_kind_met_before_is_not_prompted_again() -> None:
    passed = play(TAKE_FIRST, Refuse(P))  # P passes 7C to O, who cannot use it
    assert replay(passed).to_act is O
    assert now(passed, O) == (Lesson.PASS,)  # O's first decision: passing is new to O
    buried = play(passed, Refuse(O))  # O turns up 2S: its second decision, nothing new
    assert replay(buried).to_act is O and now(buried, O) == ()
    back = play(buried, Refuse(O))  # 2S is offered to P: passing is not new to P
    state = replay(back)
    assert state.to_act is P and state.phase is Phase.DECIDE
    assert now(back) == ()


def test_forcing_and_being_forced_are_prompted_at_their_first_decision() -> None:
    position = given(table=["4C 5C 6C"], center="7C", stock="2S")
    refused = play(position, Refuse(P))
    assert now(refused, O) == (Lesson.FORCE,)
    forced = play(refused, Force(O))
    assert now(forced, P) == (Lesson.FORCED,)
    after = play(forced, Discard(P, spare(replay(forced), P)))
    assert Lesson.FORCE not in now(after, O)


def test_declining_to_force_still_teaches_forcing() -> None:
    refused = play(given(table=["4C 5C 6C"], center="7C", stock="2S"), Refuse(P))
    declined = play(refused, NoForce(O))
    _, lessons = lessons_of(declined)
    assert Lesson.FORCE in lessons.taught[O]


def test_going_out_is_prompted_when_a_take_melds_every_card() -> None:
    position = given(hand="5C 6C 2D 3D 4D 5D 2H 3H 4H 5H", center="7C")
    assert now(position)[0] is Lesson.OUT
    assert Lesson.OUT in now(position)


def test_a_prompt_speaks_of_this_decisions_cards_in_the_readers_language() -> None:
    view = view_for(replay(TAKE_FIRST), P)
    text = prompt_text((Lesson.TAKE,), view, ENGLISH)
    assert text.startswith("You can take 7♣ with your 5♣ 6♣")
    assert "take 5C 6C discard" in text
    spanish = prompt_text((Lesson.TAKE,), view, translator("es"))
    assert spanish != text and "7♣" in spanish


def _stored(*events: LogEvent) -> list[StoredEvent]:
    return [StoredEvent(GAME, n, n, one, T0) for n, one in enumerate(events, start=1)]


def test_the_game_folds_the_lessons_of_a_practice_log_only() -> None:
    terms = MatchTerms()
    practice = GameOpened(
        GAME, HOST, DEFAULT, terms, TimeControl(), "i", rated=False, practice=True
    )
    plain = GameOpened(GAME, HOST, DEFAULT, terms, TimeControl(), "i")
    rest = [PlayerJoined(GUEST, O), *TAKE_FIRST]
    game = fold(_stored(practice, *rest))
    assert game.practice and prompts(game.lessons, game.rules, P) == now(TAKE_FIRST)
    assert fold(_stored(plain, *rest)).lessons is None
    assert decode("GameOpened", encode(practice)) == practice
    assert "practice" not in encode(plain)  # old logs read and write back unchanged
    taken = play(TAKE_FIRST, Take(P, cards("5C 6C"), spare(replay(TAKE_FIRST), P, "5C 6C")))
    assert replay(taken).tables[P] == table("5C 6C 7C")
    assert prompts(fold(_stored(practice, *rest[:1], *taken)).lessons, replay(taken), P) == ()
