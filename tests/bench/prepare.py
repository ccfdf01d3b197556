"""What ``make bench`` needs beyond the project venv: the reference venv and a mypyc build.

Both live under the benchmark venv (git-ignored, removed by ``make clean``) so that nothing here
reaches the project's dependencies or its source tree.  Both are cached behind a stamp and
rebuilt only when what they were made from changes.  A failure becomes a note in the report
instead of stopping the run: our own figures are the point, the rest is context.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = ("numpy==2.4.6", "rlcard==1.2.0")
OPTIONAL = ("open_spiel==2.0.2",)
STORAGE_REFERENCE = ("eventsourcing[postgres]==9.5.6",)
"""The event store library whose bare append the storage benchmark compares with ours."""
COPIED = ("service", "adapters")


def last_words(done: subprocess.CompletedProcess[str]) -> str:
    """The last non-blank line of a failed command's output: usually the reason."""
    lines = [line for line in (done.stderr + done.stdout).splitlines() if line.strip()]
    return lines[-1].strip() if lines else f"exit status {done.returncode}"


def pip_install(python: Path, packages: Sequence[str]) -> str | None:
    """Install ``packages`` with the venv's pip; returns the reason on failure, else None."""
    argv = [str(python), "-m", "pip", "install", "--quiet", *packages]
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, text=True)
    return None if done.returncode == 0 else last_words(done)


def bench_venv(venv: Path, python: str, notes: list[str]) -> set[str]:
    """Create or refresh the benchmark venv; returns the references usable in it.

    A stamp records the pins asked for, so an unchanged venv costs nothing and a changed pin
    reinstalls.  The optional packages are tried once per set of pins, not on every run.
    """
    stamp = venv / ".bench-installed"
    wanted = [*REQUIRED, *OPTIONAL, *STORAGE_REFERENCE]
    if stamp.exists():
        recorded = json.loads(stamp.read_text(encoding="utf-8"))
        if recorded["wanted"] == wanted:
            return set(recorded["usable"])
    print(f"Preparing {venv.name}: {' '.join(wanted)}", flush=True)
    if not (venv / "bin" / "python").exists():
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
    usable = set()
    failure = pip_install(venv / "bin" / "python", STORAGE_REFERENCE)
    if failure:
        notes.append(f"eventsourcing could not be installed in {venv.name}: {failure}")
    else:
        usable.add("eventsourcing")
    failure = pip_install(venv / "bin" / "python", REQUIRED)
    if failure:
        notes.append(f"RLCard could not be installed in {venv.name}: {failure}")
        return usable
    usable.add("rlcard")
    failure = pip_install(venv / "bin" / "python", OPTIONAL)
    if failure:
        notes.append(f"OpenSpiel (optional) could not be installed: {failure}")
    else:
        usable.add("open_spiel")
    stamp.write_text(json.dumps({"wanted": wanted, "usable": sorted(usable)}), encoding="utf-8")
    return usable


def source_digest(source: Path = ROOT) -> str:
    """A hash of the Python sources a compiled build is made from, working tree as it is now."""
    digest = hashlib.sha256()
    files = [source / "setup.py", source / "pyproject.toml"]
    files += sorted(path for top in COPIED for path in (source / top).rglob("*.py"))
    for path in files:
        digest.update(str(path.relative_to(source)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def compiled_tree(build: Path, python: str, notes: list[str], source: Path = ROOT) -> Path | None:
    """A copy of ``service/`` and ``adapters/`` with the rules compiled by mypyc, or None.

    The copy is built with ``setup.py``'s ``CONQUIAN_MYPYC=1`` switch, in place, outside the
    source tree: compiling in ``service/`` itself would leave extension modules there that the
    tests and every other run would then pick up.  It is put on ``PYTHONPATH`` to be measured.
    ``source`` is this tree, or an earlier commit's export (``base_commit``), built alike.
    """
    digest = source_digest(source)
    stamp = build / ".source-digest"
    if stamp.exists() and stamp.read_text(encoding="utf-8") == digest:
        return build
    print(f"Compiling the rules core with mypyc into {build}", flush=True)
    shutil.rmtree(build, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so")
    for top in COPIED:
        shutil.copytree(source / top, build / top, ignore=ignore)
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy2(source / name, build / name)
    argv = [python, "setup.py", "build_ext", "--inplace"]
    env = {**os.environ, "CONQUIAN_MYPYC": "1"}
    done = subprocess.run(argv, cwd=build, env=env, capture_output=True, text=True)
    if done.returncode != 0 or not list((build / "service" / "rules").glob("legal.*.so")):
        notes.append(f"The mypyc build of the rules core failed: {last_words(done)}")
        return None
    stamp.write_text(digest, encoding="utf-8")
    return build
