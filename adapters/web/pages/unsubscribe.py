"""The link in every mail's ``List-Unsubscribe``: ``/unsubscribe/<token>``, the token signed over
the address (``service/players/unsubscribe.py``).

A POST puts the address on the never-mail list — RFC 8058's one-click unsubscribe, which mail
programs send with the body ``List-Unsubscribe=One-Click`` and no cookie, so there is no CSRF
token to ask for: the signed token is the proof.  A GET (someone who opened the link) only shows
a button that POSTs, since mail scanners open links and must not unsubscribe anyone.  The token
is the email channel's, checked with the same keys, without importing that channel.
"""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from adapters.web.context import web

blueprint = Blueprint("unsubscribe", __name__)


@blueprint.get("/unsubscribe/<token>")
def ask(token: str) -> str:
    return render_template("unsubscribe.html", address=_address(token), stopped=False)


@blueprint.post("/unsubscribe/<token>")
def stop(token: str) -> str:
    address = _address(token)
    consent = web().consent
    assert consent is not None  # with a signer there is the list
    consent.stop(address, web().service.clock.now())
    return render_template("unsubscribe.html", address=address, stopped=True)


def _address(token: str) -> str:
    signer = web().unsubscribe
    address = signer.address_of(token) if signer is not None else None
    if address is None:
        abort(404)
    return address
