"""Who may act on a player's data by mail (issue 31), through the test mail servers (mail into
Dovecot, read over IMAP; the service's mail out through SMTP to the sink).

A ``From`` can be forged; a code that went to the address, or a reply address we signed, cannot
be.  So a forged ``erase`` and ``erase CODE`` — with the code the service used to derive from the
player's id, with guesses, and after the wrong-try limit even with the right code — erase
nothing, while the player answering our mail from their address still erases; and however many
forged ``my data``, ``erase``, ``games`` and ``mail …`` mails come, the player gets at most one
answer of each a day."""

from __future__ import annotations

import hashlib
import hmac
import re

from adapters.keys import signing_keys
from service.game.events import GameId, PlayerId
from tests.email.smtp_sink import Received
from tests.email.world import BEN, SERVICE, World, reply, request

ZEB = "zebulon.quist@example.org"
NAME = "Zebulon Quist"


def derived_code(world: World, player: PlayerId) -> str:
    """The erasure code as it was before issue 31: an HMAC of the player's id, for ever."""
    secret = signing_keys(world.settings.web.keys, world.settings.data_dir)[0]
    digest = hmac.new(secret, f"conquian-erase:{player}".encode(), hashlib.sha256)
    return f"{int(digest.hexdigest()[:12], 16) % 1_000_000:06d}"


def code_in(mail: Received, command: str) -> str:
    found = re.search(rf"{command} (\d{{6}})", mail.text())
    assert found is not None, mail.text()
    return found.group(1)


def forged(world: World, text: str) -> None:
    """Mail to the service's address with the player's address as its ``From``."""
    world.send(request(ZEB, text), SERVICE)


def erased(world: World) -> bool:
    return world.wiring.directory.profile(world.players[ZEB]).former


def setup(world: World) -> GameId:
    world.register(NAME, ZEB)
    return world.start_game(host=ZEB, guest=BEN)


def test_a_forged_from_erases_nothing_the_player_s_own_answer_does(imap_world: World) -> None:
    world = imap_world
    game_id = setup(world)
    player = world.players[ZEB]
    game_mail = world.latest(ZEB)

    forged(world, "erase")  # the code goes to the player's mailbox, not to the forger
    code = code_in(world.latest(ZEB), "erase")
    forged(world, f"erase {derived_code(world, player)}")
    for guess in ("000000", "123456", "999999", "424242"):
        forged(world, f"erase {guess}")
    assert not erased(world) and world.service.game(game_id).status == "playing"
    forged(world, f"erase {code}")  # past the wrong tries, even the right code is void
    assert not erased(world) and world.service.game(game_id).status == "playing"

    world.clock.advance(days=1)  # the day's answer to erase went out to the forger's
    world.answer(game_mail, "erase")  # the player replies to their game's mail
    asked = world.latest(ZEB)
    confirmed = reply(asked, f"erase {code_in(asked, 'erase')}")
    world.send(confirmed, SERVICE)  # and to the mail with the code
    assert erased(world) and world.service.game(game_id).status == "over"
    assert "erased. Goodbye." in world.latest(ZEB).text()
    sent = len(world.sink.received)
    assert world.send(confirmed, SERVICE) == {}  # delivered again: known by its hidden key
    assert len(world.sink.received) == sent


def test_forged_data_mails_are_answered_once_a_day(imap_world: World) -> None:
    world = imap_world
    setup(world)
    before = len(world.sink.to(ZEB))
    for _ in range(4):
        for command in ("my data", "erase", "games", "mail text"):
            forged(world, command)
    answers = world.sink.to(ZEB)[before:]
    assert len(answers) == 4, [a.text()[:80] for a in answers]
    assert all(not p.get_filename() for a in answers for p in a.message.walk())  # no file yet
    world.clock.advance(days=1, minutes=1)
    forged(world, "my data")
    forged(world, "erase")
    assert len(world.sink.to(ZEB)) == before + 6  # my data, erase: a day later, answered again


def test_my_data_to_the_service_s_address_is_sent_on_the_code(imap_world: World) -> None:
    world = imap_world
    setup(world)
    forged(world, "my data")
    asked = world.latest(ZEB)
    assert not [p for p in asked.message.walk() if p.get_filename()]
    forged(world, "my data 000000")
    assert world.latest(ZEB) is asked  # a wrong code is not answered again today
    world.send(reply(asked, f"my data {code_in(asked, 'my data')}"), SERVICE)
    files = [p.get_filename() for p in world.latest(ZEB).message.walk()]
    assert "conquian-data.json" in files
