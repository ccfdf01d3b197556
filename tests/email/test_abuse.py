"""The spoofing and abuse matrix: each kind of mail gets its documented outcome and moves
nothing.  (Replies are handed to the channel as an MTA pipe would; the IMAP path is the same
handler, checked in ``test_exactly_once``.)"""

from __future__ import annotations

import random

import pytest
from sqlalchemy import select

from adapters.email.handling import NOT_VALID, NOT_YOURS
from adapters.email.tokens import parse_token
from adapters.sql.tables import outbox
from service.game.events import GameId
from tests.email.smtp_sink import Received
from tests.email.world import ANA, BEN, SERVICE, World, greedy_command, only, reply, request


def turn_of(world: World, game_id: GameId) -> tuple[str, str]:
    """The address of the player to act, and of the other."""
    game = world.service.game(game_id)
    return (ANA, BEN) if game.to_act == world.players[ANA] else (BEN, ANA)


class Before:
    """The game's version and the mails sent, to check that nothing moved."""

    def __init__(self, world: World, game_id: GameId) -> None:
        self.world, self.game_id = world, game_id
        self.version = world.service.game(game_id).version
        self.sent = len(world.sink.received)

    def nothing_moved(self) -> list[Received]:
        """The mails sent since (the answers), after checking that the game did not change."""
        assert self.world.service.game(self.game_id).version == self.version
        return self.world.sink.received[self.sent :]


@pytest.fixture
def game_id(world: World) -> GameId:
    return world.start_game()


def test_a_forged_from_without_a_token_moves_nothing(world: World, game_id: GameId) -> None:
    player, _ = turn_of(world, game_id)
    before = Before(world, game_id)
    done = world.deliver(request(player, greedy_command(world, game_id, player)))
    assert only(done).startswith("refused: This address starts games")
    (answer,) = before.nothing_moved()
    assert answer.to == player and "new game with" in answer.text()
    assert answer.envelope_from == "<>"  # an automatic answer: nothing bounces back at it


def test_a_valid_token_from_another_address_is_refused(world: World, game_id: GameId) -> None:
    player, other = turn_of(world, game_id)
    mail = world.latest(player)
    before = Before(world, game_id)
    for sender in (other, "mallory@example.org"):
        raw = reply(mail, greedy_command(world, game_id, player), sender=sender)
        assert only(world.deliver(raw)).startswith("refused: This reply address was made")
    answers = before.nothing_moved()
    assert [a.to for a in answers] == [other, "mallory@example.org"]
    assert all(NOT_YOURS.split(",")[0] in a.text() for a in answers)


def test_a_tampered_token_is_refused(world: World, game_id: GameId) -> None:
    player, _ = turn_of(world, game_id)
    mail = world.latest(player)
    address = str(mail.message["Reply-To"])
    tampered = address[: -len("@conquian.test") - 1] + ("a" if address[-15] != "a" else "b")
    tampered += "@conquian.test"
    raw = reply(mail, greedy_command(world, game_id, player))
    message = _readdressed(raw, tampered)
    before = Before(world, game_id)
    done = world.deliver(message, (tampered,))
    assert only(done).startswith("refused: This reply address is not valid")
    (answer,) = before.nothing_moved()
    assert NOT_VALID.split(":")[0] in answer.text()


def test_a_token_of_a_finished_game_is_answered_with_the_final_position(
    world: World, game_id: GameId
) -> None:
    player, other = turn_of(world, game_id)
    old = world.latest(other)
    world.answer(world.latest(player), "resign")
    assert world.service.game(game_id).status == "over"
    before = Before(world, game_id)
    done = world.answer(old, "pass")
    assert list(done.values()) == ["refused: the game is over"]
    (answer,) = before.nothing_moved()
    assert "This game is over" in answer.text()
    assert only(world.answer(old, "pass")).endswith("(answered before)")  # once: no ping-pong
    assert len(before.nothing_moved()) == 1


def test_a_reply_to_an_old_turn_is_answered_with_the_position_now(
    world: World, game_id: GameId
) -> None:
    player, _ = turn_of(world, game_id)
    old = world.latest(player)
    assert list(world.answer(old, greedy_command(world, game_id, player)).values()) == ["moved"]
    before = Before(world, game_id)
    done = world.answer(old, "pass")
    assert list(done.values()) == ["refused: stale_version"]
    (answer,) = before.nothing_moved()
    assert answer.to == player and "older mail" in answer.text() and "Your hand:" in answer.text()


@pytest.mark.parametrize(
    "headers",
    [
        {"Auto-Submitted": "auto-replied"},
        {"Precedence": "bulk"},
        {"X-Autoreply": "yes"},
        {"Return-Path": "<>"},
    ],
)
def test_an_auto_reply_is_never_answered(
    world: World, game_id: GameId, headers: dict[str, str]
) -> None:
    player, _ = turn_of(world, game_id)
    before = Before(world, game_id)
    raw = reply(world.latest(player), "I am out of the office until Monday.", headers=headers)
    assert only(world.deliver(raw)).startswith("ignored: ")
    assert before.nothing_moved() == []


