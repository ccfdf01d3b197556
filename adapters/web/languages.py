"""The language of a page: its player's own, else what the browser asks for, else English.

A player's page (``/p/<token>``) is in that player's language (their profile's, which ``lang …``
in the command box changes); other pages are in the language of the player this browser
remembers, or the best of the browser's ``Accept-Language`` the product speaks.  A player made
on the web starts in that language.  Templates are translated by Flask-Babel from the same
catalogs as every other channel; the selector only ever answers one of ``LANGUAGES``, because
Flask-Babel answers 500 for a code it cannot parse.
"""

from __future__ import annotations

from flask import g, request

from adapters.web.context import web
from service.game.events import PlayerId
from service.language.translation import DEFAULT, Translator, supported, translator


def browser_language() -> str | None:
    """The first language of the request's ``Accept-Language`` the product speaks."""
    for value, _quality in request.accept_languages:
        found = supported(value)
        if found is not None:
            return found
    return None


def page_language() -> str:
    """The locale selector: the language this request's page is written in."""
    player: PlayerId | None = g.get("page_player")
    if player is not None:
        return web().service.translator_of(player).language
    return browser_language() or DEFAULT


def page_translator() -> Translator:
    """``page_language``'s translator, for the sentences a view writes itself."""
    return translator(page_language())


def speak_to(player: PlayerId | None) -> None:
    """Write this request's page in ``player``'s language."""
    g.page_player = player
