"""What the blueprints share: the parts of the running web application (``Web``), kept on the
Flask app by ``create_app`` and fetched with ``web()`` while a request is handled."""

from __future__ import annotations

from dataclasses import dataclass

from flask import current_app

from adapters.config import WebSettings
from adapters.web.capabilities import Capabilities
from adapters.web.limits import RateLimit
from adapters.web.readiness import Readiness
from service.app.games import GameService

EXTENSION = "conquian"


@dataclass(frozen=True)
class Web:
    service: GameService
    capabilities: Capabilities
    settings: WebSettings
    readiness: Readiness
    moves: RateLimit
    """Moves per player."""
    invitations: RateLimit
    """New players, games and joins per client address."""


def web() -> Web:
    parts: Web = current_app.extensions[EXTENSION]
    return parts
