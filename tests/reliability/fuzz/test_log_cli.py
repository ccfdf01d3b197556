"""A few hostile files through the real ``conquian verify`` and ``conquian import`` executables:
each is refused with its exit code and a one-line reason, never a traceback, and a refused
import stores nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from service.log.file import export_lines
from tests.random_games import play

CONQUIAN = Path(sys.executable).with_name("conquian")
HEADER = json.dumps({"format": "conquian-log", "format_version": 1, "schema_version": 1})
HOSTILE = {
    "not-utf8.jsonl": HEADER.encode() + b"\n\xff\xfe{}\n",
    "deep.jsonl": HEADER.encode() + b"\n" + b"[" * 100_000 + b"\n",
    "huge-number.jsonl": b'{"format": "conquian-log", "format_version": ' + b"9" * 5000 + b"}\n",
}


def conquian(*args: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "CONQUIAN_DATA_DIR": str(data_dir)}
    environment.pop("CONQUIAN_DATABASE_URL", None)
    return subprocess.run(
        [str(CONQUIAN), *args], capture_output=True, text=True, env=environment, timeout=120
    )


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_hostile_file_is_refused_with_a_reason_not_a_traceback(name: str, tmp_path: Path) -> None:
    path = tmp_path / name
    path.write_bytes(HOSTILE[name])
    for command in ("verify", "import"):
        done = conquian(command, str(path), data_dir=tmp_path / "data")
        assert done.returncode == 1, (command, done.stdout, done.stderr)
        assert "Traceback" not in done.stderr, done.stderr
        assert done.stdout.startswith("invalid: "), done.stdout
    assert not (tmp_path / "data").exists(), "a refused import opened the database"


def test_a_log_altered_in_one_digit_is_refused_and_the_genuine_one_imports(
    tmp_path: Path,
) -> None:
    lines = export_lines(play(4).log)
    altered = [*lines[:-1], lines[-1].replace("1", "2", 1)]
    (tmp_path / "altered.jsonl").write_text("\n".join(altered) + "\n")
    (tmp_path / "game.jsonl").write_text("\n".join(lines) + "\n")
    refused = conquian("import", str(tmp_path / "altered.jsonl"), data_dir=tmp_path / "data")
    assert refused.returncode == 1 and "Traceback" not in refused.stderr, refused
    imported = conquian("import", str(tmp_path / "game.jsonl"), data_dir=tmp_path / "data")
    assert imported.returncode == 0, imported.stderr
    assert imported.stdout.startswith("imported game "), imported.stdout
