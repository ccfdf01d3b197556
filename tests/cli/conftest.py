"""Fixtures of the command-line tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def own_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every ``conquian`` run of the test stores into SQLite under the test's own directory."""
    monkeypatch.setenv("CONQUIAN_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("CONQUIAN_DATABASE_URL", raising=False)
    return tmp_path
