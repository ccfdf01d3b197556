"""The worker's settings come from the environment, with documented defaults."""

from __future__ import annotations

from datetime import timedelta

import pytest

from adapters.config import Settings, SettingsError, WorkerSettings


def test_without_variables_the_defaults_hold() -> None:
    worker = Settings.from_env({}).worker
    assert worker == WorkerSettings()
    assert (worker.sweep_seconds, worker.reminder_seconds, worker.drain_seconds) == (2, 5, 1)
    assert (worker.lease, worker.batch_size, worker.delivery_attempts) == (
        timedelta(seconds=30),
        100,
        10,
    )


def test_each_variable_sets_its_value() -> None:
    environ = {
        "CONQUIAN_SWEEP_SECONDS": "0.5",
        "CONQUIAN_REMINDER_SECONDS": "30",
        "CONQUIAN_DRAIN_SECONDS": "2",
        "CONQUIAN_LEASE_SECONDS": "90",
        "CONQUIAN_BATCH_SIZE": "500",
        "CONQUIAN_DELIVERY_ATTEMPTS": "4",
        "CONQUIAN_DATA_DIR": "/srv/conquian",
    }
    assert Settings.from_env(environ).worker == WorkerSettings(0.5, 30, 2, 90, 500, 4)
    lanes = Settings.from_env({"CONQUIAN_SENDING_LANES": "4"}).worker
    assert lanes == WorkerSettings(sending_lanes=4)


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        ("CONQUIAN_SWEEP_SECONDS", "soon", "CONQUIAN_SWEEP_SECONDS must be a number, not 'soon'"),
        ("CONQUIAN_DRAIN_SECONDS", "0", "CONQUIAN_DRAIN_SECONDS must be above 0, not '0'"),
        ("CONQUIAN_BATCH_SIZE", "2.5", "CONQUIAN_BATCH_SIZE must be a whole number, not '2.5'"),
        ("CONQUIAN_LEASE_SECONDS", "nan", "CONQUIAN_LEASE_SECONDS must be above 0, not 'nan'"),
    ],
)
def test_a_value_that_cannot_be_used_is_named(name: str, value: str, message: str) -> None:
    with pytest.raises(SettingsError) as raised:
        Settings.from_env({name: value})
    assert str(raised.value) == message
