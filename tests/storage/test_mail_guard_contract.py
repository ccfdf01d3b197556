"""``Quotas`` and ``Consent`` on every backend (issue 24): a limit counts uses in its window and
is never overshot, even by threads racing on one database; a use given back frees its place;
an address is proven or on the never-mail list case-insensitively, and proving it takes it off
that list."""

from __future__ import annotations

import threading
from datetime import UTC, datetime, timedelta

import pytest

from adapters.sql.consent import SqlConsent
from adapters.sql.quotas import SqlQuotas
from service.ports.consent import Consent, InMemoryConsent
from service.ports.quotas import KEEP, PRUNE_EVERY, InMemoryQuotas, Quotas
from tests.storage.conftest import Backend

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)


@pytest.fixture
def quotas(backend: Backend) -> Quotas:
    return InMemoryQuotas() if backend.engine is None else SqlQuotas(backend.engine)


@pytest.fixture
def consent(backend: Backend) -> Consent:
    return (
        InMemoryConsent()
        if backend.engine is None
        else SqlConsent(backend.engine, lambda: b"contract")
    )


def test_a_limit_counts_the_uses_in_its_window(quotas: Quotas) -> None:
    taken = [
        quotas.take("invite-from:ana", 2, T0 - DAY, T0 + timedelta(minutes=i)) for i in range(3)
    ]
    assert taken[0] is not None and taken[1] is not None and taken[2] is None
    assert quotas.take("invite-from:ben", 2, T0 - DAY, T0) is not None  # another key
    later = T0 + DAY + timedelta(seconds=30)  # the first use left the window, not the second
    assert quotas.take("invite-from:ana", 2, later - DAY, later) is not None
    assert quotas.take("invite-from:ana", 2, later - DAY, later) is None


def test_a_use_given_back_frees_its_place(quotas: Quotas) -> None:
    ticket = quotas.take("invite-to:bob", 1, T0 - DAY, T0)
    assert ticket is not None
    assert quotas.take("invite-to:bob", 1, T0 - DAY, T0) is None
    quotas.give_back(ticket)
    assert quotas.take("invite-to:bob", 1, T0 - DAY, T0) is not None


def test_racing_takers_never_overshoot_the_limit(quotas: Quotas) -> None:
    granted: list[int] = []
    start = threading.Barrier(8)

    def take() -> None:
        start.wait()
        for _ in range(5):
            ticket = quotas.take("invite-all", 10, T0 - DAY, T0)
            if ticket is not None:
                granted.append(ticket)

    threads = [threading.Thread(target=take) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert 1 <= len(granted) <= 10


def test_an_address_is_proven_and_stopped_whatever_its_case(consent: Consent) -> None:
    assert not consent.proven("Ana@Example.org") and not consent.stopped("ana@example.org")
    consent.stop("ANA@example.org", T0)
    consent.stop("ana@example.org", T0 + DAY)  # again: no harm
    assert consent.stopped("ana@EXAMPLE.org") and not consent.proven("ana@example.org")
    consent.prove("ana@example.org", T0 + DAY)
    assert consent.proven("Ana@example.org") and not consent.stopped("ana@example.org")
    consent.stop("ana@example.org", T0 + 2 * DAY)  # a player may stop all mail too
    assert consent.proven("ana@example.org") and consent.stopped("ana@example.org")


def test_uses_older_than_any_window_are_forgotten(quotas: Quotas) -> None:
    assert quotas.take("old", 1, T0 - 30 * DAY, T0) is not None
    later = T0 + KEEP + DAY
    for _ in range(PRUNE_EVERY):
        quotas.take("new", PRUNE_EVERY, later - DAY, later)
    assert quotas.take("old", 1, T0 - 30 * DAY, later) is not None  # the old use is gone
