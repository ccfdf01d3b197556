"""The soak's tests need PostgreSQL's server programs (a private cluster) and Dovecot; without
them they skip, or fail under ``CI=true``."""

from __future__ import annotations

import os

import pytest

from tests.email.dovecot import Dovecot

from . import cluster


@pytest.fixture
def soak_dovecot(dovecot: Dovecot) -> Dovecot:
    """The session's Dovecot with an empty inbox, and the cluster's programs checked for."""
    if not cluster.is_installed():
        reason = f"PostgreSQL's server programs are not in {cluster.BIN}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"required under CI=true: {reason}", pytrace=False)
        pytest.skip(reason)
    dovecot.empty()
    return dovecot
