"""What every answer carries and every form needs: security headers, CSRF tokens, client keys.

* Headers: a strict Content-Security-Policy (our own scripts and styles only, no inline script),
  no framing, no MIME sniffing, and no ``Referer`` at all — a player page's address is its
  capability, and it must not leak to another site through a link.  Pages that show a player's
  hand are ``Cache-Control: private, no-store``.
* CSRF: forms carry a token bound to a random cookie by our key (a signed double submit; the cookie is
  SameSite=Lax, so no other site's form sends it); a POST
  from a form without the matching pair is refused.  The JSON API takes no cookies — it is
  authorised by the ``Authorization`` header alone — so it needs no CSRF token.
"""

from __future__ import annotations

import hmac
import secrets

from flask import Blueprint, Flask, Request, Response, g, request

from adapters.web.capabilities import Capabilities

CSRF_COOKIE = "conquian_csrf"
CSRF_FIELD = "csrf_token"
PLAYER_COOKIE = "conquian_player"
NO_STORE = "private, no-store"

_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
}


def install(app: Flask, secure_cookies: bool) -> None:
    """Add the headers to every answer, and set the CSRF cookie where a page made a token."""

    every = list(_HEADERS.items())
    if secure_cookies:
        every.append(("Strict-Transport-Security", "max-age=31536000"))

    @app.after_request
    def _headers(response: Response) -> Response:
        response.headers.extend(every)  # no handler sets these: appending is enough, and cheap
        fresh = g.get("csrf_cookie")
        if fresh is not None:
            # Lax, not Strict: a player arriving from a link in a message must bring the cookie
            # along, or a new one would replace it and the forms of their other pages expire.
            response.set_cookie(
                CSRF_COOKIE, fresh, httponly=True, samesite="Lax", secure=secure_cookies
            )
        return response


def keep_private(blueprint: Blueprint) -> None:
    """Answers of ``blueprint`` are a player's own (their page, their data, their API): no cache
    keeps them, and a shared cache never gives one browser's answer to another."""

    @blueprint.after_request
    def _private(response: Response) -> Response:
        response.headers["Cache-Control"] = NO_STORE
        response.vary.add("Cookie")
        return response


def csrf_token(capabilities: Capabilities) -> str:
    """The token a form of this page carries (making the browser's CSRF cookie if it has none)."""
    cookie = request.cookies.get(CSRF_COOKIE) or g.get("csrf_cookie")
    if not cookie:
        cookie = g.csrf_cookie = secrets.token_urlsafe(18)
    return capabilities.mac("csrf|" + cookie)


def csrf_ok(capabilities: Capabilities, form_request: Request) -> bool:
    """Whether a form POST carries the token that belongs to its CSRF cookie."""
    cookie = form_request.cookies.get(CSRF_COOKIE, "")
    given = form_request.form.get(CSRF_FIELD, "")
    if not cookie or not given:
        return False
    expected = capabilities.mac("csrf|" + cookie).encode()
    return hmac.compare_digest(expected, given.encode("utf-8", "replace"))  # any characters


def client_key(form_request: Request) -> str:
    """Who is asking, for rate limits: the client's address (``ProxyFix`` has put the real one
    there when the service runs behind trusted proxies)."""
    return form_request.remote_addr or "unknown"
