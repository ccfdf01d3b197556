"""Which build of the rules core and the bots this process runs: compiled (mypyc) or interpreted.

A compiled module is an extension (``.so``); ``make run`` and the Docker image load the compiled
build where they can, and ``conquian serve`` says at start which one it got, so an operator never
has to guess why the hard bot is slow.
"""

from __future__ import annotations

import importlib

MODULES = ("service.rules.legal", "service.rules.evolve", "service.bots.search")
"""Modules compiled by ``setup.py`` under ``CONQUIAN_MYPYC=1``: the hot path of a search."""


def rules_build() -> str:
    """``compiled (mypyc)`` when every hot module is an extension, else ``interpreted``."""
    files = [str(getattr(importlib.import_module(name), "__file__", "")) for name in MODULES]
    if all(name.endswith((".so", ".pyd")) for name in files):
        return "compiled (mypyc)"
    return "interpreted"
