"""A Subject names nobody: the game's short id and whose turn it is, in the reader's language,
over real SMTP (issue 31, item 8; docs/decisions/email-a-subject-names-nobody.md).

The host's display name used to reach the guest's Subject once they joined: text a sender chose,
where the reader expects the service's own words.
"""

from __future__ import annotations

from tests.email.world import BEN, World, greedy_command

HOSTILE = "NAME <b>x</b>\r\nSubject: PWNED"
HOST = "mal@example.org"


def test_a_hosts_name_never_reaches_the_guests_subject(world: World) -> None:
    world.register(HOSTILE, HOST)
    game_id = world.start_game(host=HOST, guest=BEN)
    world.drain()
    for _ in range(3):  # a few turns each way, each with its mails
        mover = HOST if world.service.game(game_id).to_act == world.players[HOST] else BEN
        world.answer(world.latest(mover), greedy_command(world, game_id, mover))
        world.drain()

    short = game_id[:6]
    turns = {
        f"Conquian ({short}): your turn",
        f"Conquian ({short}): your opponent's turn",
        f"Conquian: an invitation to a game ({short})",
        f"Conquian ({short}): waiting for an opponent",
    }
    guests = world.sink.to(BEN)
    assert len(guests) >= 3
    for mail in guests + world.sink.to(HOST):
        subject = str(mail.message["Subject"])
        assert "NAME" not in subject and "<b>" not in subject and "PWNED" not in subject
        assert subject in turns, subject
        assert mail.message.get_all("Subject") == [mail.message["Subject"]]
    assert any(str(m.message["Subject"]).endswith("your turn") for m in guests)
    assert "NAME" in world.latest(BEN).text()  # the opponent's name is in the letter itself
