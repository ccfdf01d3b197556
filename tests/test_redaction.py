"""What the log redaction cuts out (``adapters.redaction``): every kind of capability, and
nothing else a log line needs."""

from __future__ import annotations

import logging

import pytest

from adapters import redaction
from adapters.redaction import redacted

PAGE = "WyJwYWdlIiwiMWFjMzFhOTNlMjgwZWYyNyIsInA4MjFjZGVkNGU0NDJjYTUzIl0.j9u-jHEZPuoiBvWg0LQPmQ"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (f"Exception on /p/{PAGE} [POST]", "Exception on /p/[link] [POST]"),
        (f"http://x.example/p/{PAGE}/version", "http://x.example/p/[link]/version"),
        ("GET /join/4f9c2ab1d3e5 200", "GET /join/[link] 200"),
        (f"Authorization: Bearer {PAGE}", "Authorization: Bearer [token]"),
        ("to reply+1f-2k-k1-abcdefghijklmnopqrstuvwxyz@c.test", "to reply+[token]@c.test"),
        ("refused token '1f-2k-k1-abcdefghijklmnopqrstuvwxyz'", "refused token '[token]'"),
        (
            "POST https://api.telegram.org/bot123456:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/getMe",
            "POST https://api.telegram.org/bot[bot token]/getMe",
        ),
    ],
)
def test_every_kind_of_capability_is_cut_out(text: str, shown: str) -> None:
    assert redacted(text) == shown


@pytest.mark.parametrize(
    "text",
    [
        "game 1a2b3c4d5e6f7a8b moved to version 12",
        "GET /api/v1/games/1a2b3c4d5e6f7a8b 200",
        "logger conquian.serve: web: stopped",
        "drain: Drained(delivered=1, retried=0, failed=0, left=0)",
        "mail to ana@example.org sent",
    ],
)
def test_ordinary_log_lines_are_left_alone(text: str) -> None:
    assert redacted(text) == text


def test_a_record_and_its_traceback_are_redacted_as_they_are_made(
    caplog: pytest.LogCaptureFixture,
) -> None:
    redaction.install()
    redaction.install()  # once is enough, however often asked
    with caplog.at_level(logging.DEBUG):
        try:
            raise ValueError(f"bad page /p/{PAGE}")
        except ValueError:
            logging.getLogger("x").exception("failed on %s", f"/p/{PAGE}")
    assert PAGE not in caplog.text
    assert "failed on /p/[link]" in caplog.text and "bad page /p/[link]" in caplog.text
