"""What replies do besides a plain move: a line's number, looks, declining an invitation,
reminders, and the email settings."""

from __future__ import annotations

import re

import pytest

from adapters.config import EmailSettings, Settings, SettingsError
from tests.email.world import ANA, BEN, World, only, request


def to_act(world: World, game_id: str) -> str:
    return ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN  # type: ignore[arg-type]


def test_a_reply_with_a_number_plays_that_line_of_the_mail(world: World) -> None:
    game_id = world.start_game()
    player = to_act(world, game_id)
    mail = world.latest(player)
    lines = dict(re.findall(r"^  (\d+)\. (.+)$", mail.text(), re.MULTILINE))
    version = world.service.game(game_id).version
    assert only(world.answer(mail, "2" if "2" in lines else "1")) == "moved"
    played = world.service.store.load(game_id, after=version)
    assert played and world.service.game(game_id).version > version


def test_a_number_on_an_old_mail_is_stale(world: World) -> None:
    game_id = world.start_game()
    player = to_act(world, game_id)
    old = world.latest(player)
    world.answer(old, "1")
    assert only(world.answer(old, "1")) == "refused: stale_version"


@pytest.mark.parametrize(
    ("command", "shown"), [("help", "discard 2h [onto 7s]"), ("hand", "Your hand:")]
)
def test_a_look_is_answered_and_moves_nothing(world: World, command: str, shown: str) -> None:
    game_id = world.start_game()
    version = world.service.game(game_id).version
    assert only(world.answer(world.latest(ANA), command)) == "answered"
    assert shown in world.latest(ANA).text()
    assert world.service.game(game_id).version == version


def test_garbage_from_a_player_gets_an_error_reply_once_an_hour(world: World) -> None:
    world.start_game()
    sent = len(world.sink.received)
    for _ in range(3):
        assert only(world.answer(world.latest(ANA), "dance!")).startswith(
            "refused: unknown_command"
        )
    assert len(world.sink.received) == sent + 1
    assert "I don't know the command" in world.latest(ANA).text()


def test_an_invitation_can_be_declined(world: World) -> None:
    world.deliver(request(ANA, f"new game with {BEN} deals 3"))
    invitation = world.latest(BEN)
    assert only(world.answer(invitation, "decline")) == "declined"
    assert "declined your invitation" in world.latest(ANA).text()
    assert "You declined" in world.latest(BEN).text()
    (summary,) = world.service.games_of(world.players[ANA])
    assert summary.status == "open"


def test_a_reply_before_the_invitation_is_accepted_moves_nothing(world: World) -> None:
    world.deliver(request(ANA, f"new game with {BEN}"))
    opened = world.latest(ANA)
    assert "is invited" in opened.text()
    assert only(world.answer(opened, "pass")).startswith("refused: The game starts when")
    assert "nothing yet" in world.latest(ANA).text()


@pytest.mark.parametrize("word", ["cancel", "Cancelar"])
def test_the_host_calls_the_game_off_by_replying_cancel(world: World, word: str) -> None:
    world.deliver(request(ANA, f"new game with {BEN}"))
    opened, invitation = world.latest(ANA), world.latest(BEN)
    assert "reply cancel" in opened.text()

    assert only(world.answer(opened, word)) == "cancelled"

    assert "You called the game off" in world.latest(ANA).text()
    assert world.service.games_of(world.players[ANA]) == []
    assert only(world.answer(invitation, "join")) == "refused: invitation_withdrawn"
    assert "withdrawn" in world.latest(BEN).text()
    assert only(world.answer(opened, "pass")).startswith("refused: This game was called off")


def test_a_game_that_began_is_not_called_off_by_mail(world: World) -> None:
    game_id = world.start_game()
    version = world.service.game(game_id).version

    assert only(world.answer(world.latest(ANA), "cancel")).startswith("refused: The game has")

    assert "you may resign instead" in world.latest(ANA).text()
    assert world.service.game(game_id).version == version


def test_a_declined_invitation_can_be_called_off_from_the_hosts_news(world: World) -> None:
    world.deliver(request(ANA, f"new game with {BEN}"))
    world.answer(world.latest(BEN), "decline")
    declined = world.latest(ANA)
    assert "declined your invitation" in declined.text() and "reply cancel" in declined.text()

    assert only(world.answer(declined, "cancel")) == "cancelled"
    assert only(world.answer(declined, "cancel")) == "cancelled"  # a second mail: no harm

    (game_id,) = {line.game_id for line in world.service.store.all_summaries()}
    assert [type(one.event).__name__ for one in world.service.store.load(game_id)] == [
        "GameOpened",
        "GameCancelled",
    ]


def test_new_game_settings_are_read(world: World) -> None:
    done = world.deliver(request(ANA, f"new game with {BEN} deals 3, stake 2 forcing=disabled"))
    game_id = only(done).split()[1]
    game = world.service.game(game_id)  # type: ignore[arg-type]
    assert (game.terms.deals, game.terms.stake, game.variant.forcing.value) == (3, 2, "disabled")
    assert only(world.deliver(request(ANA, f"new game with {BEN} deals lots"))).startswith(
        "refused"
    )


def test_a_reminder_comes_by_mail(world: World) -> None:
    game_id = world.start_game()
    player = to_act(world, game_id)
    summary = world.service.store.all_summaries()[0]
    assert summary.next_reminder_at is not None
    world.clock.current = summary.next_reminder_at
    assert world.worker.remind() == 1
    world.drain()
    assert "Reminder: your decision" in world.latest(player).text()


def test_email_settings_come_from_the_environment() -> None:
    assert Settings.from_env({}).email is None
    environ = {
        "CONQUIAN_MAIL_DOMAIN": "example.net",
        "CONQUIAN_MAIL_TOKEN_KEYS": "k1:0123456789abcdef",
        "CONQUIAN_SMTP_HOST": "smtp.example.net",
        "CONQUIAN_IMAP_HOST": "imap.example.net",
        "CONQUIAN_IMAP_POLL_SECONDS": "15",
    }
    email = Settings.from_env(environ).email
    assert isinstance(email, EmailSettings)
    assert email.service_address == "conquian@example.net"
    assert email.smtp is not None and (email.smtp.port, email.smtp.security) == (587, "starttls")
    assert email.imap is not None and (email.imap.port, email.imap.security) == (993, "tls")
    assert email.poll_seconds == 15
    with pytest.raises(SettingsError, match="CONQUIAN_SMTP_SECURITY"):
        Settings.from_env({**environ, "CONQUIAN_SMTP_SECURITY": "maybe"})
    assert email.imap_role == "worker"  # the worker polls the mailbox unless told otherwise
    apart = Settings.from_env({**environ, "CONQUIAN_IMAP_ROLE": " Mail "}).email
    assert apart is not None and apart.imap_role == "mail"
    with pytest.raises(SettingsError, match="CONQUIAN_IMAP_ROLE must be one of worker, mail"):
        Settings.from_env({**environ, "CONQUIAN_IMAP_ROLE": "both"})
