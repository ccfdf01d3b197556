"""The pages' side of turn notices for web players: asking for them and switching them off.

From their page (``/p/<token>``, the player's key) a player can
* subscribe this browser to Web Push (``notices.js`` posts the Push API's subscription here) or
  unsubscribe it; only the browser that holds the player's key (their cookie, as for making new
  links) may stop it in every browser, so a leaked page link cannot silence the owner's;
* give an address for turn notices by mail: a confirmation mail goes to it, whose link
  (``/notices/confirm/<token>``) must be used before any notice is sent; or switch that off.
The service worker (``/sw.js``) is served from the site's root so that its scope is the whole
site; it only shows the notices and opens the page's link when one is tapped.  Every form is
CSRF-checked, and every answer tells only what the player asked about.
"""

from __future__ import annotations

import base64

from flask import (
    Blueprint,
    Response,
    abort,
    redirect,
    render_template,
    request,
    send_from_directory,
)
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.browser import browser_player, check_form, message_page
from adapters.web.capabilities import Forbidden
from adapters.web.context import web
from adapters.web.languages import page_translator, speak_to
from adapters.web.notice_desk import BROWSERS, NoticeDesk, confirm_token, read_confirm_token
from adapters.web.security import csrf_token, keep_private
from service.delivery.dispatch import TryLater, Undeliverable
from service.game.events import PlayerId
from service.rules.errors import N_

blueprint = Blueprint("notices", __name__)
keep_private(blueprint)

ADDRESS_LENGTH = 254
NOT_A_PUSH_SERVICE = N_(
    "We send Web Push notices only through the push services of the usual browsers, and this "
    "browser's is not one of them."
)
ONLY_YOUR_BROWSER_STOPS_ALL = N_(
    "Only the browser you play in can stop Web Push in every browser. Here you can stop it "
    "in this browser."
)


def _desk() -> NoticeDesk:
    desk = web().notices
    if desk is None:
        abort(404)
    return desk


def _player(token: str) -> PlayerId:
    """The page's player (its link is their key); 404 for any other link."""
    try:
        grant = web().capabilities.read_page(token)
    except Forbidden:
        abort(404)
    speak_to(grant.player)
    return grant.player


def notice_state(token: str) -> dict[str, object]:
    """What the page's notices section shows (``_notices.html``)."""
    desk = web().notices
    if desk is None:
        return {}
    player = _player(token)
    return {
        "key": desk.public_key,
        "browsers": len(desk.notices.subscriptions(player)),
        "every_browser": browser_player() == player,
        "mail_on": desk.mail is not None,
        "address": desk.notices.mail_of(player),
    }


@blueprint.app_context_processor
def _context() -> dict[str, object]:
    return {"notice_state": notice_state}


@blueprint.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the root so that its scope is the whole site (never cached:
    ``keep_private``, so a new version reaches the browser at its next check)."""
    response = send_from_directory(blueprint.root_path + "/static", "sw.js", max_age=0)
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    return response


@blueprint.post("/p/<token>/notices/push")
def push_on(token: str) -> tuple[str, int]:
    """This browser's Push API subscription, as ``notices.js`` posts it."""
    player = _player(token)
    check_form()
    desk = _desk()
    endpoint = request.form.get("endpoint", "")
    p256dh = request.form.get("p256dh", "")[:200]
    auth = request.form.get("auth", "")[:100]
    tr = page_translator()
    if not desk.push.accepts(endpoint):
        return message_page(tr.gettext(NOT_A_PUSH_SERVICE), 400)
    if not _key_of(p256dh, 65) or not _key_of(auth, 16):
        return message_page(tr.gettext("This browser's push subscription cannot be read."), 400)
    known = desk.notices.subscriptions(player)
    if len(known) >= BROWSERS and endpoint not in {one.endpoint for one in known}:
        return "", 429
    desk.notices.subscribe(player, endpoint, p256dh, auth, web().service.clock.now())
    return "", 204


@blueprint.post("/p/<token>/notices/push/off")
def push_off(token: str) -> BaseResponse | tuple[str, int]:
    """Stop Web Push: in this browser (its endpoint, which only this browser and its push
    service know), or in every browser (none given) from the browser holding the key only."""
    player = _player(token)
    check_form()
    endpoint = request.form.get("endpoint") or None
    if endpoint is None and browser_player() != player:
        return message_page(page_translator().gettext(ONLY_YOUR_BROWSER_STOPS_ALL), 403)
    _desk().notices.unsubscribe(player, endpoint)
    if request.form.get("from") == "script":
        return Response(status=204)
    return redirect(f"/p/{token}#notices", 303)


@blueprint.post("/p/<token>/notices/mail")
def mail_on(token: str) -> BaseResponse | tuple[str, int]:
    """Send a confirmation link to the address given; nothing else until it is used."""
    player = _player(token)
    check_form()
    desk = _desk()
    tr = page_translator()
    address = request.form.get("address", "").strip()
    if desk.mail is None:
        abort(404)
    if not _looks_like_address(address):
        return message_page(tr.gettext("That is not an email address."), 400)
    if desk.mail.stopped(address):
        why = tr.gettext("This address asked for no mail from us, so we send it none.")
        return message_page(why, 403)
    now = web().service.clock.now()
    if not desk.may_mail(player, address, now):
        return message_page(tr.gettext("Too many confirmation mails today; try tomorrow."), 429)
    desk.notices.ask_mail(player, address, now)
    signed = confirm_token(web().capabilities, player, address, now)
    link = f"{web().settings.base_url}/notices/confirm/{signed}"
    try:
        desk.mail.confirmation(address, web().service.name_of(player, tr), link, tr, now)
    except (TryLater, Undeliverable):  # the mail server is away, or refuses the address
        why = tr.gettext("We could not send the mail just now; try again in a while.")
        return message_page(why, 503)
    return redirect(f"/p/{token}#notices", 303)


@blueprint.post("/p/<token>/notices/mail/off")
def mail_off(token: str) -> BaseResponse:
    player = _player(token)
    check_form()
    _desk().notices.mail_off(player)
    return redirect(f"/p/{token}#notices", 303)


@blueprint.get("/notices/confirm/<token>")
def confirm_page(token: str) -> str:
    """A button, not the confirmation itself: mail scanners open links, people press buttons."""
    player, address = _confirming(token)
    speak_to(player)
    return render_template(
        "notice_confirm.html", address=address, done=False, csrf=csrf_token(web().capabilities)
    )


@blueprint.post("/notices/confirm/<token>")
def confirm(token: str) -> str | tuple[str, int]:
    player, address = _confirming(token)
    speak_to(player)
    check_form()
    if not _desk().notices.confirm_mail(player, address, web().service.clock.now()):
        why = page_translator().gettext("This address is no longer the one asked for.")
        return message_page(why, 410)
    return render_template("notice_confirm.html", address=address, done=True)


def _confirming(token: str) -> tuple[PlayerId, str]:
    _desk()
    found = read_confirm_token(web().capabilities, token, web().service.clock.now())
    if found is None:
        abort(404)
    return found


def _key_of(text: str, size: int) -> bool:
    """Whether ``text`` is ``size`` bytes in base64url: a browser's P-256 public key (65, an
    uncompressed point) or its auth secret (16).  Anything else could never be encrypted to."""
    try:
        raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except ValueError:
        return False
    return len(raw) == size and (size != 65 or raw[0] == 4)


def _looks_like_address(text: str) -> bool:
    local, at, domain = text.rpartition("@")
    return (
        bool(at and local and "." in domain)
        and len(text) <= ADDRESS_LENGTH
        and not any(c.isspace() or c in '<>,;"' for c in text)
    )
