"""The name in a mail's ``From`` is cleaned before it is stored or put in anyone's mail: no
control or bidi characters, no web or mail address (issue 15; ``service.language.names``)."""

from __future__ import annotations

from email.utils import formataddr

import pytest

from service.ports.directory import Address
from tests.email.world import BEN, SERVICE, World, request


@pytest.mark.parametrize(
    ("sender", "name"),
    [
        (formataddr(("Mal\u202elory\u2066 cheap.pills.example", "mal@example.org")), "Mallory"),
        (formataddr(("www.spam.example", "mal@example.org")), "mal"),
        (formataddr(("\u202e", "buy.now.example@example.org")), "Player"),
    ],
)
def test_a_from_name_is_cleaned_before_it_is_kept(world: World, sender: str, name: str) -> None:
    (asked,) = world.send(request(sender, "new game with ben@example.org"), SERVICE).values()
    assert asked == "confirmation asked", asked  # a new sender confirms first (issue 24)
    address = sender.rsplit("<", 1)[1].rstrip(">")
    (outcome,) = world.answer(world.latest(address), "yes").values()
    assert outcome.startswith("opened "), outcome
    directory = world.service.directory
    assert directory is not None
    player = directory.player_at(Address("email", address))
    assert player is not None
    assert directory.profile(player).name == name


def test_a_dirty_name_stored_by_any_way_still_makes_mail_that_goes_out(world: World) -> None:
    """A name stored raw (by a channel that did not clean it, or before names were cleaned)
    put a line feed in an opponent's Subject, which Python refuses: that game's mail was never
    sent.  Names are read clean (``Profile``), so the mail goes and says the clean name (in the
    letter: a Subject names nobody, test_subjects.py)."""
    world.register("Mal\r\nlory\u202e www.spam.example", "mal@example.org")
    world.start_game(host="mal@example.org", guest=BEN)
    invitation = world.latest(BEN)
    subject = str(invitation.message["Subject"])
    assert "Mal" not in subject and "spam" not in subject and "\u202e" not in subject
    assert "Mal lory" in invitation.text()
