"""The name in a mail's ``From`` is cleaned before it is stored or put in anyone's mail: no
control or bidi characters, no web or mail address (issue 15; ``service.names``)."""

from __future__ import annotations

from email.utils import formataddr

import pytest

from service.ports import Address

from .world import SERVICE, World, request


@pytest.mark.parametrize(
    ("sender", "name"),
    [
        (formataddr(("Mal\u202elory\u2066 cheap.pills.example", "mal@example.org")), "Mallory"),
        (formataddr(("www.spam.example", "mal@example.org")), "mal"),
        (formataddr(("\u202e", "buy.now.example@example.org")), "Player"),
    ],
)
def test_a_from_name_is_cleaned_before_it_is_kept(world: World, sender: str, name: str) -> None:
    (outcome,) = world.send(request(sender, "new game with ben@example.org"), SERVICE).values()
    assert outcome.startswith("opened "), outcome
    directory = world.service.directory
    assert directory is not None
    address = sender.rsplit("<", 1)[1].rstrip(">")
    player = directory.player_at(Address("email", address))
    assert player is not None
    assert directory.profile(player).name == name
