"""The import contracts of ``pyproject.toml`` (import-linter): kept by the code, and able to fail.

``lint-imports`` runs on the project as it is, and then on copies of ``service/`` and
``adapters/`` with one violation planted in each: a channel importing another channel, one part
of the web (its API, pages, notices) importing another, a channel importing SQLAlchemy or a
table (its rows are the SQL adapter's), the service importing Flask or an adapter, the rules
core importing the service around it, the game importing the application above it, and an
import circle.  Each planted copy must break the contract it violates, so a contract that checks
nothing cannot pass unnoticed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def lint_imports(tree: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` over the packages in ``tree``, which come first on the import path."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run(
        [str(LINT_IMPORTS), str(tree / "pyproject.toml"), "--no-cache"],
        cwd=tree,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_code_keeps_every_contract() -> None:
    found = lint_imports(ROOT)

    assert found.returncode == 0, found.stdout + found.stderr
    assert "BROKEN" not in found.stdout


@pytest.fixture(scope="module")
def copy_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A pristine copy of the packages and the configuration, copied again for each plant."""
    source = tmp_path_factory.mktemp("pristine")
    ignore = shutil.ignore_patterns("__pycache__", "locales", "fonts", "static", "templates")
    for package in ("service", "adapters"):
        shutil.copytree(ROOT / package, source / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", source / "pyproject.toml")
    return source


PLANTS = {
    "a channel imports another": (
        "adapters/telegram/render.py",
        "from adapters.email import letters",
        "No channel imports another channel BROKEN",
    ),
    "the web's pages import its API": (
        "adapters/web/pages/table.py",
        "from adapters.web.api import views",
        "The web's API, pages and notices import none of each other",
    ),
    "the web's API imports its notices": (
        "adapters/web/api/players.py",
        "from adapters.web.notices import vapid",
        "The web's API, pages and notices import none of each other",
    ),
    "the shared mail imports a channel": (
        "adapters/mail/headers.py",
        "from adapters.email import letters",
        "The shared mail package imports no channel",
    ),
    "the email channel queries its table": (
        "adapters/email/choices.py",
        "from sqlalchemy import select",
        "No channel writes SQL: the channels and the shared mail import no database",
    ),
    "the web's notices take a SQL dialect": (
        "adapters/web/notices/desk.py",
        "from sqlalchemy.dialects import postgresql",
        "No channel writes SQL: the channels and the shared mail import no database",
    ),
    "the Telegram channel takes its table": (
        "adapters/telegram/render.py",
        "from adapters.sql.telegram_tables import telegram_updates",
        "No channel writes SQL: the channels and the shared mail import no database",
    ),
    "the terminal imports a channel": (
        "adapters/cli/render.py",
        "from adapters.web.pages import drawing",
        "The terminal channel imports no other channel",
    ),
    "the service imports Flask": (
        "service/language/notation.py",
        "import flask",
        "The service imports no framework or outside package BROKEN",
    ),
    "the service imports an adapter": (
        "service/language/notation.py",
        "from adapters import config",
        "Adapters are built on the service, never the other way round BROKEN",
    ),
    "the rules core imports the service": (
        "service/rules/cards.py",
        "from service.language import notation",
        "The rules core imports nothing of the service around it BROKEN",
    ),
    "the game imports the application": (
        "service/game/state.py",
        "from service.app import games",
        "The service's packages in layers: rules <- game <- ... <- app BROKEN",
    ),
    "an import circle": (
        "service/language/translation.py",
        "from service.language import vocabulary",
        "No import circle among the modules of any package BROKEN",
    ),
}


@pytest.mark.parametrize("plant", PLANTS, ids=list(PLANTS))
def test_a_planted_violation_breaks_its_contract(
    plant: str, copy_root: Path, tmp_path: Path
) -> None:
    path, line, broken = PLANTS[plant]
    tree = tmp_path / "tree"
    shutil.copytree(copy_root, tree)
    planted = tree / path
    planted.write_text(planted.read_text(encoding="utf-8") + f"\n{line}  # planted\n")

    found = lint_imports(tree)

    assert found.returncode != 0
    assert broken in found.stdout, found.stdout
