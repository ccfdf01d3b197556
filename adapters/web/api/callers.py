"""Who is asking the API: the player whose token came with a request (``Authorization: Bearer``),
and the language the answer is written in.  A token names a player and nothing else; a
request about a player's own data must name that player (or ``me``)."""

from __future__ import annotations

from flask import g, request

from adapters.web.capabilities import Forbidden
from adapters.web.context import web
from adapters.web.errors import forbidden
from adapters.web.languages import browser_language
from service.game.events import PlayerId
from service.language.translation import Translator, translator


def token_player() -> PlayerId:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise forbidden("Send your player token as Authorization: Bearer <token>.")
    try:
        player = web().capabilities.read_player(token.strip())
    except Forbidden:
        raise forbidden("This player token is not valid, or it has been revoked.") from None
    g.reader = web().service.translator_of(player)
    return player


def reader() -> Translator:
    """The language this request is answered in: its player's, else the one the client asks for
    in ``Accept-Language``, else English."""
    reader: Translator | None = g.get("reader")
    return reader if reader is not None else translator(browser_language())


def own(player_id: str) -> PlayerId:
    """The player asking, who must be the one named (403 otherwise)."""
    player = token_player()
    if player_id not in (player, "me"):
        raise forbidden("A player's data is for that player's own token only.")
    return player
