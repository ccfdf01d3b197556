"""The service's VAPID key (RFC 8292): what signs every Web Push request, so that a push
service delivers to a browser only what the server that browser subscribed with sends.

Made on first start and kept in ``data_dir/vapid.pem`` (mode 0600, written to a private draft
and linked into place like the signing key, ``adapters/keys.py``, so two processes starting
together agree on one key).  The browser subscribes with its public half
(``application_server_key``); changing the key would leave every subscription unusable, so it is
never rotated by itself.  Processes on several machines sharing one PostgreSQL must share the
key too: ``CONQUIAN_VAPID_KEY_FILE`` names the same PEM file on each (``conquian serve`` warns
on PostgreSQL without it).
"""

from __future__ import annotations

import base64
import contextlib
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02

from adapters.config import PRIVATE_DIRECTORY, PRIVATE_FILE

KEY_FILE = "vapid.pem"


def vapid_key(data_dir: Path, configured: Path | None = None) -> Vapid02:
    """The key in ``configured`` (``CONQUIAN_VAPID_KEY_FILE``, which must exist), or the one
    kept in ``data_dir``, made there on first use."""
    if configured is not None:
        return Vapid02.from_file(str(configured))
    path = data_dir / KEY_FILE
    if not path.exists():
        data_dir.mkdir(mode=PRIVATE_DIRECTORY, parents=True, exist_ok=True)
        made = Vapid02()
        made.generate_keys()
        draft = data_dir / f".{KEY_FILE}.{os.getpid()}"
        fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, PRIVATE_FILE)
        with os.fdopen(fd, "wb") as out:
            out.write(made.private_pem())
        with contextlib.suppress(FileExistsError):  # another process made it first: use theirs
            os.link(draft, path)
        draft.unlink()
    return Vapid02.from_file(str(path))


def application_server_key(key: Vapid02) -> str:
    """The public half as the Push API takes it: the uncompressed point, base64url, unpadded."""
    raw = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode("ascii")
