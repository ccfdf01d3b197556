"""Requests to addresses a player chose (a browser's Web Push endpoint), through one guard.

A player can make the service connect to a URL of their choosing, so that URL must never lead
it inside its own network: to this machine, to the operator's private networks or a cloud's
metadata address (169.254.169.254).  Checking the URL's text is not enough — ``0x7f000001``,
``2130706433``, ``127.1`` and any DNS name can all mean 127.0.0.1, and a name can resolve
somewhere else tomorrow — so the decision is made on the address actually connected to: the
connection resolves the host once, refuses the whole answer if any address in it is not public
(``is_public``), and connects to the checked address itself, while TLS still names and checks
the host (SNI and the certificate) and the ``Host`` header stays the URL's.

The session follows no redirect (a 3xx is the answer), ignores the environment's proxies (a
proxy would be the address checked, not the destination), waits ``timeout`` at most for a
connection and for each read, and reads at most ``body_limit`` bytes of an answer.
"""

from __future__ import annotations

import ipaddress
import socket
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NameResolutionError, NewConnectionError
from urllib3.util import connection

IpAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Sequence[IpAddress]]

_NOT_PUBLIC_V6 = tuple(
    ipaddress.IPv6Network(block)
    for block in (
        "::/96",  # unspecified, loopback and IPv4-compatible (::a.b.c.d)
        "::ffff:0:0/96",  # IPv4-mapped: the dual-stack socket reaches a.b.c.d
        "64:ff9b::/96",  # NAT64: a gateway reaches the IPv4 address inside
        "64:ff9b:1::/48",  # local NAT64
        "100::/64",  # discard
        "2001::/32",  # Teredo: an IPv4 address inside
        "2001:db8::/32",  # documentation
        "2002::/16",  # 6to4: an IPv4 address inside
        "fc00::/7",  # unique local
        "fe80::/10",  # link-local
        "fec0::/10",  # site-local (deprecated)
        "ff00::/8",  # multicast
    )
)


class Refused(Exception):
    """The host is, or resolves to, an address the service does not connect to."""


def is_public(address: IpAddress) -> bool:
    """Whether the service may connect to ``address`` for a player: a global unicast address,
    and for IPv6 none of the blocks that carry an IPv4 address inside (mapped, compatible,
    NAT64, 6to4, Teredo), which would let a refused IPv4 address in by another spelling."""
    refused = (
        address.is_loopback
        or address.is_private
        or address.is_link_local
        or address.is_multicast
        or address.is_reserved
        or address.is_unspecified
        or not address.is_global
    )
    if isinstance(address, ipaddress.IPv6Address):
        refused = refused or any(address in block for block in _NOT_PUBLIC_V6)
    return not refused


def resolve(host: str, port: int) -> list[IpAddress]:
    """The addresses ``host`` has now, as the system resolver answers (an IP literal in any
    spelling the C library reads, such as ``127.1``, comes back as its address)."""
    found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [ipaddress.ip_address(str(info[4][0]).partition("%")[0]) for info in found]


@dataclass(frozen=True)
class Outbound:
    """The guard and the client it makes.  ``allowed`` and ``resolve`` are the production rule
    and the system's resolver unless a test's composition passes others (a test's local push
    endpoint on 127.0.0.1): nothing in the environment can change them."""

    allowed: Callable[[IpAddress], bool] = is_public
    resolve: Resolver = field(default=resolve)
    timeout: tuple[float, float] = (3.05, 10.0)
    """Seconds to connect, and to wait for each read."""
    body_limit: int = 64 * 1024

    def addresses(self, host: str, port: int) -> list[IpAddress]:
        """Where to connect for ``host``: every address it resolves to, each one allowed;
        ``Refused`` if any is not (a resolver's answer is taken whole or not at all).  A name
        that does not resolve now is ``socket.gaierror``, as for any connection: try later."""
        try:
            found = list(self.resolve(host.strip("[]"), port))
        except (UnicodeError, ValueError) as error:  # not a host name at all
            raise Refused(f"{host!r} is not a host: {error}") from None
        if not found:
            raise socket.gaierror(f"{host!r} has no address")
        barred = [str(one) for one in found if not self.allowed(one)]
        if barred:
            raise Refused(f"{host!r} resolves to {', '.join(barred)}: not connected to")
        return found

    def session(self) -> requests.Session:
        """A ``requests`` session whose every connection goes through this guard."""
        session = _GuardedSession(self)
        session.trust_env = False
        session.mount("http://", _GuardedAdapter(self))
        session.mount("https://", _GuardedAdapter(self))
        return session


class _GuardedSession(requests.Session):
    def __init__(self, guard: Outbound) -> None:
        super().__init__()
        self.guard = guard

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        kwargs.update(allow_redirects=False, stream=True, timeout=self.guard.timeout)
        response = super().send(request, **kwargs)
        try:
            body = response.raw.read(self.guard.body_limit, decode_content=False)
        finally:
            response.close()
        response._content = body  # what ``.text`` and ``.content`` give: the first part only
        return response

    def get_redirect_target(self, response: requests.Response) -> None:
        """None: a redirect is an answer like any other (else ``requests`` reads its whole body
        to follow it, even when told not to follow)."""
        return None


class _GuardedAdapter(HTTPAdapter):
    def __init__(self, guard: Outbound) -> None:
        self.guard = guard
        super().__init__(max_retries=0)

    def init_poolmanager(self, *args: Any, **kwargs: Any) -> None:
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = _pools(self.guard)


def _pools(guard: Outbound) -> dict[str, type]:
    """Connection pools whose connections check with ``guard`` where they connect."""

    class Plain(_Checked, HTTPConnection):
        checker = guard

    class Secure(_Checked, HTTPSConnection):
        checker = guard

    class PlainPool(HTTPConnectionPool):
        ConnectionCls = Plain

    class SecurePool(HTTPSConnectionPool):
        ConnectionCls = Secure

    return {"http": PlainPool, "https": SecurePool}


class _Checked(HTTPConnection):
    """A urllib3 connection that resolves its host once and connects only to checked addresses
    (the one place a socket is opened: TLS is set up on this socket by ``HTTPSConnection``)."""

    checker: Outbound

    def _new_conn(self) -> socket.socket:
        try:
            addresses = self.checker.addresses(self._dns_host, self.port)
        except socket.gaierror as error:
            raise NameResolutionError(self.host, self, error) from error
        last: OSError | None = None
        for address in addresses:
            try:
                sock = connection.create_connection(
                    (str(address), self.port),
                    self.timeout,
                    source_address=self.source_address,
                    socket_options=self.socket_options,
                )
            except TimeoutError as error:
                raise ConnectTimeoutError(self, f"connecting to {self.host} timed out") from error
            except OSError as error:
                last = error
                continue
            sys.audit("http.client.connect", self, self.host, self.port)
            return sock
        raise NewConnectionError(self, f"Failed to establish a new connection: {last}")
