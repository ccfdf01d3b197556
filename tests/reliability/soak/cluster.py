"""A private PostgreSQL cluster for one soak: ``initdb -A trust`` into a temporary directory and
``pg_ctl`` on a free port, so that stopping or restarting it hurts no other test or helper.

PostgreSQL refuses to run as root, so as root ``initdb`` and ``pg_ctl`` run as user
``postgres`` (``runuser``).  ``fsync=off``: the soak proves what the service does when the
server goes away, not what the disk does; a crash of the machine is not among its faults.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from tests.email.smtp_sink import free_port

BIN = Path("/usr/lib/postgresql/15/bin")
OWNER = "postgres"
SETTINGS = (
    "-c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off "
    "-c full_page_writes=off -c max_connections=200"
)


def is_installed() -> bool:
    return (BIN / "initdb").exists() and (BIN / "pg_ctl").exists()


class Cluster:
    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="conquian-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        self.database = "soak"

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{OWNER}@127.0.0.1:{self.port}/{self.database}"

    def create(self) -> Cluster:
        """Make the cluster, start it and create the soak's database."""
        if os.geteuid() == 0:
            shutil.chown(self.root, OWNER, OWNER)
        self._run("initdb", "-A", "trust", "-U", OWNER, "--no-sync", "-D", str(self.data))
        self.start()
        self._run(
            "psql", "-h", "127.0.0.1", "-p", str(self.port), "-U", OWNER, "-d", "postgres",
            "-qc", f"CREATE DATABASE {self.database}",
        )  # fmt: skip
        return self

    def start(self) -> None:
        options = f"-p {self.port} -k {self.root} {SETTINGS}"
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-o", options, "start")

    def stop(self) -> None:
        """Stop at once: sessions are ended, as when an operator stops the server."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            subprocess.run(
                self._argv("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop"),
                capture_output=True,
                check=False,
            )
        shutil.rmtree(self.root, ignore_errors=True)

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run(
            self._argv(program, *args), capture_output=True, text=True, timeout=60
        )
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}")

    def _argv(self, program: str, *args: str) -> list[str]:
        path = BIN / program if (BIN / program).exists() else Path(shutil.which(program) or program)
        argv = [str(path), *args]
        return ["runuser", "-u", OWNER, "--", *argv] if os.geteuid() == 0 else argv