def test_a_bounce_marks_the_address_unreachable_and_is_not_answered(
    world: World, game_id: GameId
) -> None:
    player, other = turn_of(world, game_id)
    mail = world.latest(player)
    before = Before(world, game_id)
    done = world.deliver(_bounce(mail), (mail.envelope_from,))
    assert list(done.values()) == [f"bounce: {player} unreachable"]
    assert before.nothing_moved() == []
    world.service.resign(game_id, world.players[other])  # news the bounced player would get
    world.drain()
    assert [m.to for m in world.sink.received[before.sent :]] == []
    with world.wiring.engine.connect() as connection:
        rows = connection.execute(
            select(outbox.c.status, outbox.c.last_error)
            .where(outbox.c.player == world.players[player])
            .order_by(outbox.c.id.desc())
        ).all()
    assert rows[0].status == "failed" and "unreachable" in (rows[0].last_error or "")
    world.answer(world.latest(player), "hand")  # writing to us again: reachable again
    assert world.channel.contacts.why_unreachable(player) is None


def test_a_bounce_with_a_forged_token_changes_nothing(world: World, game_id: GameId) -> None:
    player, _ = turn_of(world, game_id)
    mail = world.latest(player)
    forged = mail.envelope_from[:-20] + "a" * 5 + mail.envelope_from[-15:]
    done = world.deliver(_bounce(mail), (forged,))
    assert list(done.values()) == ["ignored: bounce with an invalid token"]
    assert world.channel.contacts.why_unreachable(player) is None


def test_a_mail_loop_attempt_is_dropped(world: World, game_id: GameId) -> None:
    player, _ = turn_of(world, game_id)
    ours = world.latest(player)
    before = Before(world, game_id)
    # our own mail coming back, a mail claiming to be from us, one carrying our X-Loop
    outcomes = [
        world.deliver(ours.raw, (str(ours.message["Reply-To"]),)),
        world.deliver(request(SERVICE, "new game with ben@example.org")),
        world.deliver(reply(ours, "pass", headers={"X-Loop": SERVICE})),
    ]
    assert [only(o) for o in outcomes] == [
        "ignored: Auto-Submitted: auto-generated",
        "ignored: our own address",
        "ignored: mail loop",
    ]
    assert before.nothing_moved() == []


def test_unparseable_mail_gets_at_most_one_error_reply_an_hour(
    world: World, game_id: GameId
) -> None:
    """An hour for a player's proven address; a day for an unproven one, whose ``From`` may be
    forged (every answer to it would be backscatter)."""
    before = Before(world, game_id)
    for sender in (ANA, "stranger@example.org"):
        for text in ("hello?", "anyone there?", "please"):
            world.deliver(request(sender, text))
    assert len(before.nothing_moved()) == 2
    world.clock.advance(hours=1)
    for sender in (ANA, "stranger@example.org"):
        world.deliver(request(sender, "hello again"))
    assert [mail.to for mail in before.nothing_moved()[2:]] == [ANA]
    world.clock.advance(hours=23)
    world.deliver(request("stranger@example.org", "hello again"))
    assert [mail.to for mail in before.nothing_moved()[3:]] == ["stranger@example.org"]


def test_ten_thousand_random_tokens_are_all_refused(world: World, game_id: GameId) -> None:
    """Random tokens naming real threads (so each reaches the signature check), from the
    thread's own player: all refused."""
    handler = world.channel.handler
    threads = {
        world.channel.store.thread(game_id, world.players[address]): address
        for address in (ANA, BEN)
    }
    rng = random.Random(7)
    alphabet = "abcdefghijklmnopqrstuvwxyz234567"
    refused = 0
    for _ in range(10_000):
        thread = rng.choice(list(threads))
        mac = "".join(rng.choice(alphabet) for _ in range(26))
        token = f"{thread:x}-{rng.randrange(1, 60):x}-k1-{mac}"
        if handler.authenticate(token, threads[thread]) == NOT_VALID:
            refused += 1
    assert refused == 10_000
    real = parse_token(str(world.latest(ANA).message["Reply-To"]).split("+")[1].split("@")[0])
    assert handler.authenticate(str(real), ANA) != NOT_VALID  # the check can say yes


def _readdressed(raw: bytes, to: str) -> bytes:
    from adapters.email.inbound import parse_message

    message = parse_message(raw)
    message.replace_header("To", to)
    return message.as_bytes()


def _bounce(mail: Received) -> bytes:
    """A delivery status notification (RFC 3464) about ``mail``, as a mail server sends it."""
    return f"""From: Mail Delivery System <MAILER-DAEMON@mx.example.org>
To: {mail.envelope_from}
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce-1@mx.example.org>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="b1"

--b1
Content-Type: text/plain

This is the mail system. Your message could not be delivered.
--b1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.org

Final-Recipient: rfc822; {mail.to}
Action: failed
Status: 5.1.1
--b1--
""".replace("\n", "\r\n").encode()
