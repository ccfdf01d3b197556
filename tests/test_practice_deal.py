"""The practice deal the channels' tests play (``tests/practice_deal.py``), through the service:
the player meets all six kinds of decision, each prompted exactly at its first decision, and the
deal ends with the player going out."""

from __future__ import annotations

from service.app.games import GameService
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock
from service.rules.events import DealWon
from service.words.lessons import lessons_now
from service.words.prompts import action_text
from tests.practice_deal import DECISIONS, PracticeChance, choose, expected_at


def test_the_practice_deal_prompts_each_kind_once_at_its_first_decision() -> None:
    service = GameService(InMemoryEventStore(), ManualClock(), PracticeChance())
    ana = PlayerId("ana")
    game_id = service.practising.start(ana, "test:1")
    game = service.game(game_id)
    assert game.practice and game.rated is False  # casual, unrated
    assert game.terms.deals == 1 and game.players[1] == "bot:random"
    shown = []
    while (game := service.game(game_id)).status is GameStatus.PLAYING:
        view = service.player_view(game, ana)
        assert view.is_my_decision, "the easy bot answers in the player's own append"
        shown.append(lessons_now(game, view.seat))
        service.act(game_id, ana, action_text(choose(view)))
    assert shown == [expected_at(decision) for decision in range(DECISIONS)]
    won = [one.event for one in service.events(game_id) if isinstance(one.event, DealWon)]
    assert [one.seat for one in won] == [game.seat_of(ana)]
    exported = export_lines(service.events(game_id))
    assert '"practice": true' in exported[1]  # the log says it is practice
    verdict = verify(read_log(exported))
    assert verdict.ok and verdict.game is not None and verdict.game.practice
