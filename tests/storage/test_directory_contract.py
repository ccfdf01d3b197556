"""The player directory contract, run against the in-memory directory, SQLite and PostgreSQL."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adapters.sql.directory import SqlDirectory
from service.game.events import PlayerId
from service.ports.directory import Address, Directory, Profile
from tests.storage.conftest import Backend

TELEGRAM = Address("telegram", "12345")
EMAIL = Address("email", "ana@example.org")
WEB = Address("web", "3f2a9c")


def test_a_registered_player_is_found_at_their_address(directory: Directory) -> None:
    ana = directory.register("Ana", TELEGRAM)

    assert directory.player_at(TELEGRAM) == ana
    assert directory.addresses(ana) == [TELEGRAM]
    assert directory.profile(ana) == Profile(ana, "Ana", "en", "UTC")


def test_an_unknown_address_belongs_to_nobody(directory: Directory) -> None:
    directory.register("Ana", TELEGRAM)

    assert directory.player_at(Address("telegram", "99999")) is None
    assert directory.player_at(Address("email", "12345")) is None


def test_players_get_distinct_ids(directory: Directory) -> None:
    ana = directory.register("Ana", TELEGRAM)
    ben = directory.register("Ben", EMAIL)

    assert ana != ben
    assert directory.profile(ben).name == "Ben"


def test_an_address_cannot_be_registered_twice(directory: Directory) -> None:
    ana = directory.register("Ana", TELEGRAM)

    with pytest.raises(ValueError):
        directory.register("Impostor", TELEGRAM)

    assert directory.player_at(TELEGRAM) == ana


def test_a_player_can_be_reached_at_several_addresses_in_the_order_linked(
    directory: Directory,
) -> None:
    ana = directory.register("Ana", TELEGRAM)

    directory.link(ana, EMAIL)
    directory.link(ana, WEB)
    directory.link(ana, EMAIL)  # again: nothing changes

    assert directory.addresses(ana) == [TELEGRAM, EMAIL, WEB]
    assert directory.player_at(EMAIL) == ana


def test_an_address_of_another_player_cannot_be_linked(directory: Directory) -> None:
    ana = directory.register("Ana", TELEGRAM)
    ben = directory.register("Ben", EMAIL)

    with pytest.raises(ValueError):
        directory.link(ben, TELEGRAM)

    assert directory.player_at(TELEGRAM) == ana
    assert directory.addresses(ben) == [EMAIL]


def test_an_unknown_player_has_no_profile_and_no_addresses(directory: Directory) -> None:
    nobody = PlayerId("nobody")

    with pytest.raises(KeyError):
        directory.profile(nobody)
    with pytest.raises(KeyError):
        directory.link(nobody, WEB)
    assert directory.addresses(nobody) == []
    assert directory.player_at(WEB) is None


def test_a_profiles_name_is_always_shown_clean(directory: Directory) -> None:
    """Whatever a caller stored (a channel that forgot ``display_name``, a row written before
    names were cleaned, a rename), a profile carries its name as every channel shows names."""
    ana = directory.register("A\u202ena\r\nwww.spam.example", TELEGRAM)
    assert directory.profile(ana).name == "Ana"
    directory.update(replace(directory.profile(ana), name="Ana\x07 me@spam.example"))
    assert directory.profile(ana).name == "Ana"
    assert [p.name for p in directory.profiles_of([ana])] == ["Ana"]


def test_the_players_muted_for_good_are_kept_with_the_profile(directory: Directory) -> None:
    ana = directory.register("Ana", TELEGRAM)
    ben = directory.register("Ben", EMAIL)
    assert directory.profile(ana).muted == ()

    directory.update(replace(directory.profile(ana), muted=(ben, PlayerId("p-gone"))))

    assert directory.profile(ana).muted == (ben, PlayerId("p-gone"))
    assert directory.profile(ben).muted == ()
    assert {p.player: p.muted for p in directory.profiles_of([ana, ben])}[ana] == (
        ben,
        PlayerId("p-gone"),
    )
    directory.update(replace(directory.profile(ana), muted=()))
    assert directory.profile(ana).muted == ()


def test_a_block_remembers_reads_a_write_forgets_them_and_the_next_block_reads_afresh(
    backend: Backend,
) -> None:
    """``remembering``, as one notification's delivery uses it: the same profile and addresses
    read once, a write through the directory seen at once, and another process's change (a
    second directory on the same database) seen by the next delivery, never remembered past
    the block."""
    directory = backend.directory
    other = SqlDirectory(backend.engine) if backend.engine is not None else directory
    ana = directory.register("Ana", TELEGRAM)

    with directory.remembering():
        assert directory.profile(ana).name == "Ana"
        assert directory.addresses(ana) == [TELEGRAM]
        directory.update(replace(directory.profile(ana), name="Ana B"))
        directory.link(ana, EMAIL)
        assert directory.profile(ana).name == "Ana B"
        assert directory.addresses(ana) == [TELEGRAM, EMAIL]
        other.update(replace(other.profile(ana), name="Ana C"))
        other.link(ana, WEB)

    assert directory.profile(ana).name == "Ana C"
    assert directory.addresses(ana) == [TELEGRAM, EMAIL, WEB]
    with directory.remembering():
        assert directory.profile(ana).name == "Ana C"


def test_a_block_opened_for_a_batch_holds_its_players_as_they_were_when_it_opened(
    backend: Backend,
) -> None:
    """``remembering(players)``, as the dispatcher opens it for a claimed batch: every named
    player's addresses and profile read as the block opens (a change another process makes
    afterwards is not seen inside it, though nothing was asked for before), an unknown player
    still unknown, and everything read afresh after the block."""
    directory = backend.directory
    other = SqlDirectory(backend.engine) if backend.engine is not None else directory
    ana = directory.register("Ana", TELEGRAM)
    ben = directory.register("Ben", EMAIL)
    nobody = PlayerId("p0000000000000000")

    with directory.remembering([ana, ben, nobody]):
        other.update(replace(other.profile(ben), name="Ben B"))
        other.link(ana, WEB)
        held = backend.engine is not None  # the in-memory directory remembers nothing
        assert directory.profile(ben).name == ("Ben" if held else "Ben B")
        assert directory.addresses(ana) == ([TELEGRAM] if held else [TELEGRAM, WEB])
        assert directory.addresses(ben) == [EMAIL]
        assert directory.addresses(nobody) == []
        with pytest.raises(KeyError):
            directory.profile(nobody)

    assert directory.profile(ben).name == "Ben B"
    assert directory.addresses(ana) == [TELEGRAM, WEB]
