"""Which Web Push endpoints the service takes from a page and posts to.

An endpoint is a URL the browser's push service made, and the page posts it to us, so it is a
player's choice: the worker would connect wherever it points.  Two checks stand between it and
the network.  Here, when it is registered and again before each send: ``https``, no user or
password, the default port (443), and a host of one of the push services browsers use
(``PUSH_SERVICES``: Chrome, Edge's, Firefox's and Safari's).  And where the worker connects:
``adapters.outbound``, which refuses any host that resolves to an address that is not public.
Why both, and why this list: docs/decisions/web-push-endpoints-only-to-the-push-services.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import urlsplit

from adapters.outbound import Outbound

ENDPOINT_LENGTH = 1000

PUSH_SERVICES = (
    "fcm.googleapis.com",  # Chrome, Chromium's other browsers, Firefox on Android
    "android.googleapis.com",  # Chrome's older endpoints (GCM), still in old subscriptions
    "updates.push.services.mozilla.com",  # Firefox
    ".notify.windows.com",  # Edge (Windows Push Notification Services, wns2-*.notify...)
    ".push.apple.com",  # Safari (web.push.apple.com)
)
"""Hosts a push endpoint may name: a name, or ``.suffix`` for any name under it."""


@dataclass(frozen=True)
class PushServices:
    """The endpoints accepted (``accepts``) and the guarded client that posts to them.  A test
    composes its own (its local push endpoint is plain http on 127.0.0.1, with a port)."""

    hosts: tuple[str, ...] = PUSH_SERVICES
    scheme: str = "https"
    any_port: bool = False
    outbound: Outbound = field(default_factory=Outbound)

    def accepts(self, endpoint: str) -> bool:
        """Whether ``endpoint`` is a push service's URL we post to (its host not resolved
        here: the guard decides on the address it connects to, at each connection)."""
        if len(endpoint) > ENDPOINT_LENGTH or not endpoint.isascii() or not endpoint.isprintable():
            return False
        try:
            url = urlsplit(endpoint)
            port = url.port
        except ValueError:
            return False
        host = (url.hostname or "").rstrip(".")
        return (
            url.scheme == self.scheme
            and url.username is None
            and url.password is None
            and (self.any_port or port in (None, 443))
            and any(
                host == one or (one.startswith(".") and host.endswith(one)) for one in self.hosts
            )
        )
