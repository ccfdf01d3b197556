"""The Web Push forms of the player's page (issue 31): ``/p/<token>/notices/push`` and
``/p/<token>/notices/push/off`` with whatever a browser or a script may post — endpoints built
of push services' names and of every spelling of an inside address, user parts, ports, paths
and arbitrary text; right and wrong keys; right and wrong CSRF tokens; extra fields.

A subscription is stored (204), refused with its status and nothing stored (400, 429), and an
endpoint stored is always one the service may post to: ``https``, no user part, the default
port, a push service's host — read by the client that would connect (urllib3), so a parser
that disagrees with the check is caught — and no address inside the network in any spelling.
Stopping is answered 303 or 204 and takes away the endpoint named only, or, with none named,
is refused (403): this client holds the page link, not the player's key."""

from __future__ import annotations

import base64
import ipaddress
import random
import socket
from pathlib import Path
from typing import Any

from urllib3.exceptions import LocationParseError
from urllib3.util import parse_url

from adapters.sql.notices import SqlNotices
from adapters.web.notice_desk import BROWSERS
from adapters.web.push_services import PUSH_SERVICES
from tests.reliability.fuzz.inputs import PIPELINE_EXAMPLES, large_texts, seeded, some_text
from tests.reliability.fuzz.web_forms import PagePosts

SCHEMES = ("https://", "https://", "http://", "HTTPS://", "ftp://", "//", "", "https:/", "https:")
USERS = ("", "", "", "fcm.googleapis.com@", "user:pass@", "@", "a@b@", "fcm.googleapis.com%40")
HOSTS = (
    *("fcm.googleapis.com", "FCM.GoogleAPIs.com", "fcm.googleapis.com.", "web.push.apple.com"),
    *("updates.push.services.mozilla.com", "wns2-by3p.notify.windows.com", "notify.windows.com"),
    *("evilnotify.windows.com", "fcm.googleapis.com.evil.example", "push.apple.com.evil"),
    *("127.0.0.1", "0x7f000001", "2130706433", "017700000001", "127.1", "0", "localhost"),
    *("[::1]", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[fe80::1%25eth0]", "169.254.169.254"),
    *("10.0.0.1", "192.168.1.1", "[2002:7f00:1::]", "0.0.0.0", "ｆｃｍ.googleapis.com"),
    *("fcm.googleapis.com\\@127.0.0.1", "127.0.0.1#@fcm.googleapis.com", "fcm.googleapis.com:@"),
)
PORTS = ("", "", "", ":443", ":80", ":8443", ":0", ":65536", ":-1", ":x", ":", ":0443")
PATHS = ("/fcm/send/abc", "/wpush/v2/gAAA", "", "/", "?x=1", "/#@127.0.0.1", "/\\@127.0.0.1")


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


GOOD = ("https://", "", "fcm.googleapis.com", "", "/fcm/send/abc")


def endpoint_of(rng: random.Random) -> str:
    """A push service's endpoint with one part changed (a third of them), parts drawn at
    random, or any text."""
    kind = rng.randrange(8)
    if kind == 0:
        return some_text(rng)
    parts = [SCHEMES, USERS, HOSTS, PORTS, PATHS]
    if kind < 4:
        built = list(GOOD)
        changed = rng.randrange(len(GOOD))
        built[changed] = rng.choice(parts[changed])
        return "".join(built)
    built_text = "".join(rng.choice(choices) for choices in parts)
    return built_text if rng.randrange(6) else built_text + some_text(rng)[:40]


def key_of(rng: random.Random, size: int) -> str:
    kind = rng.randrange(10)
    if kind == 0:
        return some_text(rng)[:120]
    raw = bytes([4]) + rng.randbytes(size - 1) if size == 65 else rng.randbytes(size)
    if kind == 1:
        raw = raw[: rng.randrange(size)]
    return b64url(raw) if kind != 2 else base64.b64encode(raw).decode()


def form_of(rng: random.Random) -> dict[str, Any]:
    """A subscription (or a stop) as the page's script posts it, or anything like it."""
    form: dict[str, Any] = {
        "off": rng.randrange(4) == 0,
        "endpoint": endpoint_of(rng),
        "p256dh": key_of(rng, 65),
        "auth": key_of(rng, 16),
        "csrf_token": "<csrf>" if rng.randrange(8) else some_text(rng),
        "from": rng.choice(("script", "", "page")),
    }
    if rng.randrange(6) == 0:
        form[some_text(rng)[:10] or "x"] = some_text(rng)
    return {key: value for key, value in form.items() if key == "off" or rng.randrange(12)}


def may_post_to(endpoint: str) -> bool:
    """What the worker may connect to, as the client that would connect reads the URL."""
    try:
        url = parse_url(endpoint)
    except LocationParseError:
        return False
    host = (url.host or "").rstrip(".").lower()
    if url.scheme != "https" or url.auth is not None or url.port not in (None, 443):
        return False
    try:
        socket.inet_aton(host)  # 127.1, 0x7f000001, 2130706433 …: an address, not a name
        return False
    except OSError:
        pass
    try:
        ipaddress.ip_address(host.strip("[]"))
        return False
    except ValueError:
        pass
    return any(host == one or (one[0] == "." and host.endswith(one)) for one in PUSH_SERVICES)


class PushForm(PagePosts):
    """A running game between two web players; each case posts one push form to Ana's page
    with the production push services."""

    name = "web push form"
    examples = PIPELINE_EXAMPLES
    cases = seeded(form_of)

    def __init__(self, data_dir: Path | None = None) -> None:
        super().__init__(data_dir, seed=9)
        self.notices = SqlNotices(self.wiring.engine)

    def check(self, form: dict[str, Any]) -> None:
        player = self.parts.capabilities.read_page(self.page.rsplit("/", 1)[1]).player
        if len(self.notices.subscriptions(player)) >= BROWSERS:
            self.notices.unsubscribe(player)
        filled = {
            name: str(value).replace("<csrf>", self.csrf)
            for name, value in form.items()
            if name != "off"
        }
        before = {one.endpoint for one in self.notices.subscriptions(player)}
        path = f"{self.page}/notices/push" + ("/off" if form["off"] else "")
        answer = self.client.post(path, data=filled)
        assert answer.status_code != 500
        after = {one.endpoint for one in self.notices.subscriptions(player)}
        assert all(may_post_to(one) for one in after), after
        if form["off"]:
            self._stopped(filled, answer.status_code, before, after)
        elif answer.status_code == 204:
            assert filled["endpoint"] in after
        else:
            assert answer.status_code in (400, 413, 429), answer.status_code
            assert after == before, f"refused ({answer.status_code}) yet stored"

    @staticmethod
    def _stopped(form: dict[str, str], status: int, before: set[str], after: set[str]) -> None:
        named = form.get("endpoint") or None
        if status in (303, 204):
            assert named is not None, "every browser stopped from a page link alone"
            assert after == before - {named}
        else:
            assert status in (400, 403, 413), status
            assert after == before, f"refused ({status}) yet stopped"

    @staticmethod
    def large_cases(rng: random.Random) -> list[dict[str, Any]]:
        keys = {"p256dh": b64url(b"\x04" + rng.randbytes(64)), "auth": b64url(rng.randbytes(16))}
        return [
            {"off": False, "endpoint": one, **keys, "csrf_token": "<csrf>"}
            for one in large_texts(rng)
        ] + [{"off": True, "endpoint": "https://fcm.googleapis.com/" + "x" * 8000}]
