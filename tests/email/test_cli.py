"""``conquian email-in`` (an MTA's pipe) and ``conquian email-poll --once`` as real processes,
and ``conquian worker --once`` sending the notifications by email."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import Received, SmtpSink
from tests.email.world import ANA, BEN, DOMAIN, KEYS, SERVICE, only, reply, request


def environment(tmp_path: Path, sink: SmtpSink, dovecot: Dovecot | None = None) -> dict[str, str]:
    env = {
        **os.environ,
        "CONQUIAN_DATA_DIR": str(tmp_path / "data"),
        "CONQUIAN_MAIL_DOMAIN": DOMAIN,
        "CONQUIAN_MAIL_FROM": SERVICE,
        "CONQUIAN_MAIL_TOKEN_KEYS": KEYS,
        "CONQUIAN_SMTP_HOST": "127.0.0.1",
        "CONQUIAN_SMTP_PORT": str(sink.port),
        "CONQUIAN_SMTP_SECURITY": "none",
    }
    if dovecot is not None:
        server = dovecot.server()
        env |= {
            "CONQUIAN_IMAP_HOST": server.host,
            "CONQUIAN_IMAP_PORT": str(server.port),
            "CONQUIAN_IMAP_SECURITY": "none",
            "CONQUIAN_IMAP_USER": server.user or "",
            "CONQUIAN_IMAP_PASSWORD": server.password or "",
        }
    return env


def conquian(
    env: dict[str, str], *args: str, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "adapters.cli.main", *args],
        input=stdin,
        env=env,
        capture_output=True,
        timeout=60,
        check=False,
    )


def invitation_and_join(env: dict[str, str], sink: SmtpSink) -> Received:
    done = conquian(
        env, "email-in", "--recipient", SERVICE, stdin=request(ANA, f"new game with {BEN}")
    )
    assert done.returncode == 0, done.stderr.decode()
    assert only(json.loads(done.stdout)["handled"]).startswith("opened ")
    invitation = sink.to(BEN)[-1]
    return invitation


def test_email_in_takes_a_mail_from_a_pipe_and_the_worker_mails_the_turn(
    tmp_path: Path, smtp_sink: SmtpSink
) -> None:
    env = environment(tmp_path, smtp_sink)
    invitation = invitation_and_join(env, smtp_sink)
    join = reply(invitation, "join")
    done = conquian(env, "email-in", "--recipient", str(invitation.message["Reply-To"]), stdin=join)
    assert done.returncode == 0, done.stderr.decode()
    assert list(json.loads(done.stdout)["handled"].values()) == ["joined"]
    before = len(smtp_sink.received)

    worker = conquian(env, "worker", "--once")

    assert worker.returncode == 0, worker.stderr.decode()
    assert json.loads(worker.stdout)["delivered"] == 1  # Ana hears that Ben joined
    (news,) = smtp_sink.received[before:]
    assert news.to == ANA and "game with ben" in news.text()  # named after the address


def test_email_in_without_settings_asks_the_mta_to_try_again(tmp_path: Path) -> None:
    env = {**os.environ, "CONQUIAN_DATA_DIR": str(tmp_path)}
    env.pop("CONQUIAN_MAIL_DOMAIN", None)
    done = conquian(env, "email-in", stdin=request(ANA, "new game with ben@example.org"))
    assert done.returncode == 75 and b"email is off" in done.stderr


def test_email_poll_once_reads_the_mailbox(
    tmp_path: Path, smtp_sink: SmtpSink, mailbox: Dovecot
) -> None:
    env = environment(tmp_path, smtp_sink, mailbox)
    mailbox.deliver(request(ANA, f"new game with {BEN}"), SERVICE)

    done = conquian(env, "email-poll", "--once")

    assert done.returncode == 0, done.stderr.decode()
    assert only(json.loads(done.stdout)).startswith("opened ")
    assert "invites you" in smtp_sink.to(BEN)[-1].text()
    again = conquian(env, "email-poll", "--once")
    assert json.loads(again.stdout) == {}
