"""Without PostgreSQL its tests are skipped on a developer's machine but fail the run under CI."""

from __future__ import annotations

import pytest

from tests.conftest import unavailable


def test_a_missing_postgresql_skips_its_tests_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="not reachable"):
        unavailable("no server")


def test_a_missing_postgresql_fails_the_run_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="required under CI=true"):
        unavailable("no server")
