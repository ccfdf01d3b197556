"""PostgreSQL stopped for 30 seconds in the middle of play (issue 9, part 6).

Bots play on every channel against the deployed processes on a private cluster; then the
cluster stops and, while it is down, one move is sent in every game waiting for one.  Until it
is back: the Telegram updates stay unconfirmed at the Bot API (the poller cannot store them, so
it must not move its offset past them), the mails stay unseen in Dovecot, every web move is
answered 503 with a clear "try again", and every process keeps running.  Once it is back the
Telegram and email moves are applied from where they waited, the web moves are sent again and
applied, play goes on, and the log holds every move once.
"""

from __future__ import annotations

import time
from pathlib import Path

from imapclient import IMAPClient

from tests.email.dovecot import Dovecot
from tests.reliability.soak.checks import verify_log, wait_for_empty_outbox
from tests.reliability.soak.players import Sent, Table
from tests.reliability.soak.report import Plan
from tests.reliability.soak.soak import Soak

OUTAGE_SECONDS = 30
PLAN = Plan(seconds=6, rate=10, games=30, restart_worker_at=None, restart_database_at=None)


def test_moves_wait_at_their_source_while_postgresql_is_stopped(
    soak_dovecot: Dovecot, tmp_path: Path
) -> None:
    with Soak(PLAN, soak_dovecot, tmp_path) as soak:
        players, cluster = soak.players, soak.cluster
        assert cluster is not None
        soak.open_and_tell()
        soak.play(PLAN.seconds, PLAN.rate, {})
        soak.settle(30)
        assert _ready_on_every_channel(soak, within=60)
        prepared = _one_move_per_waiting_game(soak)
        assert {sent.channel for _, sent in prepared} == {"web", "telegram", "email"}
        pids = {service.name: service.pid for service in soak.deployment.all}

        cluster.stop()
        stopped = time.monotonic()
        for table, sent in prepared:
            players.send(table, sent, wait=True)
        time.sleep(max(OUTAGE_SECONDS - (time.monotonic() - stopped), 0))
        confirmed = soak.fake.confirmed
        unseen = _unseen_message_ids(soak_dovecot)
        alive = {s.name: s.pid for s in soak.deployment.all if s.alive}
        cluster.start()

        by_channel = {
            c: [s for _, s in prepared if s.channel == c] for c in ("web", "telegram", "email")
        }
        assert confirmed <= min(s.update_id or 0 for s in by_channel["telegram"])
        assert {s.message_id for s in by_channel["email"]} <= unseen
        for sent in by_channel["web"]:
            [answer] = sent.refusals
            assert answer.startswith("web 503:") and "try again" in answer, answer
        assert alive == pids, "a process died while the database was away"

        soak.settle(60)  # the Telegram and email moves are applied from where they waited
        applied = [s for _, s in prepared if s.channel != "web" and s.applied_at is not None]
        assert len(applied) == len(by_channel["telegram"]) + len(by_channel["email"])
        soak.play(PLAN.seconds, PLAN.rate, {})  # the web bots try again, and play goes on
        soak.settle(30)
        assert wait_for_empty_outbox(soak.wiring.engine, 30) is not None
        verdict = verify_log(players, soak.wiring.service.store, soak.wiring.engine)
        assert verdict.ok, verdict.summary()
        assert verdict.applied_after_503 == 0, verdict.summary()
        assert soak.deployment.dead() == []
        assert soak.deployment.stop() == {s.name: 0 for s in soak.deployment.all}


def _ready_on_every_channel(soak: Soak, within: float) -> bool:
    """Wait until a game on each channel waits for its bot: an email bot only moves once the
    mail showing the game's version has come, which on a loaded machine can trail the settle."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        soak.players.refresh()
        ready = {t.bots[t.to_act].channel for t in soak.players.ready() if t.to_act}
        if ready == {"web", "telegram", "email"}:
            return True
        time.sleep(0.5)
    return False


def _one_move_per_waiting_game(soak: Soak) -> list[tuple[Table, Sent]]:
    """A move chosen, not yet sent, in every game where a bot is to act."""
    prepared = []
    for table in soak.players.ready():
        sent = soak.players.choose(table)
        if sent is not None:
            prepared.append((table, sent))
    return prepared


def _unseen_message_ids(dovecot: Dovecot) -> set[str]:
    client: IMAPClient = dovecot.client()
    try:
        client.select_folder("INBOX", readonly=True)
        uids = client.search(["UNSEEN"])
        fetched = client.fetch(uids, ["BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)]"]) if uids else {}
    finally:
        client.logout()
    found = set()
    for data in fetched.values():
        header = data[b"BODY[HEADER.FIELDS (MESSAGE-ID)]"].decode().strip()
        found.add(header.partition(":")[2].strip())
    return found
