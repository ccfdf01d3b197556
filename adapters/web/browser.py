"""What a browser brings to the pages: its player (the cookie holding their player token), the
forms' CSRF check, remembering a new player, the limit on new players and games per client
address, and a page that says only why not."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta

from flask import abort, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.capabilities import Forbidden
from adapters.web.context import web
from adapters.web.languages import browser_language, page_translator
from adapters.web.security import PLAYER_COOKIE, client_key, csrf_ok
from service.game.events import PlayerId
from service.language.names import display_name
from service.rules.errors import N_

FORM_EXPIRED = N_("This form has expired; reload the page and try again.")
_YEAR = int(timedelta(days=365).total_seconds())


def check_form() -> None:
    if not csrf_ok(web().capabilities, request):
        abort(400, FORM_EXPIRED)


def browser_player() -> PlayerId | None:
    token = request.cookies.get(PLAYER_COOKIE)
    if not token:
        return None
    try:
        return web().capabilities.read_player(token)
    except Forbidden:
        return None


def player_for_form() -> tuple[PlayerId, str | None]:
    """This browser's player, or a new one named in the form (with the token to remember)."""
    known = browser_player()
    if known is not None:
        return known, None
    name = display_name(request.form.get("name", ""), page_translator().gettext("Guest"))
    capabilities = web().capabilities
    player = capabilities.register(name)
    language = browser_language()
    if language is not None:
        directory = web().service.directory
        assert directory is not None
        directory.update(replace(directory.profile(player), language=language))
    return player, capabilities.player_token(player)


def remembered(response: BaseResponse, token: str | None) -> BaseResponse:
    if token is not None:
        response.set_cookie(
            PLAYER_COOKIE,
            token,
            max_age=_YEAR,
            httponly=True,
            samesite="Lax",
            secure=web().settings.base_url.startswith("https://"),
        )
    return response


def too_many_invitations() -> bool:
    return web().invitations.wait(client_key(request)) > 0


def message_page(text: str, status: int) -> tuple[str, int]:
    return render_template("error.html", status=status, message=text), status
