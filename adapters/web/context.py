"""What the blueprints share: the parts of the running web application (``Web``), kept on the
Flask app by ``create_app`` and fetched with ``web()`` while a request is handled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from flask import current_app

from adapters.config import WebSettings
from adapters.web.capabilities import Capabilities
from adapters.web.limits import Limit, RateLimit
from adapters.web.readiness import Readiness
from service.app.games import GameService
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.app.tournaments import Tournaments
from service.game.events import PlayerId
from service.players.unsubscribe import Unsubscribe
from service.ports.consent import Consent

EXTENSION = "conquian"


class Forgets(Protocol):
    """What keeps where a player's turn notices go (``notices.desk.NoticeDesk``), as the shell
    sees it: something that forgets all of it when the player's links are made new."""

    def forget(self, player: PlayerId) -> None: ...


@dataclass(frozen=True)
class Web:
    service: GameService
    capabilities: Capabilities
    settings: WebSettings
    readiness: Readiness
    moves: RateLimit
    """Moves per player."""
    invitations: Limit
    """New players, games and joins per client address (counted in the database)."""
    consent: Consent | None = None
    """The never-mail list the one-click unsubscribe link writes (with email on)."""
    unsubscribe: Unsubscribe | None = None
    """Checks that link's token (with email on)."""
    ratings: Ratings | None = None
    """Profiles and the leaderboard (``pages/profiles.py``); without it their pages are 404."""
    notices: Forgets | None = None
    """Turn notices by Web Push and mail (``notices/``: the desk); without it the page offers
    none.  Typed by what the shell needs of it, so the shell imports no part of ``notices``."""
    lobby: Lobby | None = None
    """Seeks and automatic pairing (issue 36: ``api/seeks.py``, ``pages/lobby.py``); without it
    their addresses are 404."""
    tournaments: Tournaments | None = None
    """Tournaments (issue 37: ``pages/tournaments.py``, ``pages/watch.py``); without them their
    pages are 404."""

    def is_public(self, player: PlayerId) -> bool:
        """Whether anyone may see ``player``'s name (``words.naming``); without the ratings no
        profile is public, so only the players of a game see each other's names."""
        return self.ratings is not None and self.ratings.is_public(player)


def web() -> Web:
    parts: Web = current_app.extensions[EXTENSION]
    return parts
