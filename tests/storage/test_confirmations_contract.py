"""``Confirmations`` on every backend (issue 31): a pending code confirms once, a wrong one counts
a try and the code is void after the last, an expired one confirms nothing, asking again replaces
the code, and each code belongs to one player, purpose and channel; racing checks of the right
code confirm it once."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from adapters.sql.confirmations import SqlConfirmations
from service.game.events import PlayerId
from service.ports.confirmations import (
    Checked,
    Confirmations,
    InMemoryConfirmations,
    Pending,
    Purpose,
)
from tests.storage.conftest import Backend

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LATER = T0 + timedelta(minutes=30)
ANA = PlayerId("pana")
BEN = PlayerId("pben")
ERASE = Purpose.ERASE


@pytest.fixture
def confirmations(backend: Backend) -> Confirmations:
    return InMemoryConfirmations() if backend.engine is None else SqlConfirmations(backend.engine)


def pending(digest: str, player: PlayerId = ANA, channel: str = "email") -> Pending:
    return Pending(player, ERASE, channel, digest, LATER)


def test_the_pending_code_confirms_once(confirmations: Confirmations) -> None:
    confirmations.put(pending("right"))
    assert confirmations.check(ANA, ERASE, "email", "right", T0, 5) == Checked.CONFIRMED
    assert confirmations.check(ANA, ERASE, "email", "right", T0, 5) == Checked.NONE


def test_wrong_tries_void_the_code(confirmations: Confirmations) -> None:
    confirmations.put(pending("right"))
    tries = [confirmations.check(ANA, ERASE, "email", f"wrong{i}", T0, 3) for i in range(3)]
    assert tries == [Checked.WRONG] * 3
    assert confirmations.check(ANA, ERASE, "email", "right", T0, 3) == Checked.NONE


def test_an_expired_code_confirms_nothing(confirmations: Confirmations) -> None:
    confirmations.put(pending("right"))
    assert confirmations.check(ANA, ERASE, "email", "right", LATER, 5) == Checked.NONE


def test_asking_again_replaces_the_code_and_its_tries(confirmations: Confirmations) -> None:
    confirmations.put(pending("first"))
    assert confirmations.check(ANA, ERASE, "email", "wrong", T0, 2) == Checked.WRONG
    confirmations.put(pending("second"))
    assert confirmations.check(ANA, ERASE, "email", "first", T0, 2) == Checked.WRONG
    assert confirmations.check(ANA, ERASE, "email", "second", T0, 2) == Checked.CONFIRMED


def test_a_code_is_for_one_player_purpose_and_channel(confirmations: Confirmations) -> None:
    confirmations.put(pending("ana-mail"))
    confirmations.put(pending("ben-mail", player=BEN))
    confirmations.put(pending("ana-telegram", channel="telegram"))
    assert confirmations.check(ANA, ERASE, "telegram", "ana-mail", T0, 5) == Checked.WRONG
    assert confirmations.check(ANA, Purpose.DATA, "email", "ana-mail", T0, 5) == Checked.NONE
    assert confirmations.check(BEN, ERASE, "email", "ana-mail", T0, 5) == Checked.WRONG
    assert confirmations.check(ANA, ERASE, "email", "ana-mail", T0, 5) == Checked.CONFIRMED
    assert confirmations.check(BEN, ERASE, "email", "ben-mail", T0, 5) == Checked.CONFIRMED


def test_racing_checks_of_the_right_code_confirm_it_once(confirmations: Confirmations) -> None:
    confirmations.put(pending("right"))
    results: list[Checked] = []
    start = threading.Barrier(4)

    def check() -> None:
        start.wait()
        results.append(confirmations.check(ANA, ERASE, "email", "right", T0, 5))

    threads = [threading.Thread(target=check) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [Checked.CONFIRMED] + [Checked.NONE] * 3
