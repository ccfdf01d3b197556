"""The channels read the game service through its public methods only (issue 32).

``GameService`` keeps its stores and caches as attributes (``store``, ``settings``, ``intake``,
``folded``) because its own use cases share them; a channel that reaches through the service into
one of them decides for itself what it may read of a game, and the service can no longer change
how it keeps what it keeps.  So no module of ``adapters/`` names one of them on anything called
``service`` (``service.store``, ``channel.service.settings``, ``web().service.intake`` …): each
read it needs is a method of ``GameReads`` or ``GameService``.  The checker is tested on snippets
below, so a silent checker cannot make the project's test pass.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PARTS = frozenset({"store", "settings", "intake", "folded"})
"""The service's parts a channel never reaches into."""


def reaches_in(source: str) -> list[tuple[int, str]]:
    """Each ``<…>service.<part>`` in ``source``: its line and the part."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Attribute) or node.attr not in PARTS:
            continue
        owner = node.value
        named = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
        if named == "service":
            found.append((node.lineno, node.attr))
    return found


def test_no_adapter_reaches_into_the_service_s_parts() -> None:
    modules = sorted((ROOT / "adapters").rglob("*.py"))
    assert len(modules) > 100, "the walk sees the adapters"
    found = [
        f"{path.relative_to(ROOT)}:{line}: service.{part}"
        for path in modules
        for line, part in reaches_in(path.read_text(encoding="utf-8"))
    ]
    assert found == [], "use GameService's public reads instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "service.store.load(game_id)",
        "channel.service.settings.of(player)",
        "web().service.intake.earlier(key)",
        "self.mail.service.folded.last_seen(game_id)",
        "x = service.store",
    ],
)
def test_the_checker_flags_a_reach_through_the_service(source: str) -> None:
    assert reaches_in(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "service.events(game_id)",
        "channel.service.clock_settings(player)",
        "wiring.store.load(game_id)",  # the composition root holds the store itself
        "self.settings.base_url",
    ],
)
def test_the_checker_leaves_public_reads_and_other_owners_alone(source: str) -> None:
    assert reaches_in(source) == []
