"""The end of a match by mail says why it ended (issue 34, item 9): a resignation at the start
was told "You won the match 0 to 0." to the winner; now each side reads who resigned, and the
late reply to the finished game is answered with the same words."""

from __future__ import annotations

from tests.email.world import ANA, BEN, World


def test_a_resignation_at_the_start_is_told_as_one_and_not_as_a_score_of_nothing(
    world: World,
) -> None:
    game_id = world.start_game()
    world.answer(world.latest(ANA), "resign")
    assert world.service.game(game_id).status == "over"
    won, lost = world.latest(BEN).text(), world.latest(ANA).text()
    assert "You win the match: Ana resigned." in won, won
    assert "Ben wins the match: you resigned." in lost, lost
    for text in (won, lost):
        assert "0 to 0" not in text, text
    sent = len(world.sink.received)
    world.answer(world.latest(BEN), "pass")  # a late reply: answered with how the game ended
    (answer,) = world.sink.received[sent:]
    assert "You win the match: Ana resigned." in answer.text()
