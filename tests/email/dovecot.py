"""A private Dovecot (IMAP and LMTP) for the tests, on fresh ports in a directory of its own.

Dovecot comes from Debian's ``dovecot-imapd dovecot-lmtpd`` (``deploy/ensure-dovecot.sh``, run by
``make test``).  Each instance gets new ports: a stopped Dovecot holds its ports for a few seconds.
Mail is delivered over LMTP, which adds ``Delivered-To: <recipient>`` — the reply token's address.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import smtplib
import subprocess
import tempfile
import time
from pathlib import Path

from imapclient import IMAPClient

from adapters.config import MailServer
from tests.email.smtp_sink import free_port

DOVECOT = "/usr/sbin/dovecot"
USER = "reply"
PASSWORD = "secret-for-tests"

CONFIG = """\
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
info_log_path = {root}/dovecot.log
listen = 127.0.0.1
protocols = imap lmtp
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%n {root}/passwd
}}
userdb {{
  driver = static
  args = uid=nobody gid=nogroup home={root}/home/%n allow_all_users=yes
}}
mail_location = maildir:{root}/mail/%n
recipient_delimiter = +
lmtp_save_to_detail_mailbox = no
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap}
  }}
}}
service lmtp {{
  inet_listener lmtp {{
    address = 127.0.0.1
    port = {lmtp}
  }}
}}
"""


def is_installed() -> bool:
    return os.path.exists(DOVECOT) and os.path.exists("/usr/lib/dovecot/lmtp")


class Dovecot:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="conquian-dovecot-"))
        self.root.chmod(0o755)  # dovecot's own processes run as other users
        self.imap_port = free_port()
        self.lmtp_port = free_port()
        self.config = self.root / "dovecot.conf"

    def start(self) -> None:
        for name in ("run", "state", "home", "mail"):
            (self.root / name).mkdir()
        for name in ("home", "mail"):
            (self.root / name).chmod(0o777)
        (self.root / "passwd").write_text(f"{USER}:{{PLAIN}}{PASSWORD}\n")
        (self.root / "passwd").chmod(0o644)
        self.config.write_text(
            CONFIG.format(root=self.root, imap=self.imap_port, lmtp=self.lmtp_port)
        )
        # The master forks and keeps running: it must not hold pipes of ours open.
        with open(self.root / "start.log", "wb") as output:
            subprocess.run(
                [DOVECOT, "-c", str(self.config)],
                check=True,
                stdin=subprocess.DEVNULL,
                stdout=output,
                stderr=subprocess.STDOUT,
            )
        self._wait_until_listening()

    def _wait_until_listening(self) -> None:
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                with smtplib.LMTP("127.0.0.1", self.lmtp_port, timeout=2):
                    return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"Dovecot did not start: {self.log()}")

    def deliver(self, raw: bytes, recipient: str, sender: str = "someone@example.org") -> None:
        """Deliver ``raw`` to ``recipient`` over LMTP, as the mail server would."""
        with smtplib.LMTP("127.0.0.1", self.lmtp_port, timeout=10) as lmtp:
            lmtp.sendmail(sender, [recipient], raw)

    def empty(self) -> None:
        """Remove every message from the inbox."""
        with self.client() as client:
            client.select_folder("INBOX")
            messages = client.search(["ALL"])
            if messages:
                client.delete_messages(messages)
                client.expunge()

    def client(self) -> IMAPClient:
        client = IMAPClient("127.0.0.1", port=self.imap_port, ssl=False, timeout=10)
        client.login(USER, PASSWORD)
        return client

    def server(self) -> MailServer:
        """How the service logs in to this mailbox."""
        return MailServer("127.0.0.1", self.imap_port, "none", USER, PASSWORD, timeout=10)

    def log(self) -> str:
        path = self.root / "dovecot.log"
        return path.read_text() if path.exists() else "(no log)"

    def stop(self) -> None:
        """Stop the master process (it takes its children along) and remove the directory."""
        pid_file = self.root / "run" / "master.pid"
        if pid_file.exists():
            pid = int(pid_file.read_text().split()[0])
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
            end = time.monotonic() + 10
            while time.monotonic() < end and _alive(pid):
                time.sleep(0.05)
        shutil.rmtree(self.root, ignore_errors=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
