"""Optional compiled build of the rules core.

``pip install .`` gives the pure-Python package (what development and the tests use).  With
``CONQUIAN_MYPYC=1`` (and mypy installed, ``--no-build-isolation``) the typed rules modules are
compiled with mypyc into C extensions (with the bots, the hard bot's search and the self-play loop
that drive it): same code, same results, several times as fast, for the Docker image, ``make run``
(when a C compiler is present) and ``make bench``.  ``cards.py`` stays interpreted: its card types subclass ``int``,
which mypyc cannot compile, and ``__init__`` only re-exports.
"""

from __future__ import annotations

import os
from pathlib import Path

from setuptools import setup

ext_modules = []
if os.environ.get("CONQUIAN_MYPYC") == "1":
    from mypyc.build import mypycify

    rules = [
        p for p in Path("service/rules").glob("*.py") if p.name not in {"cards.py", "__init__.py"}
    ]
    driving = [
        "service/bots/belief.py",
        "service/bots/policies.py",
        "service/bots/search.py",
        "service/bots/selfplay.py",
    ]
    compiled = sorted(str(path) for path in [*rules, *map(Path, driving)])
    ext_modules = mypycify(compiled, opt_level="3")

setup(ext_modules=ext_modules)
