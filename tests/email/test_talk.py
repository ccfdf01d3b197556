"""Talk at the table by mail (issue 20): a ``say`` or ``offer`` line in a reply, a one-word
``accept`` or ``decline``; a reply fetched twice is stored and told once; the safety rules,
mute and report answered by mail."""

from __future__ import annotations

import pytest

from service.game.events import GameId
from service.game.talk_events import MessageSaid, OfferAnswered
from service.rules.seats import Phase
from tests.email.world import ANA, BEN, SERVICE, World, greedy_command, only, reply, request


def talk(world: World, game_id: GameId, kind: type) -> list[object]:
    return [one.event for one in world.service.store.load(game_id) if isinstance(one.event, kind)]


def test_a_message_fetched_twice_is_stored_and_mailed_once(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    raw = reply(world.latest(ANA), "say Hello Ben! Good luck.")
    recipient = str(world.latest(ANA).message["Reply-To"])
    assert world.dovecot is not None
    world.dovecot.deliver(raw, recipient)
    world.dovecot.deliver(raw, recipient)  # a new UID, the same Message-ID
    sent = len(world.sink.received)

    done = world.poller.poll_once()
    world.drain()
    assert list(done.values()) == ["moved"] and world.poller.poll_once() == {}

    seat = world.service.game(game_id).seat_of(world.players[ANA])
    assert seat is not None
    assert talk(world, game_id, MessageSaid) == [MessageSaid(seat, "Hello Ben! Good luck.")]
    to_ben = [mail for mail in world.sink.received[sent:] if mail.to == BEN]
    assert len(to_ben) == 1 and "says: “Hello Ben! Good luck.”" in to_ben[0].text()


def test_a_draw_offered_by_mail_and_accepted_with_one_word(world: World) -> None:
    game_id = world.start_game()
    assert list(world.answer(world.latest(ANA), "offer draw").values()) == ["moved"]
    offer = world.latest(BEN).text()
    assert "offers you a draw." in offer
    assert "To answer the offer, reply accept or decline." in offer
    assert list(world.answer(world.latest(BEN), "accept").values()) == ["moved"]
    game = world.service.game(game_id)
    assert game.rules.phase is Phase.OVER and game.rules.match.winner is None
    assert "accepts the offer." in world.latest(ANA).text()
    assert len(talk(world, game_id, OfferAnswered)) == 1


def test_the_safety_rules_mute_and_report_by_mail(world: World) -> None:
    game_id = world.start_game()
    world.answer(world.latest(ANA), "say look at www.example.org")
    assert "Messages cannot carry links" in world.latest(ANA).text()
    world.answer(world.latest(ANA), "say " + "b" * 281)
    assert "A message has at most 280 characters; yours has 281." in world.latest(ANA).text()
    world.answer(world.latest(BEN), "say hi Ana")
    world.answer(world.latest(ANA), "mute")
    to_ana = len(world.sink.to(ANA))
    world.answer(world.latest(BEN), "say are you there?")
    assert len(world.sink.to(ANA)) == to_ana  # nothing of a muted opponent's
    assert not any("are you there" in mail.text() for mail in world.sink.to(ANA))
    to_ben = len(world.sink.to(BEN))
    world.answer(world.latest(ANA), "report")
    assert len(world.sink.to(BEN)) == to_ben
    assert "You report message" in world.latest(ANA).text()
    assert len(talk(world, game_id, MessageSaid)) == 2


def test_words_said_while_muted_never_arrive_by_mail_and_nobody_hears_of_the_mute(
    world: World,
) -> None:
    """Issue 34 item 3: a mute mails the opponent nothing, and unmuting brings back none of the
    words said meanwhile, in no later mail."""
    world.start_game()
    world.answer(world.latest(BEN), "say hi Ana")
    to_ben = len(world.sink.to(BEN))
    world.answer(world.latest(ANA), "mute")
    world.answer(world.latest(BEN), "say are you there?")
    world.answer(world.latest(ANA), "unmute")
    assert len(world.sink.to(BEN)) == to_ben  # nothing of her mute or unmute
    world.answer(world.latest(BEN), "say now you hear me")
    assert "now you hear me" in world.latest(ANA).text()
    assert not any("are you there" in mail.text() for mail in world.sink.to(ANA))
    assert not any("changes a setting" in mail.text() for mail in world.sink.to(BEN))


@pytest.mark.parametrize("when", ["turn", "each"])
def test_words_held_back_in_quiet_hours_are_mailed_once_with_the_next_news(
    world: World, when: str
) -> None:
    """Talk wakes nobody: words said in the reader's quiet hours are not mailed then, and the
    next mail after the quiet hours carries them once (``mail turn``: the turn mail's news since
    the reader's last move; ``mail each``: the next move's mail)."""
    game_id = world.start_game()
    mover, sleeper = (
        (ANA, BEN) if world.service.game(game_id).to_act == world.players[ANA] else (BEN, ANA)
    )
    world.answer(world.latest(sleeper), "quiet 22:00-07:00")
    assert only(world.send(request(sleeper, f"mail {when}"), SERVICE)) == f"mail {when}"
    world.clock.advance(hours=14)  # 23:00
    sent = len(world.sink.to(sleeper))
    world.answer(world.latest(mover), "say Sleep well")
    assert world.sink.to(sleeper)[sent:] == []

    world.clock.advance(hours=9)  # 08:00, the quiet hours over
    for step in range(6):
        world.answer(world.latest(mover), greedy_command(world, game_id, mover, seed=step))
        if world.sink.to(sleeper)[sent:]:
            break
    told = [mail.text().count("Sleep well") for mail in world.sink.to(sleeper)[sent:]]
    assert sum(told) == 1, told
