"""The landing page's offer of the guided first deal (issue 38): "Practice deal" starts it,
"No thanks" declines it for good.  Both are requests of the one intake, keyed by the nonce the
landing page was drawn with, so a form posted twice starts one game (``form_requests``)."""

from __future__ import annotations

from flask import Blueprint, redirect
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.browser import (
    browser_player,
    check_form,
    message_page,
    player_for_form,
    remembered,
    too_many_invitations,
)
from adapters.web.context import web
from adapters.web.languages import page_translator, speak_to
from adapters.web.pages.form_requests import SOURCE, form_nonce
from adapters.web.security import keep_private
from service.app.practising import Practise, SkipPractice
from service.app.replies import Opened
from service.words.refusals import Refused, refusal_text

blueprint = Blueprint("practice", __name__)
keep_private(blueprint)


@blueprint.post("/practice")
def practise() -> BaseResponse | tuple[str, int]:
    """Start the practice deal against the easy bot and go to its page."""
    check_form()
    speak_to(browser_player())
    if too_many_invitations():
        return message_page(
            page_translator().gettext("Too many new games from here; wait a little."), 429
        )
    player, token = player_for_form()
    key = f"{player}:practice:{form_nonce()}"
    reply = web().service.request(SOURCE, key, "practice", Practise(player))
    if isinstance(reply, Refused):
        return message_page(refusal_text(reply, tr=page_translator()), 409)
    assert isinstance(reply, Opened)
    return remembered(redirect(web().capabilities.page_url(reply.game_id, player), 303), token)


@blueprint.post("/practice/skip")
def skip() -> BaseResponse:
    """No thanks: the landing page offers the practice deal no more."""
    check_form()
    player, token = player_for_form()
    key = f"{player}:skip-practice:{form_nonce()}"
    web().service.request(SOURCE, key, "skip practice", SkipPractice(player))
    return remembered(redirect("/", 303), token)
