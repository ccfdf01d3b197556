"""A ``stats`` mail through the test mail servers (aiosmtpd out, Dovecot in): the sender's own
profile; someone's public one by name, with the player's reliability; a private one shows nothing
to another player."""

from __future__ import annotations

from service.words.stats import HIDDEN
from tests.email.world import ANA, BEN, SERVICE, World, only, request

ANA_RELIABLE = "100% reliable (1 finished, 0 lost on time, 0 abandoned)"


def test_stats_by_mail_shows_mine_and_hides_a_private_profile(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    world.service.resign(game_id, world.players[BEN])
    world.drain()
    assert world.wiring.ratings.catch_up() == 1
    assert world.wiring.lobby is not None and world.wiring.lobby.reliabilities.catch_up() == 1

    assert only(world.send(request(ANA, "stats"), SERVICE)) == "stats"
    mine = world.latest(ANA).text()
    assert "Ana: rating " in mine and "Wins 1, losses 0, draws 0" in mine
    assert "Your profile is private" in mine and ANA_RELIABLE in mine

    assert only(world.send(request(BEN, "stats Ana"), SERVICE)) == "stats: hidden"
    hidden = world.latest(BEN).text()
    assert HIDDEN in hidden and "rating" not in hidden and "reliable" not in hidden

    world.send(request(ANA, "stats public"), SERVICE)
    assert "Your profile is public" in world.latest(ANA).text()
    assert only(world.send(request(BEN, "stats ana"), SERVICE)) == "stats"
    shown = world.latest(BEN).text()
    assert "Ana: rating " in shown and "Against Ben: 1 won" in shown and ANA_RELIABLE in shown
    assert ANA not in shown  # never an address
