"""Issue 34 item 8, through the test mail servers: a player who keeps replying ``1. pass`` is
told once that ``auto pass`` makes such moves for them, with what it shows the opponent; with it
on, no mail asks them for a pass they had no choice but to make.  The mails per game, with and
without, are in docs/decisions/clock-auto-pass-suggested-once.md (``-s`` prints them)."""

from __future__ import annotations

import pytest

from tests.email.smtp_sink import Received
from tests.email.world import ANA, BEN, World, greedy_command

HINT = "Passing is all you can do here, again. Send auto pass"
REVEALS = "an instant pass tells your opponent the card melds with nothing you hold"


def only_pass(mail: Received) -> bool:
    """A turn mail whose one move is ``1. pass``."""
    lines = mail.text().splitlines()
    return "  1. pass" in lines and "  2." not in "\n".join(lines)


def play(world: World, auto: bool) -> dict[str, list[Received]]:
    """A whole game by replies, every choice the greedy bot's from the position (the same game
    with ``auto`` or without: a pass made for a player is the pass they would have sent)."""
    game_id = world.start_game()
    service = world.service
    if auto:
        for address in (ANA, BEN):
            world.answer(world.latest(address), "auto pass")
            assert REVEALS in world.latest(address).text()
    first = {address: len(world.sink.to(address)) for address in (ANA, BEN)}
    while (game := service.game(game_id)).status == "playing":
        address = ANA if game.to_act == world.players[ANA] else BEN
        command = greedy_command(world, game_id, address, seed=game.version)
        world.answer(world.latest(address), command)
    return {address: world.sink.to(address)[first[address] :] for address in (ANA, BEN)}


@pytest.mark.parametrize("auto", [False, True], ids=["without", "with auto pass"])
def test_auto_pass_is_suggested_once_and_spares_the_mails_with_no_choice(
    world: World, auto: bool
) -> None:
    mails = play(world, auto)
    for address, received in mails.items():
        no_choice = sum(only_pass(mail) for mail in received)
        hinted = sum(HINT in mail.text() for mail in received)
        print(
            f"{'with' if auto else 'without'} auto pass: {address} {len(received)} mails, "
            f"{no_choice} asking only for a pass, {hinted} suggesting auto pass"
        )
        if auto:
            assert no_choice == 0 and hinted == 0
        else:
            assert hinted == (1 if no_choice >= 3 else 0), address
    if not auto:
        assert any(sum(only_pass(mail) for mail in got) >= 3 for got in mails.values())
