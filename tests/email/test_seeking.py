"""Finding an opponent by mail (issue 36): ``seek``, ``lobby`` (a listing of ``accept CODE``
lines), ``accept``, ``withdraw``, ``pair``, ``unpair`` to the service's address.  A proven
address is acted for at once; an unproven one confirms first, or replies to a listing, whose
reply address proves it.  Words the lobby cannot read are refused, specifically, and change
nothing; a private player is "a player" in a listing."""

from __future__ import annotations

import re

from service.game.status import GameStatus
from tests.email.world import ANA, BEN, SERVICE, World, only, request

CODE = re.compile(r"Your seek (\w+) is in the lobby")
STRANGER = "cy@example.org"


def published(world: World, text: str = "seek deals 1 time 1d") -> str:
    assert only(world.deliver(request(ANA, text), (SERVICE,))) == "SeekPublished"
    found = CODE.search(world.latest(ANA).text())
    assert found is not None, world.latest(ANA).text()
    return found.group(1)


def test_a_seek_by_mail_accepted_by_mail_starts_the_game_and_tells_both(world: World) -> None:
    code = published(world)
    assert f"To take it out of the lobby, write withdraw {code}." in world.latest(ANA).text()

    assert only(world.deliver(request(BEN, "lobby"), (SERVICE,))) == "lobby: 1 listed"
    listing = world.latest(BEN).text().replace("\r\n", "\n")
    assert (
        f"{code} · a player (1500, new player) · 1 deal, 1 day a move, rated\n  accept {code}\n"
        in listing
    )
    assert "Ana" not in listing and ANA not in listing  # her profile is private

    outcome = only(world.deliver(request(BEN, f"accept {code}"), (SERVICE,)))

    assert outcome.startswith("accepted ")
    game = world.service.game(outcome.split()[1])  # type: ignore[arg-type]
    assert game.status == GameStatus.PLAYING
    assert game.players == (world.players[ANA], world.players[BEN])
    answer = world.latest(BEN)
    assert f"You accepted seek {code}: your game begins." in answer.text()
    assert str(answer.message["Reply-To"]).startswith("reply+")  # replies to it play
    assert "Ben joins as player 2." in world.latest(ANA).text()  # the owner is told by mail
    assert only(world.deliver(request(BEN, f"accept {code}"), (SERVICE,))).startswith("refused")
    assert "This seek is gone" in world.latest(BEN).text()


def test_an_unproven_address_confirms_before_anything_is_done(world: World) -> None:
    code = published(world)

    outcome = only(world.deliver(request(STRANGER, f"accept {code}"), (SERVICE,)))

    assert outcome == "confirmation asked"
    assert world.wiring.lobby is not None and len(world.wiring.lobby.listing(None)) == 1
    question = world.latest(STRANGER)
    assert "You asked the lobby of Conquian by email to accept a seek." in question.text()
    done = world.answer(question, "yes")
    assert only(done).startswith("accepted ")
    assert f"You accepted seek {code}" in world.latest(STRANGER).text()


def test_a_reply_to_a_listing_proves_the_address_and_accepts_at_once(world: World) -> None:
    code = published(world)
    assert only(world.deliver(request(STRANGER, "lobby"), (SERVICE,))) == "lobby: 1 listed"
    assert only(world.deliver(request(STRANGER, "lobby"), (SERVICE,))).endswith("(one a day)")

    done = world.answer(world.sink.to(STRANGER)[0], f"accept {code}")

    assert only(done).startswith("accepted ")
    assert world.channel.handler.consent.proven(STRANGER)


def test_words_the_lobby_cannot_read_are_refused_and_publish_nothing(world: World) -> None:
    refusals = {
        "seek rating abc": "rating: write the range as low-high, e.g. rating 1400-1800",
        "seek days 0": "days: write how many days the seek stays in the lobby",
        "pair days 2": "'days' is not an option of a new game.",
        "accept": "Write the seek's code as the lobby lists it, e.g. accept 3f9a2c.",
        "withdraw 0badc0": "This seek is gone",
    }
    for text, why in refusals.items():
        world.clock.advance(hours=2)  # error replies go out once an hour
        assert only(world.deliver(request(ANA, text), (SERVICE,))).startswith("refused"), text
        said = world.latest(ANA).text()
        assert why in said, (text, said)
        assert ("accept CODE" in said) == (text != "withdraw 0badc0")  # the commands follow
    assert world.wiring.lobby is not None and world.wiring.lobby.listing(None) == []


def test_withdraw_is_the_owners_and_pair_waits_until_unpair(world: World) -> None:
    code = published(world)
    assert only(world.deliver(request(BEN, f"withdraw {code}"), (SERVICE,))).startswith("refused")
    assert "Only the player who published a seek can withdraw it." in world.latest(BEN).text()
    assert only(world.deliver(request(ANA, f"withdraw {code}"), (SERVICE,))) == "SeekWithdrawn"
    assert f"Your seek {code} is out of the lobby." in world.latest(ANA).text()

    assert only(world.deliver(request(BEN, "pair time 1d"), (SERVICE,))) == "PairingWaited"
    assert "To stop waiting, write unpair." in world.latest(BEN).text()
    assert only(world.deliver(request(BEN, "unpair"), (SERVICE,))) == "PairingLeft"
    assert "You are no longer waiting to be paired." in world.latest(BEN).text()


def test_a_seek_mail_handled_again_after_a_crash_publishes_one_seek(world: World) -> None:
    handler = world.channel.handler
    key = handler.receive(request(ANA, "seek time 2d"))
    (stored,) = handler.store.waiting()
    assert handler.handle(stored) == "SeekPublished"  # ... and the process dies here

    assert handler.handle_waiting() == {key: "SeekPublished"}

    assert world.wiring.lobby is not None and len(world.wiring.lobby.listing(None)) == 1
    codes = {CODE.findall(mail.text())[0] for mail in world.sink.to(ANA)}
    assert len(codes) == 1 and len(world.sink.to(ANA)) == 2  # the same answer, again


def test_two_players_waiting_by_mail_are_paired_and_each_gets_the_games_mail(
    world: World,
) -> None:
    for address in (ANA, BEN):
        assert only(world.deliver(request(address, "pair time 1d"), (SERVICE,))) == "PairingWaited"
    lobby = world.wiring.lobby
    assert lobby is not None
    sent = {address: len(world.sink.to(address)) for address in (ANA, BEN)}

    [game_id] = lobby.tend().paired
    world.drain()

    assert world.service.game(game_id).status == GameStatus.PLAYING
    for address in (ANA, BEN):
        [told] = world.sink.to(address)[sent[address] :]
        assert str(told.message["Reply-To"]).startswith("reply+"), address  # replies play
