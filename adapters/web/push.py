"""Sending one Web Push message (RFC 8030), encrypted for its browser (RFC 8291, ``aes128gcm``)
and signed with the service's VAPID key (RFC 8292), through ``pywebpush``.

The push service's answer is sorted into the dispatcher's: 404 and 410 mean the browser dropped
the subscription (``Gone``: it is deleted and never tried again), 429, a 5xx or no answer mean
``TryLater`` (with the push service's ``Retry-After``), any other refusal is ``Undeliverable``
for that subscription.  Every message goes through the guarded client of ``PushServices``: an
endpoint that is not a push service's, or whose host resolves to an address inside the network
(DNS may have changed since it was registered), is never connected to and counts as ``Gone``.
``Topic`` is the game's: a push service that still holds an undelivered notice of the same game
replaces it, so a phone that was off hears of the game once.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Mapping

import requests
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from adapters.outbound import Refused
from adapters.sql.notices import Subscription
from adapters.web.push_services import PushServices
from service.delivery.dispatch import TryLater, Undeliverable


class Gone(Undeliverable):
    """The browser unsubscribed, or the push service forgot it (404 or 410)."""


class WebPush:
    def __init__(self, key: Vapid02, subject: str, services: PushServices) -> None:
        """``subject``: how a push service can reach the operator (``mailto:`` or ``https:``)."""
        self.key = key
        self.subject = subject
        self.services = services
        self.session = services.outbound.session()

    def send(self, to: Subscription, payload: Mapping[str, str], topic: str, ttl: int) -> None:
        if not self.services.accepts(to.endpoint):
            raise Gone("not a push service's endpoint")
        info = {"endpoint": to.endpoint, "keys": {"p256dh": to.p256dh, "auth": to.auth}}
        try:
            webpush(
                info,
                json.dumps(payload, ensure_ascii=False),
                vapid_private_key=self.key,
                vapid_claims={"sub": self.subject},  # a new dict: webpush adds ``aud`` and ``exp``
                ttl=ttl,
                headers={"Topic": push_topic(topic), "Urgency": "normal"},
                requests_session=self.session,  # its timeouts, not webpush's
            )
        except WebPushException as error:
            raise _sorted(error.response) from None
        except Refused as error:
            raise Gone(f"push endpoint refused: {error}") from None
        except requests.RequestException as error:
            raise TryLater(f"push service: {type(error).__name__}: {error}") from None


def push_topic(text: str) -> str:
    """A ``Topic`` header for ``text``: at most 32 characters of the URL-safe alphabet."""
    digest = hashlib.sha256(text.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode("ascii")[:32]


def _sorted(response: requests.Response | None) -> Exception:
    if response is None:
        return TryLater("push service: no answer")
    status = response.status_code
    if status in (404, 410):
        return Gone(f"push subscription gone ({status})")
    if status == 429 or status >= 500:
        after = response.headers.get("Retry-After", "")
        return TryLater(f"push service: {status}", float(after) if after.isdigit() else None)
    return Undeliverable(f"push service refused: {status} {response.text[:200]!r}")
