"""Running ``conquian play`` from tests, and the stacked decks the terminal tests play.

``play`` runs the console script's ``main`` in the test process (the storage stack is imported
once, not per game); ``conquian`` runs the real executable.  Both use the process environment, so
a test that requests ``own_database`` (tests/cli/conftest.py) plays into its own database.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from io import StringIO
from pathlib import Path
from typing import Any

from adapters.cli.main import main

CONQUIAN = Path(sys.executable).parent / "conquian"

# A deal to a win, stacked by hand.  Player 2 deals (--dealer 2), so player 1 holds c1, c3 … c19
# and player 2 holds c2, c4 … c20; c21 (KS) is turned up for player 1, c22 (QH) comes next.
#   player 1: AC 2C 3C 4D 5D 6D 7D KH KD 4H     player 2: 4C 4S 2S QC QD KC 6H 7S JC 3S
# Plan: 1 takes KS with KH KD, discards 4H; 2 takes 4H with 4C 4S, discards 2S; 1 refuses 2S
# (dead) and then QH, turned up; 2 takes QH with QC QD, discards KC; 1 takes KC on the kings with
# the seven cards left (AC 2C 3C, 4D 5D 6D 7D) and goes out with 11 melded.
WIN_DECK = (
    "AC 4C 2C 4S 3C 2S 4D QC 5D QD 6D KC 7D 6H KH 7S KD JC 4H 3S "
    "KS QH 5C 6C 7C AD 2D 3D JD AH 2H 3H 5H 7H JH AS 5S 6S JS QS"
)
WIN_SCRIPT = [
    "take kh kd discard 4h",
    "take 4c 4s discard 2s",
    "pass",
    "pass",
    "take qc qd discard kc",
    "take ac 2c 3c 4d 5d 6d 7d",
]
# A deal to a draw: nobody ever takes, so every one of the 20 stock cards is refused twice (by
# the player who turns it up, then by the other, for whom it dies).  The 40th refusal finds the
# stock empty.  Which cards are where does not matter, so the deck is in suit order.
DRAW_DECK = (
    "AC 2C 3C 4C 5C 6C 7C JC QC KC AD 2D 3D 4D 5D 6D 7D JD QD KD "
    "AH 2H 3H 4H 5H 6H 7H JH QH KH AS 2S 3S 4S 5S 6S 7S JS QS KS"
)
HOTSEAT = ["--hotseat", "--dealer", "2"]


def conquian(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``conquian`` with the test's environment (its own ``CONQUIAN_DATA_DIR``)."""
    return subprocess.run(
        [str(CONQUIAN), *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=dict(os.environ),
        timeout=120,
    )


def play(args: list[str], lines: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``conquian play`` (``main``, in this process) with ``lines`` as its standard input."""
    stdin, stdout, stderr = StringIO("".join(f"{line}\n" for line in lines)), StringIO(), StringIO()
    saved, sys.stdin = sys.stdin, stdin
    try:
        with redirect_stdout(stdout), redirect_stderr(stderr):
            try:
                code = main(["play", *args])
            except SystemExit as exit_:  # argparse refusing the arguments
                code = int(exit_.code or 0)
    finally:
        sys.stdin = saved
    return subprocess.CompletedProcess(["play", *args], code, stdout.getvalue(), stderr.getvalue())


def responses(result: subprocess.CompletedProcess[str]) -> list[dict[str, Any]]:
    """Every line of standard output as JSON (each line must be one JSON object)."""
    return [json.loads(line) for line in result.stdout.splitlines()]
