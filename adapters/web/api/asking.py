"""Asking one of the service's ways in (``Lobby.request``, ``Tournaments.request``) from the
JSON API, as the seeks' and the tournaments' routes do.

A request is handled once under a key of its own: the ``Idempotency-Key`` header (with the
player and the operation, so one key cannot answer another's request), else a fresh one; sent
again with its key it is answered as the first time and changes nothing more.  A refusal is
raised as the API's error shape, with its code.  A server wired without the facade (tests of
other parts) answers its routes 404 (``wired``).
"""

from __future__ import annotations

from typing import TypeVar

from adapters.web.api import routes
from adapters.web.errors import ApiError, not_found
from service.app.lobby_requests import WayIn
from service.app.replies import Reply
from service.game.events import PlayerId
from service.words.refusals import Refused

Asked = TypeVar("Asked")
Facade = TypeVar("Facade")


def wired(facade: Facade | None, missing: str) -> Facade:
    """The facade the routes ask; ``missing`` (404) on a server wired without it."""
    if facade is None:
        raise not_found(missing)
    return facade


def asked_once(
    way_in: WayIn[Asked], source: str, player: PlayerId, operation: str, asked: Asked
) -> Reply:
    """The answer to ``asked``, handled once under the request's key; a refusal raised."""
    key = routes.idempotency_key() or routes.fresh_key()
    reply = way_in.request(source, f"{player}:{operation}:{key}", operation, asked)
    if isinstance(reply, Refused):
        raise ApiError.of(reply)
    return reply
