"""Talk at the table on the player's page (issue 20): the conversation beside the moves, a
message box, the preset phrases and the offer buttons (``_talk.html``), posted to
``/p/<token>/talk``.

A post carries the version the page showed, and goes through the one intake
(``GameService.handle``) under that version and a digest of what it says (``form_key``): a form submitted
again (a reload, a double click, a resubmission after a lost answer) is stored and told once,
and answered as the first time.  The key is drawn from the page's own state, never at random,
so two twins' pages are the same bytes (``tests/reliability/dup``).
Only talk is taken here (``talk_commands``); moves keep their own form.
"""

from __future__ import annotations

from flask import Blueprint, redirect, request
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.browser import check_form
from adapters.web.context import web
from adapters.web.languages import page_translator
from adapters.web.pages.form_requests import form_key
from adapters.web.pages.routes import _grant
from adapters.web.pages.table import render
from service.app.replies import Request
from service.rules.errors import IllegalAction
from service.words.refusals import Refused, refusal_text
from service.words.talk_commands import talk_command

blueprint = Blueprint("talk", __name__)
SOURCE = "web-talk"
KEY_LENGTH = 64


@blueprint.post("/p/<token>/talk")
def talk(token: str) -> BaseResponse:
    """A message, a preset phrase, an offer or an answer from the page, told once."""
    grant = _grant(token)
    check_form()
    tr = page_translator()
    message = request.form.get("message")
    command = f"say {message}" if message is not None else request.form.get("talk", "")
    key = request.form.get("key", "")[:KEY_LENGTH]
    try:
        talk = talk_command(command, answering=True)
    except IllegalAction as error:  # talk words with wrong words after them
        return render(grant, token, refusal_text(error, tr=tr), 422)
    if not (key.isascii() and key.isdigit()) or talk is None or "\x00" in command:
        return render(
            grant, token, tr.gettext("The page did not say what to send; reload it."), 400
        )
    service = web().service
    answer = Request(grant.player, grant.game_id, command)
    reply = service.handle(SOURCE, form_key(grant, key, command), command[:600], answer)
    if isinstance(reply, Refused):
        return render(grant, token, refusal_text(reply, tr), 422)
    return redirect(f"/p/{token}#talk", 303)
