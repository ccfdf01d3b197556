"""The soak's tests need PostgreSQL's server programs (a private cluster) and Dovecot; without
them they skip, or fail under ``CI=true``."""

from __future__ import annotations

import pytest

from tests.conftest import unavailable
from tests.email.dovecot import Dovecot
from tests.reliability.soak import cluster


@pytest.fixture
def soak_dovecot(dovecot: Dovecot) -> Dovecot:
    """The session's Dovecot with an empty inbox, and the cluster's programs checked for."""
    if not cluster.is_installed():
        unavailable(f"its server programs are not in {cluster.BIN}")
    dovecot.empty()
    return dovecot
