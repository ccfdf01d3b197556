"""Architecture: which code may import what, checked on the syntax tree of every .py file.

* ``service/`` is the core: it imports only the standard library and ``service`` itself, never
  ``adapters`` and never a framework or third-party package (telegram, flask, sqlmodel …).
* ``service/rules/`` is the pure rules core: standard library and its own package only, and no
  source of randomness, time or I/O: the modules in ``IMPURE_MODULES`` are neither imported nor
  referenced, and the builtins in ``IMPURE_BUILTINS`` are never called.

A violation is reported as ``path:line: what is wrong``.  The checker itself is tested on snippets
at the end, so a silent checker cannot make the architecture tests pass.
"""

from __future__ import annotations

import ast
import os
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SKIPPED_DIRS = {"build", "dist", "node_modules", "__pycache__"}
"""Besides hidden directories (``.venv``, ``.git``, caches), which are never project code."""

STDLIB = frozenset(sys.stdlib_module_names)
IMPURE_MODULES = frozenset(
    {
        # named in the brief: randomness, clocks, the process, the file system, the network
        *("random", "time", "datetime", "secrets", "uuid", "os", "sys", "socket", "io"),
        *("pathlib", "subprocess", "threading"),
        # the same kinds of thing under other names
        *("shutil", "tempfile", "glob", "asyncio", "multiprocessing", "concurrent", "select"),
        *("selectors", "signal", "ssl", "urllib", "http", "sqlite3", "logging", "zoneinfo"),
    }
)
IMPURE_NAMES = frozenset(
    {"perf_counter", "monotonic", "time_ns", "process_time", "urandom", "getrandbits"}
    | {"SystemRandom", "utcnow"}
)
"""Attribute or variable names that only a clock or a random source provides."""
IMPURE_BUILTINS = frozenset(
    {"open", "input", "print", "__import__", "eval", "exec", "compile", "breakpoint"}
)


@dataclass(frozen=True, slots=True)
class Violation:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


@dataclass(frozen=True, slots=True)
class Imported:
    """One imported name, resolved to an absolute dotted module path (``""`` if it escapes)."""

    module: str
    line: int


def module_of(path: str) -> tuple[str, bool]:
    """The dotted module name of a repository-relative path, and whether it is a package."""
    parts = list(Path(path).with_suffix("").parts)
    is_package = parts[-1] == "__init__"
    if is_package:
        parts.pop()
    return ".".join(parts), is_package


