"""The privacy page, and a player's own data from their page (issue 25): ``/privacy`` says what
is kept, why, for how long and who sees it; ``/p/<token>/data`` downloads everything held about
the page's player; ``/p/<token>/erase`` asks for the confirmation code and erases them
(``service.app.your_data``, the use cases every channel shares).  Like the player's page, the
download and the erasure are for the browser the player plays in only (as making new links is):
a page link alone may be a leaked one."""

from __future__ import annotations

from flask import Blueprint, Response, abort, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.browser import browser_player, check_form, message_page
from adapters.web.capabilities import Forbidden, PageGrant
from adapters.web.context import web
from adapters.web.errors import status_of
from adapters.web.languages import page_translator, speak_to
from adapters.web.security import PLAYER_COOKIE, csrf_token, keep_private
from service.app.your_data import YourData
from service.rules.errors import N_, IllegalAction
from service.words.privacy import privacy_sections
from service.words.refusals import refusal_text

blueprint = Blueprint("your_data", __name__)

PAGE = "web"
"""The channel an erasure code from the page is given to, and taken back from."""

ONLY_YOUR_BROWSER = N_(
    "Only the browser you play in can download or erase your data. Open this page there, or "
    "send /mydata or /erase on Telegram, or my data or erase by mail."
)


keep_private(blueprint)


@blueprint.get("/privacy")
def privacy() -> str:
    speak_to(browser_player())
    sections = privacy_sections(page_translator(), _your_data().kept)
    return render_template("privacy.html", sections=sections)


@blueprint.get("/p/<token>/data")
def download(token: str) -> Response | tuple[str, int]:
    grant = _grant(token)
    if browser_player() != grant.player:
        return _elsewhere()
    response = Response(_your_data().export(grant.player).as_text(), mimetype="application/json")
    filename = f"conquian-{grant.player}.json"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@blueprint.get("/p/<token>/erase")
def confirm(token: str) -> str | tuple[str, int]:
    grant = _grant(token)
    speak_to(grant.player)
    if browser_player() != grant.player:
        return _elsewhere()
    return _form(token, _your_data().erasure_code(grant.player, PAGE))


@blueprint.post("/p/<token>/erase")
def erase(token: str) -> BaseResponse | tuple[str, int]:
    grant = _grant(token)
    check_form()
    speak_to(grant.player)
    if browser_player() != grant.player:
        return _elsewhere()
    tr = page_translator()
    try:
        _your_data().erase(grant.player, request.form.get("code", "")[:20], PAGE)
    except IllegalAction as error:
        # The form is shown again, asking anew: this browser is the player's (its cookie).
        code = _your_data().erasure_code(grant.player, PAGE)
        return _form(token, code, refusal_text(error, tr=tr)), status_of(error)
    web().capabilities.forget(grant.player)
    page, status = message_page(tr.gettext("Everything held about you is erased. Goodbye."), 200)
    answer = BaseResponse(page, status, mimetype="text/html")
    answer.delete_cookie(PLAYER_COOKIE)  # this browser's key was theirs: it opens nothing now
    return answer


def _elsewhere() -> tuple[str, int]:
    """A page link alone (it may be a leaked one) neither shows a player's addresses nor erases
    them: only the browser they play in, as for making new links."""
    return message_page(page_translator().gettext(ONLY_YOUR_BROWSER), 403)


def _form(token: str, code: str, error: str = "") -> str:
    return render_template(
        "erase.html", token=token, code=code, error=error, csrf=csrf_token(web().capabilities)
    )


def _grant(token: str) -> PageGrant:
    try:
        return web().capabilities.read_page(token)
    except Forbidden:
        abort(404)  # a bad link shows nothing, as the player's page


def _your_data() -> YourData:
    your_data = web().service.your_data
    assert your_data is not None, "the web side runs on the stores, which hold personal data"
    return your_data
