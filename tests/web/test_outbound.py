"""The guard of requests to addresses a player chose (``adapters/outbound.py``, issue 31 item 1).

Nothing here is sent anywhere but to loopback listeners that count what reaches them.  Every
other range is tested on the guard's decision for a resolved address (``is_public``), never by
sending there; the odd spellings of 127.0.0.1 go through the system's real resolver."""

from __future__ import annotations

import ipaddress
from collections.abc import Iterator

import pytest
import requests

from adapters.outbound import IpAddress, Outbound, Refused, is_public, resolve
from tests.web.listener import Listener

INSIDE = (
    *("127.0.0.1", "127.255.255.254", "0.0.0.0", "0.1.2.3", "10.0.0.1", "10.255.255.255"),
    *("172.16.0.1", "172.31.255.254", "192.168.0.1", "192.168.255.255", "169.254.169.254"),
    *("169.254.0.1", "100.64.0.1", "192.0.0.1", "192.0.2.1", "198.18.0.1", "198.51.100.1"),
    *("203.0.113.1", "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.255"),
    *("::", "::1", "fe80::1", "febf::1", "fec0::1", "fc00::1", "fd12:3456::1", "ff02::1"),
    *("ff0e::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "::127.0.0.1"),
    *("::ffff:8.8.8.8", "64:ff9b::7f00:1", "64:ff9b:1::a00:1", "2002:7f00:1::1"),
    *("2002:a9fe:a9fe::1", "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:db8::1", "100::1"),
)
"""Loopback, private, shared, link-local (the metadata address among them), documentation,
multicast, reserved, unspecified, and IPv6 forms that carry an IPv4 address (mapped,
compatible, NAT64, 6to4, Teredo) — including a public IPv4 address mapped: refused by its form."""

PUBLIC = ("8.8.8.8", "1.1.1.1", "142.250.185.74", "2607:f8b0:4004:c07::5f", "2a00:1450:4001::1")

LOOPBACK_SPELLINGS = (
    *("127.0.0.1", "0x7f000001", "2130706433", "017700000001", "127.1", "0177.0.0.1"),
    *("0x7f.1", "localhost", "::1", "[::1]", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"),
)


@pytest.fixture
def listener() -> Iterator[Listener]:
    one = Listener()
    yield one
    one.close()


def to_loopback(_host: str, _port: int) -> list[IpAddress]:
    return [ipaddress.ip_address("127.0.0.1")]


@pytest.mark.parametrize("address", INSIDE)
def test_an_address_inside_is_refused(address: str) -> None:
    assert not is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize("address", PUBLIC)
def test_a_public_address_is_allowed(address: str) -> None:
    assert is_public(ipaddress.ip_address(address))


@pytest.mark.parametrize("spelling", LOOPBACK_SPELLINGS)
def test_every_spelling_of_loopback_is_resolved_and_refused(spelling: str) -> None:
    """The system's resolver reads the spelling (hex, decimal, octal, short forms): the guard
    decides on the address it answers, not on the text."""
    loopback = {ipaddress.ip_address(one) for one in ("127.0.0.1", "::1", "::ffff:127.0.0.1")}
    found = set(resolve(spelling.strip("[]"), 443))
    assert found and found <= loopback, found
    with pytest.raises(Refused):
        Outbound().addresses(spelling, 443)


def test_one_inside_address_in_an_answer_refuses_the_whole_answer() -> None:
    mixed = [ipaddress.ip_address("8.8.8.8"), ipaddress.ip_address("10.0.0.1")]
    with pytest.raises(Refused):
        Outbound(resolve=lambda _host, _port: mixed).addresses("push.example", 443)


@pytest.mark.parametrize(
    "url",
    [
        "https://localhost:{port}/push",
        "http://localhost:{port}/push",
        "https://127.0.0.1:{port}/push",
        "https://0x7f000001:{port}/push",
        "https://2130706433:{port}/push",
        "https://127.1:{port}/push",
        "https://[::ffff:127.0.0.1]:{port}/push",
    ],
)
def test_no_connection_reaches_a_loopback_listener_through_the_real_resolver(
    listener: Listener, url: str
) -> None:
    with pytest.raises(Refused):
        Outbound().session().post(url.format(port=listener.port), data=b"x")
    assert listener.connections() == 0


def test_a_name_that_resolves_to_loopback_reaches_nothing(listener: Listener) -> None:
    """A push service's name, made to resolve to 127.0.0.1 (as DNS could, after registration)."""
    guard = Outbound(resolve=to_loopback)
    with pytest.raises(Refused):
        guard.session().post(f"https://fcm.googleapis.com:{listener.port}/fcm/send/x", data=b"x")
    assert listener.connections() == 0


def test_the_connection_goes_to_the_address_checked_not_to_a_second_lookup() -> None:
    """DNS rebinding: the first answer is allowed, any later one is not.  The name is resolved
    once per connection and the socket opened to that checked address."""
    allowed, other = Listener("127.0.0.2", answer=b"HTTP/1.1 201 Created\r\n\r\n"), Listener()
    answers = iter([[ipaddress.ip_address("127.0.0.2")]])
    guard = Outbound(
        allowed=lambda address: address == ipaddress.ip_address("127.0.0.2"),
        resolve=lambda _host, _port: next(answers, [ipaddress.ip_address("127.0.0.1")]),
    )
    try:
        answer = guard.session().post(f"http://push.example:{allowed.port}/x", data=b"x")
        assert answer.status_code == 201
        assert allowed.connections() == 1 and other.connections() == 0
        assert b"Host: push.example:" in allowed.received[0]  # the URL's name, not the address
    finally:
        allowed.close()
        other.close()


def test_no_redirect_is_followed_and_an_answer_is_read_in_part_only() -> None:
    target = Listener()
    body = b"x" * 1_000_000
    redirect = (
        b"HTTP/1.1 307 Temporary Redirect\r\nLocation: http://127.0.0.1:%d/elsewhere\r\n"
        b"Content-Length: %d\r\n\r\n" % (target.port, len(body))
    ) + body
    listener = Listener(answer=redirect)
    guard = Outbound(allowed=lambda address: address.is_loopback, body_limit=1000)
    try:
        answer = guard.session().post(f"http://127.0.0.1:{listener.port}/push", data=b"x")
        assert answer.status_code == 307 and answer.content == b"x" * 1000
        assert target.connections() == 0
    finally:
        listener.close()
        target.close()


def test_the_environments_proxy_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """A proxy would be the address checked, not where the message goes."""
    proxy, endpoint = Listener(), Listener(answer=b"HTTP/1.1 201 Created\r\n\r\n")
    monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.port}")
    monkeypatch.setenv("NO_PROXY", "")
    guard = Outbound(allowed=lambda address: address.is_loopback)
    try:
        assert guard.session().post(f"http://127.0.0.1:{endpoint.port}/x").status_code == 201
        assert proxy.connections() == 0 and endpoint.connections() == 1
    finally:
        proxy.close()
        endpoint.close()


def test_a_listener_that_never_answers_is_given_up_on() -> None:
    quiet = Listener(silent=True)
    guard = Outbound(allowed=lambda address: address.is_loopback, timeout=(1.0, 0.5))
    try:
        with pytest.raises(requests.RequestException):
            guard.session().post(f"http://127.0.0.1:{quiet.port}/x", data=b"x")
    finally:
        quiet.close()
