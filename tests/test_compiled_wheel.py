"""The Docker image's wheel holds the compiled rules core and bots, which play as the source does.

Builds the wheel as ``deploy/Dockerfile`` does (``CONQUIAN_MYPYC=1 pip wheel --no-build-isolation``;
``--no-deps`` here, the dependencies being beside the point and the tests offline), checks it holds
extension modules for the rules and the bots, unpacks it and has the compiled hard bot choose
moves that must equal the interpreted bot's for the same seeds.  It is part of ``make test``
(about half a minute here): a class attribute on a frozen dataclass of the rules once built and
passed every interpreted test, yet made the compiled build fail on its first ``MatchTerms``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIP_WHEEL = (sys.executable, "-m", "pip", "wheel", "--no-cache-dir", "--no-build-isolation")
"""The Dockerfile's build of the wheel."""
COMPILED = (
    "service/rules/legal",
    "service/rules/evolve",
    "service/bots/belief",
    "service/bots/policies",
    "service/bots/search",
)

CHOICES = """
import json, random, sys
from service.bots.policies import NoChance, greedy_bot, recall
from service.rules.actions import StartDeal, StartMatch
from service.rules.cards import DECK
from service.rules.decide import decide
from service.rules.evolve import evolve, replay
from service.rules.seats import Seat
from service.rules.state import initial_state
from service.rules.variants import DEFAULT, MatchTerms
from service.bots.search import search_bot
import service.bots.search, service.rules.legal
bot, chosen = search_bot(30), []
for seed in range(6):
    deck = list(DECK); random.Random(seed).shuffle(deck)
    state = replay(decide(initial_state(), StartMatch(DEFAULT, MatchTerms(), Seat(seed % 2))))
    state = replay(decide(state, StartDeal(tuple(deck))), state)
    rng = random.Random(seed)
    while state.to_act is not None:
        view = recall(state, state.to_act)
        action = bot(view, rng) if state.to_act is Seat.FIRST else greedy_bot(view, NoChance())
        chosen.append(repr(action))
        for event in decide(state, action):
            state = evolve(state, event)
print(json.dumps({"files": [service.bots.search.__file__, service.rules.legal.__file__],
                  "chosen": chosen}))
"""


def choices(python_path: Path) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, "-P", "-c", CHOICES],
        env={**os.environ, "PYTHONPATH": str(python_path)},
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    return dict(json.loads(done.stdout))


def test_the_image_wheel_holds_compiled_modules_that_choose_as_the_source_does(
    tmp_path: Path,
) -> None:
    source = tmp_path / "src"
    for top in ("service", "adapters"):
        shutil.copytree(ROOT / top, source / top, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [*PIP_WHEEL, "--no-deps", "--wheel-dir", str(wheels), "."],
        cwd=source,
        env={**os.environ, "CONQUIAN_MYPYC": "1"},
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    (wheel,) = wheels.glob("conquian-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for module in COMPILED:
        assert any(n.startswith(module + ".") and n.endswith(".so") for n in names), module
    unpacked = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(unpacked)

    compiled, interpreted = choices(unpacked), choices(ROOT)
    assert all(name.endswith(".so") for name in compiled["files"]), compiled["files"]
    assert not any(name.endswith(".so") for name in interpreted["files"])
    assert len(compiled["chosen"]) > 100
    assert compiled["chosen"] == interpreted["chosen"]
