"""The guided first deal by mail (issue 38), through aiosmtpd and Dovecot: a newcomer's first
answer offers it, ``practice`` starts it, and replying each move plays it to the end, each
prompt a paragraph of the mail at the first decision of its kind and never again
(``tests/practice_deal.py``); ``skip practice`` stops the offer.  A forged ``From`` (mail to the
service's address proves nothing) writes to no stranger beyond the bot games' rule and changes
no player's settings: ``skip practice`` is done only on a reply that proves its sender."""

from __future__ import annotations

from pathlib import Path

from service.game.status import GameStatus
from service.ports.directory import Address
from service.words.prompts import action_text
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, SERVICE, World, only, request
from tests.practice_deal import DECISIONS, PracticeChance, choose, expected_at
from tests.web.test_practice_page import SAID

OFFERED = "New to Conquian? Write practice on the first line"
NEWBIE = "newbie@example.org"
STRANGER = "stranger@example.net"


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


def test_the_help_lists_practice_and_review(world: World) -> None:
    world.send(request(ANA, "what can I write?"), SERVICE)
    said = world.latest(ANA).text()
    assert "  practice                             a practice deal against the easy bot" in said
    assert "  review                               your review of your last finished game" in said


def test_skip_practice_replied_to_the_offer_stops_it(world: World, mailbox: Dovecot) -> None:
    world.use_imap(mailbox)
    world.send(request(NEWBIE, "hello"), SERVICE)  # a newcomer: offered, and not registered
    offer = world.latest(NEWBIE)
    assert OFFERED in flat(offer.text())
    assert world.wiring.directory.player_at(Address("email", NEWBIE)) is None
    assert only(world.answer(offer, "yes")) == "ignored: nothing asked to confirm"
    assert only(world.answer(offer, "skip practice")) == "practice skipped"  # proves NEWBIE
    assert "No practice deal, then" in flat(world.latest(NEWBIE).text())
    player = world.wiring.directory.player_at(Address("email", NEWBIE))
    assert player is not None and world.service.directory.profile(player).practice_skipped
    world.clock.advance(days=1)
    world.send(request(NEWBIE, "hello again"), SERVICE)
    assert "This address starts games" in flat(world.latest(NEWBIE).text())
    assert OFFERED not in flat(world.latest(NEWBIE).text())


def test_practice_replied_to_the_offer_starts_the_deal(world: World, mailbox: Dovecot) -> None:
    world.use_imap(mailbox)
    world.send(request(NEWBIE, "hello"), SERVICE)
    assert only(world.answer(world.latest(NEWBIE), "practice")).startswith("opened ")
    player = world.wiring.directory.player_at(Address("email", NEWBIE))
    assert player is not None
    [line] = world.service.games_of(player)
    assert world.service.game(line.game_id).practice
    said = [flat(mail.text()) for mail in world.sink.to(NEWBIE)]
    assert any("A practice deal against the easy bot" in text for text in said)


def test_a_forged_skip_practice_changes_no_players_settings(world: World, mailbox: Dovecot) -> None:
    world.use_imap(mailbox)
    ana = world.players[ANA]
    mails = len(world.sink.to(ANA))
    assert only(world.send(request(ANA, "skip practice"), SERVICE)) == "confirmation asked"
    assert only(world.send(request(ANA, "skip practice"), SERVICE)).startswith("ignored: ")
    assert not world.service.directory.profile(ana).practice_skipped
    assert len(world.sink.to(ANA)) == mails + 1  # the one confirmation of the day, no more
    question = world.latest(ANA)
    assert "not to offer you the practice deal again" in flat(question.text())
    assert only(world.answer(question, "yes")) == "practice skipped"  # Ana's own yes
    assert world.service.directory.profile(ana).practice_skipped


def test_skip_practice_from_a_stranger_registers_nobody(world: World, mailbox: Dovecot) -> None:
    world.use_imap(mailbox)
    for _ in range(3):
        world.send(request(STRANGER, "skip practice"), SERVICE)
    assert world.wiring.directory.player_at(Address("email", STRANGER)) is None
    assert len(world.sink.to(STRANGER)) == 1  # one confirmation a day to an unproven address
    assert "No practice deal" not in world.latest(STRANGER).text()


def test_practice_from_a_stranger_is_answered_as_a_bot_game_is(
    world: World, mailbox: Dovecot
) -> None:
    world.use_imap(mailbox)
    assert only(world.send(request(STRANGER, "practice"), SERVICE)).startswith("opened ")
    mails = len(world.sink.to(STRANGER))  # the deal's first table (and the bot's move)
    assert only(world.send(request(STRANGER, "practice"), SERVICE)) == (
        "ignored: an unproven sender, answered at most once a day"
    )
    player = world.wiring.directory.player_at(Address("email", STRANGER))
    assert player is not None and len(world.service.games_of(player)) == 1
    world.send(request(STRANGER, "new game with the bot"), SERVICE)  # the same day's limit
    assert len(world.sink.to(STRANGER)) == mails
