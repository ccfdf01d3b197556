"""The service's signing keys: the secrets that sign web links (``adapters/web/capabilities.py``)
and key the confirmation code of an erasure (``service.app.your_data``).  A module of its own so
that the composition root can read them without importing the web side."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import secrets
from collections.abc import Callable, Sequence
from pathlib import Path

from adapters.config import PRIVATE_DIRECTORY, PRIVATE_FILE, Settings

KEY_FILE = "web.key"


def signing_keys(configured: Sequence[str], data_dir: Path) -> tuple[bytes, ...]:
    """The configured keys (``CONQUIAN_WEB_KEYS``), or the one kept in ``data_dir/web.key``,
    made on first use, so that one machine needs no configuration and keeps its links valid
    across restarts."""
    if configured:
        return tuple(hashlib.sha256(key.encode()).digest() for key in configured)
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(mode=PRIVATE_DIRECTORY, parents=True, exist_ok=True)
        draft = data_dir / f".{KEY_FILE}.{os.getpid()}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_urlsafe(32) + "\n")
        with contextlib.suppress(FileExistsError):  # another process made it first: use theirs
            os.link(draft, path)
        draft.unlink()
    key = path.read_text(encoding="utf-8").strip()
    return (hashlib.sha256(key.encode()).digest(),)


def service_secret(settings: Settings) -> Callable[[], bytes]:
    """The service's secret — the first signing key — read (or made) when first needed: it keys
    the erasure's confirmation code and the MACs of the never-mail list (``adapters/sql/
    suppression.py``), so every process of one service computes the same."""
    return functools.cache(lambda: signing_keys(settings.web.keys, settings.data_dir)[0])
