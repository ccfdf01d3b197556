"""The guided first deal by mail (issue 38), through aiosmtpd and Dovecot: a newcomer's first
answer offers it, ``practice`` starts it, and replying each move plays it to the end, each
prompt a paragraph of the mail at the first decision of its kind and never again
(``tests/practice_deal.py``); ``skip practice`` stops the offer."""

from __future__ import annotations

from pathlib import Path

from service.game.status import GameStatus
from service.words.prompts import action_text
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, SERVICE, World, request
from tests.practice_deal import DECISIONS, PracticeChance, choose, expected_at
from tests.web.test_practice_page import SAID

OFFERED = "New to Conquian? Write practice on the first line"
NEWBIE = "newbie@example.org"


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_guided_deal_by_mail_is_played_to_the_end(
    tmp_path: Path, smtp_sink: SmtpSink, migrated: Path, mailbox: Dovecot
) -> None:
    world = World(tmp_path, smtp_sink, template=migrated, chance=PracticeChance())
    try:
        world.use_imap(mailbox)
        ana = world.register("Ana", ANA)
        world.send(request(NEWBIE, "hello"), SERVICE)
        assert OFFERED in flat(world.latest(NEWBIE).text())
        world.send(request(ANA, "practice"), SERVICE)
        [line] = world.service.games_of(ana)
        game_id = line.game_id
        assert world.service.game(game_id).practice
        for decision in range(DECISIONS):
            text = flat(world.latest(ANA).text())
            shown = tuple(kind for kind, said in SAID.items() if said in text)
            assert shown == expected_at(decision), f"decision {decision}: {shown}"
            assert ("Practice: " in text) is bool(shown)
            view = world.service.view(game_id, ana)[1]
            world.answer(world.latest(ANA), action_text(choose(view)))
        assert world.service.game(game_id).status is GameStatus.OVER
        assert "Practice: " not in flat(world.latest(ANA).text())
    finally:
        world.close()


def test_skip_practice_stops_the_offer(world: World) -> None:
    world.send(request(ANA, "hello"), SERVICE)  # a proven player without a game: offered
    assert OFFERED in flat(world.latest(ANA).text())
    world.clock.advance(days=1)  # past the error replies' interval
    world.send(request(ANA, "skip practice"), SERVICE)
    assert "No practice deal, then" in flat(world.latest(ANA).text())
    world.clock.advance(days=1)
    world.send(request(ANA, "hello again"), SERVICE)
    assert "This address starts games" in flat(world.latest(ANA).text())
    assert OFFERED not in flat(world.latest(ANA).text())
