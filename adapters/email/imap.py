"""Reading replies from an IMAP mailbox (imapclient): poll every N seconds, or wait in IDLE
where the server offers it.

Each round stores every unseen message (``Handler.receive``: unique by ``Message-ID``, and its
UID under the folder's ``UIDVALIDITY`` recorded) *before* flagging it ``\\Seen`` (or deleting it),
then handles what is waiting.  A poller killed between the two finds the messages unseen again;
their UIDs are known, so they are not even downloaded again, and handling them once more does
nothing twice.
"""

from __future__ import annotations

import contextlib
import logging
import ssl
import threading
from dataclasses import dataclass, field

from imapclient import IMAPClient
from imapclient.exceptions import IMAPClientError

from adapters.config import MailServer
from adapters.email.handling import Handler
from adapters.sql.engine import is_unavailable

log = logging.getLogger(__name__)

SEEN = b"\\Seen"
DATABASE_RETRY_SECONDS = 2.0
"""How soon a poll that found the database away is tried again (it is back within seconds of a
restart; ``poll_seconds`` may be a minute)."""


@dataclass(frozen=True)
class Fetched:
    """What one round found in the folder."""

    uidvalidity: int
    stored: tuple[int, ...]
    """UIDs downloaded and stored this round."""
    known: tuple[int, ...]
    """Unseen UIDs that were stored before (a round that died before flagging them)."""

    @property
    def all(self) -> tuple[int, ...]:
        return self.stored + self.known


@dataclass
class ImapPoller:
    server: MailServer
    handler: Handler
    folder: str = "INBOX"
    delete: bool = False
    poll_seconds: float = 60.0
    context: ssl.SSLContext = field(default_factory=ssl.create_default_context)

    @property
    def mailbox(self) -> str:
        """The mailbox's name in the UIDs it keeps: a user's folder on a host."""
        return f"{self.server.user}@{self.server.host}/{self.folder}"

    def connect(self) -> IMAPClient:
        server = self.server
        client = IMAPClient(
            server.host,
            port=server.port,
            ssl=server.security == "tls",
            ssl_context=self.context,
            timeout=server.timeout,
        )
        if server.security == "starttls":
            client.starttls(self.context)
        client.login(server.user or "", server.password or "")
        client.select_folder(self.folder)
        return client

    def poll_once(self) -> dict[str, str]:
        """One round: store what is new, flag it, handle what is waiting."""
        client = self.connect()
        try:
            self.acknowledge(client, self.fetch(client))
        finally:
            _logout(client)
        return self.handler.handle_waiting()

    def fetch(self, client: IMAPClient) -> Fetched:
        """Store every unseen message of the folder (not flagging anything)."""
        status = client.folder_status(self.folder, [b"UIDVALIDITY"])
        validity = int(status[b"UIDVALIDITY"])
        unseen = [int(uid) for uid in client.search(["UNSEEN", "NOT", "DELETED"])]
        known = self.handler.store.known_uids(self.mailbox, validity, unseen)
        new = [uid for uid in unseen if uid not in known]
        for uid in new:
            data = client.fetch([uid], ["BODY.PEEK[]"]).get(uid, {})
            raw = data.get(b"BODY[]")
            if not isinstance(raw, bytes):
                continue  # expunged meanwhile
            self.handler.receive(raw, uid=(self.mailbox, validity, uid))
        return Fetched(validity, tuple(new), tuple(sorted(known)))

    def acknowledge(self, client: IMAPClient, fetched: Fetched) -> None:
        """Flag the stored messages ``\\Seen``, or delete them (``CONQUIAN_IMAP_DELETE``)."""
        if not fetched.all:
            return
        if self.delete:
            client.delete_messages(list(fetched.all))
            client.expunge()
        else:
            client.add_flags(list(fetched.all), [SEEN])

    def run(self, stop: threading.Event) -> None:
        """Poll until ``stop`` is set; between rounds wait in IDLE when offered (a new message
        ends the wait at once; so does ``poll_seconds``, after which the folder is searched
        anyway), else sleep ``poll_seconds``.  ``stop`` is noticed between rounds.  A lost
        connection is logged and retried after ``poll_seconds``; so is anything else that fails,
        since the loop must outlive it.  While the database is away nothing can be stored, so
        nothing is flagged: the mail waits, unseen, and the poll is tried every few seconds."""
        while not stop.is_set():
            try:
                self._serve(stop)
            except (IMAPClientError, OSError):
                log.exception("IMAP connection failed; trying again in %g s", self.poll_seconds)
                stop.wait(self.poll_seconds)
            except Exception as error:
                if not is_unavailable(error):
                    log.exception("IMAP poll failed; trying again in %g s", self.poll_seconds)
                    stop.wait(self.poll_seconds)
                    continue
                wait = min(self.poll_seconds, DATABASE_RETRY_SECONDS)
                log.warning(
                    "database unavailable, mail left unseen; again in %g s: %s", wait, error
                )
                stop.wait(wait)

    def _serve(self, stop: threading.Event) -> None:
        client = self.connect()
        try:
            idle = b"IDLE" in client.capabilities()
            while not stop.is_set():
                self.acknowledge(client, self.fetch(client))
                self.handler.handle_waiting()
                if idle:
                    client.idle()
                    try:
                        client.idle_check(timeout=self.poll_seconds)
                    finally:
                        client.idle_done()
                else:
                    stop.wait(self.poll_seconds)
        finally:
            _logout(client)


def _logout(client: IMAPClient) -> None:
    with contextlib.suppress(IMAPClientError, OSError):
        client.logout()
