"""The service as it is deployed: ``conquian serve --role web|telegram|worker|mail`` processes on one
database, each configured by environment variables only, with the outside servers of the tests
(the fake Bot API, aiosmtpd, a private Dovecot) as their Telegram, SMTP and IMAP.

Each process's resident memory is sampled from ``/proc`` while it runs (``Memory``), per
incarnation: a restarted worker starts a new series.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink, free_port
from tests.email.world import DOMAIN, KEYS, SERVICE
from tests.telegram.fake_api import TOKEN, FakeTelegram

WEB_KEYS = "soak-web-key-0123456789abcdef"
LANES = "4"
DRAIN = "0.25"
"""The worker's sending lanes and drain interval, as docs/deploy.md has a deployment above 20
moves a second set them: a notification mostly waits on its channel, and four players' waits
overlap; a drain every second makes a notification wait half a second for its tick."""
STARTED = {"worker": "worker started", "telegram": "telegram: started", "mail": "email: started"}
"""The log line that says a role runs: its channels are connected, its loops started."""
POSTS = {"telegram": "17", "worker": "11"}
"""Each posting process's share of Telegram's 30 messages a second, as a deployment sets it
(``CONQUIAN_TELEGRAM_POSTS_PER_SECOND``): the Telegram role posts the answer to each typed
move, the worker about every other notification (measured, issue 21); 2 are left over for the
moments between a post's turn and Telegram's receipt."""


def environment(
    url: str, data_dir: Path, fake: FakeTelegram, sink: SmtpSink, dovecot: Dovecot
) -> dict[str, str]:
    """Every channel on, as an operator would configure a deployment on one database."""
    imap = dovecot.server()
    return {
        **os.environ,
        "CONQUIAN_DATA_DIR": str(data_dir),
        "CONQUIAN_DATABASE_URL": url,
        "CONQUIAN_WEB_KEYS": WEB_KEYS,
        "CONQUIAN_MOVES_PER_MINUTE": "600",
        "CONQUIAN_TELEGRAM_TOKEN": TOKEN,
        "CONQUIAN_TELEGRAM_API_URL": fake.base_url,
        "CONQUIAN_MAIL_DOMAIN": DOMAIN,
        "CONQUIAN_MAIL_FROM": SERVICE,
        "CONQUIAN_MAIL_TOKEN_KEYS": KEYS,
        "CONQUIAN_SMTP_HOST": "127.0.0.1",
        "CONQUIAN_SMTP_PORT": str(sink.port),
        "CONQUIAN_SMTP_SECURITY": "none",
        "CONQUIAN_IMAP_HOST": imap.host,
        "CONQUIAN_IMAP_PORT": str(imap.port),
        "CONQUIAN_IMAP_SECURITY": "none",
        "CONQUIAN_IMAP_USER": imap.user or "",
        "CONQUIAN_IMAP_PASSWORD": imap.password or "",
        "CONQUIAN_IMAP_POLL_SECONDS": "2",
        "CONQUIAN_IMAP_ROLE": "mail",  # as compose has it: the mail's intake in its own process
        "CONQUIAN_SENDING_LANES": LANES,
        "CONQUIAN_DRAIN_SECONDS": DRAIN,
    }


@dataclass
class Memory:
    """Resident set sizes (MB) of one process incarnation, sampled over time."""

    name: str
    samples: list[tuple[float, float]] = field(default_factory=list)
    """(monotonic seconds, MB)."""
    running_at: float | None = None
    """When the process said it runs (samples start then)."""

    def growth(self, after: float, until: float) -> tuple[float, float] | None:
        """RSS at the first sample at or after ``after`` and at the last one up to ``until``;
        None without two such samples (the process did not live that long)."""
        within = [mb for at, mb in self.samples if after <= at <= until]
        return (within[0], within[-1]) if len(within) >= 2 else None


class Service:
    """One ``conquian serve --role ROLE`` process (restartable: each start is an incarnation)."""

    def __init__(self, role: str, env: dict[str, str], logs: Path, index: int = 0) -> None:
        self.role = role
        self.name = f"{role}{index}"
        self.env = dict(env)
        self.logs = logs
        self.port: int | None = None
        if role == "web":
            self.port = free_port()
            self.env["CONQUIAN_WEB_PORT"] = str(self.port)
        if role in POSTS:
            self.env["CONQUIAN_TELEGRAM_POSTS_PER_SECOND"] = POSTS[role]
        self.process: subprocess.Popen[bytes] | None = None
        self.incarnations: list[Memory] = []
        self.exit_codes: list[int] = []

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: bool = True) -> None:
        """Start a new incarnation; unless ``wait`` is False, wait until it runs."""
        number = len(self.incarnations)
        log = (self.logs / f"{self.name}.{number}.log").open("wb")
        argv = [str(Path(sys.executable).parent / "conquian"), "serve", "--role", self.role]
        self.process = subprocess.Popen(argv, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        self.incarnations.append(Memory(f"{self.name}#{number}"))
        if wait:
            self.wait_until_running()

    def wait_until_running(self) -> None:
        if self.role == "web":
            self._wait_for_web()
        else:
            self._wait_for_line(STARTED[self.role], len(self.incarnations) - 1)
        self.incarnations[-1].running_at = time.monotonic()

    def stop(self, sig: int = signal.SIGTERM) -> int:
        """Stop the process with ``sig``; its exit code."""
        self.signal(sig)
        return self.wait()

    def signal(self, sig: int = signal.SIGTERM) -> None:
        assert self.process is not None
        self.process.send_signal(sig)

    def wait(self) -> int:
        """Wait for the signalled process to end; its exit code."""
        process = self.process
        assert process is not None
        try:
            code = process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            process.kill()
            code = process.wait()
        self.exit_codes.append(code)
        self.process = None
        return code

    def restart(self) -> tuple[float, float]:
        """SIGTERM, then a new incarnation — also after a stop that failed (killed after 60 s),
        as a supervisor would; the failure is raised once the new one runs.  The seconds the
        stop took and the start."""
        began = time.monotonic()
        code = self.stop()
        stopped = time.monotonic()
        self.start()
        if code != 0:
            raise RuntimeError(f"{self.name} exited with {code} when asked to stop")
        return stopped - began, time.monotonic() - stopped

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def pid(self) -> int | None:
        return None if self.process is None else self.process.pid

    def sample(self) -> None:
        """Record the process's resident memory now."""
        if not self.alive or self.pid is None or self.incarnations[-1].running_at is None:
            return
        try:
            status = Path(f"/proc/{self.pid}/status").read_text()
        except OSError:
            return
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                megabytes = int(line.split()[1]) / 1024
                self.incarnations[-1].samples.append((time.monotonic(), megabytes))

    def log_text(self) -> str:
        return "\n".join(
            path.read_text(errors="replace")
            for path in sorted(self.logs.glob(f"{self.name}.*.log"))
        )

    def _wait_for_line(self, line: str, number: int) -> None:
        """Wait until this incarnation's log says it runs (it has connected and migrated)."""
        log = self.logs / f"{self.name}.{number}.log"
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if line in log.read_text(errors="replace"):
                return
            if not self.alive:
                raise RuntimeError(f"{self.name} died: {self.log_text()[-3000:]}")
            time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not start: {self.log_text()[-3000:]}")

    def _wait_for_web(self) -> None:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if not self.alive:
                raise RuntimeError(f"{self.name} died: {self.log_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"{self.base_url}/healthz", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"{self.name} did not answer: {self.log_text()[-3000:]}")


@dataclass
class Deployment:
    """The processes of one soak: web servers, the Telegram poller, the mail's intake and the
    worker."""

    webs: list[Service]
    telegram: Service
    mail: Service
    worker: Service

    @classmethod
    def of(cls, env: dict[str, str], logs: Path, webs: int = 2) -> Deployment:
        return cls(
            [Service("web", env, logs, n) for n in range(webs)],
            Service("telegram", env, logs),
            Service("mail", env, logs),
            Service("worker", env, logs),
        )

    @property
    def all(self) -> list[Service]:
        return [*self.webs, self.telegram, self.mail, self.worker]

    def start(self) -> None:
        for service in self.all:
            service.start(wait=False)
        for service in self.all:
            service.wait_until_running()

    def sample(self) -> None:
        for service in self.all:
            service.sample()

    def dead(self) -> list[str]:
        return [service.name for service in self.all if not service.alive]

    def stop(self) -> dict[str, int]:
        running = [service for service in self.all if service.alive]
        for service in running:
            service.signal()
        return {service.name: service.wait() for service in running}
