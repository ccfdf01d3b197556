"""Mail cannot be turned into a spam relay (issue 24), through the real SMTP and IMAP servers:
requests reach the service's mailbox over LMTP and are read over IMAP; what the service sends is
caught by the SMTP server.

A flood of ``new game with`` mails from forged senders gets one confirmation per forged address a
day and no invitation; a proven player's invitations stop at the daily limit, told once; a
stranger gets one invitation a week; an address that said stop gets nothing more from anyone; no
mail to someone who has not played carries a name the sender chose in its subject or first
lines; and a new player's invitation, confirmed, still ends in a game played to the end.

``CONQUIAN_RELAY_MAILS`` sets the flood's size (100 by default; docs/reliability.md has 1,000).
"""

from __future__ import annotations

import os
import smtplib
import time
from collections import Counter
from email.utils import formataddr

from sqlalchemy import select

from adapters.config import MailServer
from adapters.email.channel import build_channel
from adapters.mail.smtp import SmtpTransport
from adapters.sql.tables import outbox
from service.game.events import GameId
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import free_port
from tests.email.world import (
    ANA,
    BEN,
    SERVICE,
    UNSUBSCRIBE,
    World,
    email_settings,
    greedy_command,
    only,
    request,
)

SPAM = "CHEAP PILLS at spam.example BUY NOW"
FLOOD = int(os.environ.get("CONQUIAN_RELAY_MAILS", "100"))


