"""A game its player left by erasing themselves is recorded but rated for neither side, by the
follower and by the rebuild alike (issue 31, item 9;
docs/decisions/ratings-a-game-left-by-erasure-is-not-rated.md)."""

from __future__ import annotations

from service.app.your_data import YourData
from service.game.events import GameId, PlayerId
from service.players.confirmation_codes import ConfirmationCodes
from service.ports.confirmations import InMemoryConfirmations
from service.ports.personal import InMemoryPersonalData
from service.ratings.finished import Ending
from service.rules.legal import legal_actions
from service.words.privacy import Kept
from tests.ratings.conftest import Site

ANA, BEN = PlayerId("p1"), PlayerId("p2")


def two_decisions_in(site: Site) -> GameId:
    game_id = site.service.open_game(ANA)
    site.service.join(site.service.game(game_id).invitation, BEN)
    for _ in range(2):
        game = site.service.game(game_id)
        seat = game.rules.to_act
        assert seat is not None
        site.service.act(game_id, game.players[seat], legal_actions(game.rules, seat)[0])
    return game_id


def test_an_erasure_at_decision_2_leaves_both_ratings_where_they_were(site: Site) -> None:
    game_id = two_decisions_in(site)
    codes = ConfirmationCodes(InMemoryConfirmations(), site.clock, lambda: b"key")
    your_data = YourData(site.service, InMemoryPersonalData(site.directory), Kept(), codes)
    your_data.erase_now(BEN)  # as a confirmed code does
    assert site.service.game(game_id).status == "over"

    assert site.ratings.catch_up() == 1
    followed = site.ratings.store.standings()
    for player in (ANA, BEN):
        assert followed[player].rating.rating == 1500.0
        assert followed[player].rated_games == 0
    counted = site.ratings.store.counted()[game_id]
    assert (counted.ending, counted.rated) == (Ending.LEFT, False)
    assert followed[ANA].record.wins == 1  # recorded: the profile lists it, "not rated"
    assert site.ratings.rebuild() == 1
    assert site.ratings.store.standings() == followed