def imports_in(tree: ast.AST, path: str) -> list[Imported]:
    """Every import, relative ones resolved, plus ``importlib.import_module``/``__import__`` of a
    constant string."""
    module, is_package = module_of(path)
    package = module.split(".") if is_package else module.split(".")[:-1]
    found: list[Imported] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend(Imported(alias.name, node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                if node.level - 1 >= len(package):
                    found.append(Imported("", node.lineno))
                    continue
                parent = package[: len(package) - (node.level - 1)]
                base = ".".join([*parent, *([node.module] if node.module else [])])
            for alias in node.names:
                name = base if alias.name == "*" else f"{base}.{alias.name}"
                found.append(Imported(name, node.lineno))
        elif isinstance(node, ast.Call) and _is_dynamic_import(node):
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                found.append(Imported(first.value, node.lineno))
    return found


def _is_dynamic_import(node: ast.Call) -> bool:
    func = node.func
    if not node.args:
        return False
    if isinstance(func, ast.Name):
        return func.id in {"__import__", "import_module"}
    return isinstance(func, ast.Attribute) and func.attr == "import_module"


def _top(module: str) -> str:
    return module.split(".")[0]


def _is_within(module: str, package: str) -> bool:
    return module == package or module.startswith(package + ".")


def check_source(source: str, path: str) -> list[Violation]:
    """Every architecture rule that the file at ``path`` (repository-relative) breaks."""
    if not _is_within(module_of(path)[0], "service"):
        return []
    tree = ast.parse(source, filename=path)
    in_rules = _is_within(module_of(path)[0], "service.rules")
    violations: list[Violation] = []
    for imported in imports_in(tree, path):
        problem = _import_problem(imported.module, in_rules)
        if problem:
            violations.append(Violation(path, imported.line, problem))
    if in_rules:
        violations.extend(_impure_uses(tree, path))
    return violations


def _import_problem(module: str, in_rules: bool) -> str | None:
    top = _top(module)
    if not module:
        return "relative import reaches outside the project's packages"
    if top == "adapters":
        return f"imports {module}: the core never depends on adapters"
    if top not in STDLIB and top != "service":
        return f"imports {module}: service/ uses only the standard library and service itself"
    if not in_rules:
        return None
    if top in IMPURE_MODULES:
        return f"imports {module}: the rules core has no randomness, clock or I/O"
    if top == "service" and not _is_within(module, "service.rules"):
        return f"imports {module}: service/rules imports only its own package"
    return None


def _impure_uses(tree: ast.AST, path: str) -> list[Violation]:
    """References to impure modules or clock/random names, and calls of I/O builtins."""
    found: list[Violation] = []
    for node in ast.walk(tree):
        call = node.func if isinstance(node, ast.Call) else None
        if isinstance(call, ast.Name) and call.id in IMPURE_BUILTINS:
            found.append(Violation(path, node.lineno, f"calls {call.id}()"))
        if isinstance(node, ast.Name) and node.id in IMPURE_MODULES | IMPURE_NAMES:
            found.append(Violation(path, node.lineno, f"refers to {node.id}"))
        elif isinstance(node, ast.Attribute) and node.attr in IMPURE_NAMES:
            found.append(Violation(path, node.lineno, f"refers to .{node.attr}"))
    return found


def python_files(root: Path = ROOT) -> list[Path]:
    """Every .py file of the project, outside hidden and build directories."""
    found = []
    for directory, subdirectories, files in os.walk(root):
        subdirectories[:] = [
            name for name in subdirectories if not name.startswith(".") and name not in SKIPPED_DIRS
        ]
        found.extend(Path(directory, name) for name in files if name.endswith(".py"))
    return sorted(found)


def violations_in_project(root: Path = ROOT) -> list[Violation]:
    found: list[Violation] = []
    for path in python_files(root):
        relative = path.relative_to(root).as_posix()
        found.extend(check_source(path.read_text(encoding="utf-8"), relative))
    return found


# --- the architecture ------------------------------------------------------------------------------


def test_every_python_file_parses_and_the_walk_sees_the_core() -> None:
    files = {path.relative_to(ROOT).as_posix() for path in python_files()}
    assert {
        "service/rules/decide.py",
        "service/rules/melds.py",
        "service/bots/policies.py",
    } <= files
    assert not any(name.startswith(".venv/") for name in files)
    for path in python_files():
        ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def test_the_core_imports_only_the_standard_library_and_itself() -> None:
    found = [v for v in violations_in_project() if not v.path.startswith("service/rules/")]
    assert not found, "architecture violations:\n" + "\n".join(map(str, found))


def test_the_rules_core_is_pure() -> None:
    found = [v for v in violations_in_project() if v.path.startswith("service/rules/")]
    assert not found, "architecture violations:\n" + "\n".join(map(str, found))


# --- the checker itself ------------------------------------------------------------------------------


def messages(source: str, path: str = "service/rules/example.py") -> list[str]:
    return [str(violation) for violation in check_source(source, path)]


def test_the_checker_flags_random_in_the_rules_core_with_file_and_line() -> None:
    source = '"""Doc."""\n\nimport random\n\n\ndef cut(deck):\n    return random.choice(deck)\n'
    assert messages(source) == [
        "service/rules/example.py:3: imports random: the rules core has no randomness, clock or I/O",
        "service/rules/example.py:7: refers to random",
    ]


@pytest.mark.parametrize(
    "source",
    [
        "from random import choice\n",
        "import os.path\n",
        "from time import perf_counter\n",
        "import datetime as dt\n",
        "from io import StringIO\n",
        "from sys import argv\n",
        "import importlib\nimportlib.import_module('secrets')\n",
        "from .. import bots\n",
        "from service.words.grammar import parse_command\n",
        "def shuffle(rng):\n    return rng.getrandbits(40)\n",
        "def now(clock):\n    return clock.perf_counter()\n",
        "def read(name):\n    return open(name).read()\n",
        "def ask():\n    return input()\n",
        "def show(x):\n    print(x)\n",
        "def load(name):\n    return __import__(name)\n",
    ],
)
def test_the_checker_flags_impure_or_foreign_code_in_the_rules_core(source: str) -> None:
    assert messages(source), f"not flagged: {source!r}"


@pytest.mark.parametrize(
    "source",
    [
        "from __future__ import annotations\n",
        "from collections.abc import Iterator\nfrom functools import lru_cache\n",
        "from .cards import card\nfrom .seats import Seat\n",
        "from service.rules.melds import table_mask\n",
        "from . import melds\n",
        "def total(xs):\n    return sum(xs)\n",
    ],
)
def test_the_checker_accepts_pure_rules_code(source: str) -> None:
    assert messages(source) == []


@pytest.mark.parametrize(
    "source",
    [
        "import telegram\n",
        "from flask import Flask\n",
        "from sqlmodel import SQLModel\n",
        "import sqlalchemy.orm\n",
        "from apscheduler.schedulers.background import BackgroundScheduler\n",
        "import psycopg\n",
        "import alembic\n",
        "from babel.dates import format_date\n",
        "from adapters.cli import main\n",
        "from ..adapters import config\n",
        "from ...outside import thing\n",
        "import importlib\nimportlib.import_module('telegram')\n",
    ],
)
def test_the_checker_flags_frameworks_and_adapters_anywhere_in_the_core(source: str) -> None:
    assert messages(source, "service/bots/policies.py"), f"not flagged: {source!r}"


def test_the_project_walk_reports_a_bad_file_with_its_path_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "service" / "rules"
    rules.mkdir(parents=True)
    (rules / "fair.py").write_text("from .cards import card\n")
    (rules / "unfair.py").write_text('"""Shuffle."""\nfrom random import shuffle\n')
    (tmp_path / "service" / "web.py").write_text("import flask\n")
    (tmp_path / ".venv").mkdir()
    (tmp_path / ".venv" / "ignored.py").write_text("import telegram\n")
    found = [str(violation) for violation in violations_in_project(tmp_path)]
    assert found == [
        "service/rules/unfair.py:2: imports random.shuffle: the rules core has no randomness, "
        "clock or I/O",
        "service/web.py:1: imports flask: service/ uses only the standard library and service itself",
    ]


def test_the_checker_lets_the_core_outside_rules_use_the_standard_library() -> None:
    source = "import random\nimport re\nfrom .rules.cards import card\nfrom . import notation\n"
    assert messages(source, "service/bots/selfplay.py") == []


def test_the_checker_leaves_adapters_and_tests_alone() -> None:
    source = "import telegram\nimport random\nprint(open('x').read())\n"
    assert messages(source, "adapters/telegram_bot.py") == []
    assert messages(source, "tests/test_example.py") == []


def test_relative_imports_resolve_from_the_package() -> None:
    tree = ast.parse("from . import melds\nfrom ..bots import Policy\nfrom .cards import *\n")
    resolved = [i.module for i in imports_in(tree, "service/rules/decide.py")]
    assert resolved == [
        "service.rules.melds",
        "service.bots.policies.Policy",
        "service.rules.cards",
    ]
    tree = ast.parse("from . import cards\n")
    assert [i.module for i in imports_in(tree, "service/rules/__init__.py")] == [
        "service.rules.cards"
    ]