def test_a_flood_from_forged_senders_gets_one_confirmation_each_a_day_and_no_invitation(
    imap_world: World,
) -> None:
    world = imap_world
    assert world.dovecot is not None
    forged = [f"victim{n}@forged.example" for n in range(max(FLOOD // 4, 1))]
    strangers = [f"stranger{n}@example.net" for n in range(FLOOD)]
    started = time.monotonic()
    for _day in range(2):
        mails = [
            request(formataddr((SPAM, forged[n % len(forged)])), f"new game with {strangers[n]}")
            for n in range(FLOOD)
        ]
        sent = len(world.sink.received)
        done = flood(world, world.dovecot, mails)
        assert len(done) == FLOOD, Counter(done.values())
        out = world.sink.received[sent:]
        assert sorted(mail.to for mail in out) == sorted(forged)  # one each, no invitation
        subjects = {str(mail.message["Subject"]) for mail in out}
        assert subjects == {"Conquian: confirm your invitation"}
        assert all(SPAM not in mail.raw.decode() for mail in out)
        assert all(mail.envelope_from == "<>" for mail in out)  # nothing bounces back at us
        world.clock.advance(days=1)
    assert not any(world.sink.to(stranger) for stranger in strangers)
    print(
        f"\n{2 * FLOOD} forged requests over two days in {time.monotonic() - started:.1f} s: "
        f"{2 * len(forged)} confirmations to {len(forged)} forged addresses, 0 invitations"
    )


def flood(world: World, dovecot: Dovecot, mails: list[bytes]) -> dict[str, str]:
    """Deliver ``mails`` to the service's mailbox in one LMTP session, then read and handle
    them all (the poller stores every unseen mail; handling goes in batches)."""
    with smtplib.LMTP("127.0.0.1", dovecot.lmtp_port, timeout=30) as lmtp:
        for raw in mails:
            lmtp.sendmail("someone@example.org", [SERVICE], raw)
    done = world.poller.poll_once()
    while True:
        more = world.channel.handler.handle_waiting(limit=500)
        if not more:
            break
        done |= more
    world.drain()
    return done


def test_a_proven_players_invitations_stop_at_the_daily_limit_with_one_answer(
    imap_world: World,
) -> None:
    world = imap_world
    limit = world.channel.handler.limits.per_sender_day
    outcomes = [
        only(world.send(request(ANA, f"new game with friend{n}@example.net"), SERVICE))
        for n in range(limit + 3)
    ]
    assert all(outcome.startswith("opened ") for outcome in outcomes[:limit])
    assert outcomes[limit:] == ["refused: sender_daily"] + 2 * [
        "refused: sender_daily (told already today)"
    ]
    told = [m for m in world.sink.to(ANA) if "as many invitations today" in m.text()]
    assert len(told) == 1 and f"({limit})" in told[0].text()
    assert not world.sink.to(f"friend{limit}@example.net")
    world.clock.advance(days=1, minutes=1)
    assert only(world.send(request(ANA, "new game with late@example.net"), SERVICE)).startswith(
        "opened "
    )


def test_a_stranger_gets_at_most_one_invitation_a_week(imap_world: World) -> None:
    world = imap_world
    bob = "bob@example.net"
    assert only(world.send(request(ANA, f"new game with {bob}"), SERVICE)).startswith("opened ")
    assert only(world.send(request(BEN, f"new game with {bob}"), SERVICE)) == (
        "refused: stranger_weekly"
    )
    assert len(world.sink.to(bob)) == 1
    assert "at most one invitation a week" in world.latest(BEN).text()
    world.clock.advance(days=7, minutes=1)
    assert only(world.send(request(BEN, f"new game with {bob}"), SERVICE)).startswith("opened ")
    assert len(world.sink.to(bob)) == 2
    world.answer(world.latest(bob), "join")  # now he has answered: no longer a stranger
    assert only(world.send(request(ANA, f"new game with {bob}"), SERVICE)).startswith("opened ")


def test_an_unsubscribed_address_gets_nothing_more_from_any_sender(imap_world: World) -> None:
    world = imap_world
    carol, dave = "carol@example.net", "dave@example.net"
    for guest in (carol, dave):
        world.send(request(ANA, f"new game with {guest}"), SERVICE)
    invitation = world.latest(carol)
    header = " ".join(str(invitation.message["List-Unsubscribe"]).split())
    assert header.startswith("<mailto:reply+stop-") and f"<{UNSUBSCRIBE}/" in header
    assert invitation.message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert "reply stop" in invitation.text()
    assert only(world.answer(invitation, "stop")) == f"stopped: {carol}"
    # dave uses the List-Unsubscribe mailto: (a forged From with his address's MAC is ignored)
    mailto = str(world.latest(dave).message["List-Unsubscribe"]).strip().split(">")[0][8:]
    stop_address = mailto.split("?")[0]
    forged = request("mallory@example.net", "stop")
    assert only(world.send(forged, stop_address)) == "ignored: stop with an invalid token"
    assert only(world.send(request(dave, ""), stop_address)) == f"stopped: {dave}"

    sent = len(world.sink.received)
    world.clock.advance(days=8)
    for sender in (BEN, ANA):
        for guest in (carol, dave):
            outcome = only(world.send(request(sender, f"new game with {guest}"), SERVICE))
            assert outcome.startswith("refused: stopped")
    for forger in ("x@forged.example", carol):  # nor a confirmation, even "from" carol
        world.send(request(forger, f"new game with {dave}"), SERVICE)
        world.send(request(dave, f"new game with {carol}"), SERVICE)
    assert [m.to for m in world.sink.received[sent:] if m.to in (carol, dave)] == []
    assert "asked this service for no more mail" in world.latest(BEN).text()


def test_no_mail_to_a_stranger_names_the_sender_in_its_subject_or_first_lines(
    imap_world: World,
) -> None:
    world = imap_world
    world.register(SPAM, "spammer@example.org")  # even a proven player chooses their name
    erin = "erin@example.net"
    assert only(world.send(request("spammer@example.org", f"new game with {erin}"), SERVICE))
    (invitation,) = world.sink.to(erin)
    assert "CHEAP" not in str(invitation.message["Subject"])
    assert str(invitation.message["Subject"]).startswith("Conquian: an invitation to a game")
    first = invitation.text().splitlines()[:4]
    assert not any("CHEAP" in line for line in first)
    assert any("spammer@example.org invites you" in line for line in first)
    # the request's own subject is not echoed to an unproven address either
    forged = request(formataddr((SPAM, "frank@example.net")), f"new game with {erin}")
    forged_message = forged.replace(b"Subject: Conquian", f"Subject: {SPAM}".encode())
    world.send(forged_message, SERVICE)
    assert all("CHEAP" not in str(m.message["Subject"]) for m in world.sink.to("frank@example.net"))


def test_a_new_player_confirms_then_invites_a_friend_who_joins_and_they_play(
    imap_world: World,
) -> None:
    world = imap_world
    gina, hal = "gina@example.net", "hal@example.net"
    assert only(world.send(request(gina, f"new game with {hal}"), SERVICE)) == "confirmation asked"
    assert world.sink.to(hal) == []
    confirmation = world.latest(gina)
    assert "Reply yes to this mail to send the invitation" in confirmation.text()
    assert only(world.send(request(gina, f"new game with {hal}"), SERVICE)).startswith(
        "ignored: an unproven sender"
    )  # asking again the same day: no second confirmation
    opened = only(world.answer(confirmation, "yes"))
    assert opened.startswith("opened ")
    assert only(world.answer(confirmation, "yes")).startswith("ignored: confirmed already")
    game_id = GameId(opened.split()[1])
    (invitation,) = world.sink.to(hal)
    assert "gina@example.net invites you" in invitation.text()
    assert only(world.answer(invitation, "join")) == "joined"
    world.players[gina] = world.service.game(game_id).host
    world.players[hal] = next(
        p for p in world.service.game(game_id).players if p != world.players[gina]
    )
    for step in range(200):
        game = world.service.game(game_id)
        if game.status == "over":
            break
        address = gina if game.to_act == world.players[gina] else hal
        done = world.answer(world.latest(address), greedy_command(world, game_id, address, step))
        assert list(done.values()) == ["moved"]
    assert world.service.game(game_id).status == "over"
    # gina is proven now: her next invitation needs no confirmation
    assert only(world.send(request(gina, "new game with ivy@example.net"), SERVICE)).startswith(
        "opened "
    )


def test_a_player_who_replies_stop_gets_no_game_mail_until_answering_again(
    imap_world: World,
) -> None:
    world = imap_world
    game_id = world.start_game()
    mover = ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN
    waiting = BEN if mover == ANA else ANA
    assert "reply stop" in world.latest(waiting).text()
    assert only(world.answer(world.latest(waiting), "stop")) == f"stopped: {waiting}"
    sent = len(world.sink.received)
    assert only(world.answer(world.latest(mover), greedy_command(world, game_id, mover))) == "moved"
    assert [m.to for m in world.sink.received[sent:] if m.to == waiting] == []
    with world.wiring.engine.connect() as connection:
        last = connection.execute(
            select(outbox.c.status, outbox.c.last_error)
            .where(outbox.c.player == world.players[waiting])
            .order_by(outbox.c.id.desc())
        ).first()
    assert last is not None and last.status == "failed"  # the news of the move: not mailed
    assert "no more mail" in (last.last_error or "")
    world.answer(world.latest(waiting), "hand")  # the player writes again: mail resumes
    assert [m.to for m in world.sink.received[sent:] if m.to == waiting] == [waiting]


def test_a_confirmation_held_back_by_a_mail_server_away_goes_out_when_it_is_back(
    world: World,
) -> None:
    """The confirmation is counted before it is sent: handled again after the SMTP server
    refused to take it, the request must still send it (once), not count it as sent."""
    away = build_channel(
        world.wiring.engine,
        world.service,
        world.wiring.directory,
        email_settings(world.sink),
        world.clock,
        SmtpTransport(MailServer("127.0.0.1", free_port(), "none", timeout=2)),
        secret=world.wiring.secret,
    )
    away.handler.receive(request("kim@example.net", "new game with lee@example.net"))
    assert away.handler.handle_waiting() == {}  # no server: it waits
    assert world.sink.to("kim@example.net") == []

    done = world.channel.handler.handle_waiting()

    assert list(done.values()) == ["confirmation asked"]
    assert len(world.sink.to("kim@example.net")) == 1
