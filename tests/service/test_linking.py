"""Linking a player's addresses on two channels with a one-time code, whichever side starts."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import pytest

from adapters.sql.directory import SqlDirectory
from adapters.sql.engine import create
from adapters.sql.link_codes import SqlLinkCodes
from adapters.sql.migrate import upgrade
from service.players.linking import (
    AddressTaken,
    InMemoryLinkCodes,
    LinkCodes,
    LinkedAlready,
    Linking,
    UnknownLinkCode,
)
from service.ports.directory import Address, Directory
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance

EMAIL = Address("email", "ana@example.org")
TELEGRAM = Address("telegram", "4242")


@pytest.fixture(params=["memory", "sqlite"])
def parts(request: pytest.FixtureRequest, tmp_path: Path) -> tuple[Directory, LinkCodes]:
    if request.param == "memory":
        return InMemoryDirectory(), InMemoryLinkCodes()
    engine = create(f"sqlite:///{tmp_path / 'conquian.db'}")
    upgrade(engine)
    request.addfinalizer(engine.dispose)
    return SqlDirectory(engine), SqlLinkCodes(engine)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def linking(parts: tuple[Directory, LinkCodes], clock: ManualClock) -> Linking:
    directory, codes = parts
    return Linking(directory, codes, clock, SeededChance(1))


def test_a_code_shown_on_one_channel_links_the_address_it_is_typed_from(linking: Linking) -> None:
    ana = linking.directory.register("Ana", EMAIL)
    code = linking.offer(ana, EMAIL)
    assert linking.confirm(code.code.upper(), TELEGRAM) == ana
    assert linking.directory.player_at(TELEGRAM) == ana
    assert set(linking.directory.addresses(ana)) == {EMAIL, TELEGRAM}


def test_a_code_sent_to_the_other_channel_links_it_when_typed_on_either_side(
    linking: Linking,
) -> None:
    ana = linking.directory.register("Ana", TELEGRAM)
    first = linking.send_to(ana, EMAIL)
    assert linking.confirm(first.code, TELEGRAM) == ana  # typed back where it was asked for
    assert linking.directory.player_at(EMAIL) == ana


def test_a_code_sent_to_an_address_can_be_confirmed_from_that_address(linking: Linking) -> None:
    ana = linking.directory.register("Ana", TELEGRAM)
    code = linking.send_to(ana, EMAIL)
    assert linking.confirm(code.code, EMAIL) == ana


def test_a_code_works_once_and_not_after_it_expires(linking: Linking, clock: ManualClock) -> None:
    ana = linking.directory.register("Ana", EMAIL)
    code = linking.offer(ana, EMAIL)
    linking.confirm(code.code, TELEGRAM)
    with pytest.raises(UnknownLinkCode):
        linking.confirm(code.code, Address("web", "x"))
    late = linking.offer(ana, EMAIL)
    clock.advance(minutes=31)
    with pytest.raises(UnknownLinkCode):
        linking.confirm(late.code, Address("web", "y"))
    assert clock.now() - late.expires_at < timedelta(minutes=2)


def test_a_code_from_a_stranger_address_does_not_link_the_target(linking: Linking) -> None:
    ana = linking.directory.register("Ana", TELEGRAM)
    code = linking.send_to(ana, EMAIL)
    with pytest.raises(UnknownLinkCode):
        linking.confirm(code.code, Address("email", "mallory@example.org"))
    assert linking.directory.player_at(EMAIL) is None


def test_another_player_s_address_is_never_taken_over(linking: Linking) -> None:
    ana = linking.directory.register("Ana", EMAIL)
    linking.directory.register("Ben", TELEGRAM)
    with pytest.raises(AddressTaken):
        linking.send_to(ana, TELEGRAM)
    code = linking.offer(ana, EMAIL)
    with pytest.raises(AddressTaken):
        linking.confirm(code.code, TELEGRAM)
    with pytest.raises(LinkedAlready):
        linking.confirm(linking.offer(ana, EMAIL).code, EMAIL)
