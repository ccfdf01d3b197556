"""The channels read the game service through its public methods only (issue 32).

``GameService`` keeps its stores and caches as attributes (``store``, ``settings``, ``intake``,
``folded``) because its own use cases share them; a channel that reaches through the service into
one of them decides for itself what it may read of a game, and the service can no longer change
how it keeps what it keeps.  So no module of ``adapters/`` names one of them on anything called
``service`` (``service.store``, ``channel.service.settings``, ``web().service.intake`` …): each
read it needs is a method of ``GameReads`` or ``GameService``.

Nor does a channel go around the one intake: every request comes in through
``GameService.handle`` or ``request``, stored under its key and answered once.  So no module of
``adapters/`` calls ``act`` (the service's own way in behind the intake) or a lobby use case
the intake's requests stand for (``cancel``, ``offer_rematch``, ``accept_rematch``) on the
service.  The checkers are tested on snippets below, so a silent checker cannot make the
project's test pass.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PARTS = frozenset({"store", "settings", "intake", "folded"})
"""The service's parts a channel never reaches into."""
AROUND_THE_INTAKE = frozenset({"cancel", "offer_rematch", "accept_rematch"})
"""Use cases a channel asks for through ``GameService.request`` (``CallOff``, ``Rematch``)."""


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


def goes_around_the_intake(source: str) -> list[tuple[int, str]]:
    """Each call of ``….act(…)``, and of ``<…>service.cancel(…)`` and the rematch use cases, in
    ``source``: its line and the method."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Attribute):
            continue
        method, owner = node.func.attr, node.func.value
        named = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", None)
        if method == "act" or (method in AROUND_THE_INTAKE and named == "service"):
            found.append((node.lineno, method))
    return found


def _adapters() -> list[tuple[Path, str]]:
    modules = sorted((ROOT / "adapters").rglob("*.py"))
    assert len(modules) > 100, "the walk sees the adapters"
    return [(path.relative_to(ROOT), path.read_text(encoding="utf-8")) for path in modules]


def test_no_adapter_reaches_into_the_service_s_parts() -> None:
    found = [
        f"{path}:{line}: service.{part}"
        for path, source in _adapters()
        for line, part in reaches_in(source)
    ]
    assert found == [], "use GameService's public reads instead:\n" + "\n".join(found)


def test_every_channel_comes_in_through_the_intake() -> None:
    found = [
        f"{path}:{line}: .{method}(…)"
        for path, source in _adapters()
        for line, method in goes_around_the_intake(source)
    ]
    assert found == [], "ask GameService.handle or request instead:\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "web().service.act(game_id, player, command, version)",
        "self.service.act(self.game_id, player, line)",
        "service = web().service\noutcome = service.act(game_id, player, 'pass')",
        "channel.service.cancel(game_id, player)",
        "web().service.offer_rematch(grant.game_id, grant.player)",
        "self.service.accept_rematch(game_id, player)",
    ],
)
def test_the_checker_flags_a_way_around_the_intake(source: str) -> None:
    assert goes_around_the_intake(source) != []


@pytest.mark.parametrize(
    "source",
    [
        "web().service.handle(SOURCE, key, command, asked)",
        "service.request(SOURCE, key, payload, CallOff(player, game_id))",
        "self.lobby.cancel(said, game_id)",  # Telegram's /cancel, which asks ``request`` itself
        "timer.cancel()",
    ],
)
def test_the_checker_leaves_the_intake_and_other_cancels_alone(source: str) -> None:
    assert goes_around_the_intake(source) == []


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
