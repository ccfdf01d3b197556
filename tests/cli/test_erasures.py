"""``conquian erased`` and ``conquian erase``: an erasure reaches a restored backup (issue 25).
A backup taken before the erasure is restored; the ids the live database lists as erased since
the backup are erased again in it, and the name is gone from it too."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from adapters.bootstrap import build
from adapters.cli.main import main
from adapters.config import Settings
from service.ports.directory import Address


def test_erasures_listed_in_the_live_database_are_applied_to_a_restored_backup(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    live, restored = tmp_path / "live", tmp_path / "restored"
    wiring = build(Settings(data_dir=live))
    zeb = wiring.directory.register("Zebulon Quist", Address("telegram", "987654321"))
    wiring.directory.register("Olga", Address("telegram", "111"))
    wiring.close()
    restored.mkdir()
    for name in ("conquian.db", "web.key"):
        if (live / name).exists():
            shutil.copy(live / name, restored / name)  # the backup, before the erasure

    monkeypatch.setenv("CONQUIAN_DATA_DIR", str(live))
    assert main(["erase", zeb]) == 0
    assert main(["erased", "--since", "2000-01-01T00:00:00Z"]) == 0
    listed = [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert listed == [zeb]

    monkeypatch.setenv("CONQUIAN_DATA_DIR", str(restored))
    assert b"Zebulon Quist" in (restored / "conquian.db").read_bytes()
    assert main(["erase", *listed, "p0000000000000000"]) == 0
    out = capsys.readouterr().out
    assert f"{zeb}\terased" in out and "p0000000000000000\tunknown" in out
    assert main(["erase", zeb]) == 0 and "erased already" in capsys.readouterr().out
    wiring = build(Settings(data_dir=restored))
    try:
        assert wiring.directory.profile(zeb).former
        assert wiring.directory.player_at(Address("telegram", "987654321")) is None
    finally:
        wiring.close()
