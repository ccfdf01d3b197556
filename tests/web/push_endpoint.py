"""A local Web Push endpoint for the tests: an HTTP server standing for a push service and the
browser behind it.  It holds a browser's subscription keys (``p256dh``, ``auth``), keeps every
message posted to it and decrypts it as the browser would (RFC 8291, ``aes128gcm``, with
``http_ece``); a path can be made to answer ``410 Gone``, as a push service does for a browser
that unsubscribed, and it can be down for a while (``503``)."""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


@dataclass(frozen=True)
class Pushed:
    path: str
    headers: dict[str, str]
    body: bytes


class PushEndpoint:
    def __init__(self) -> None:
        self.private_key = ec.generate_private_key(ec.SECP256R1())
        self.auth = os.urandom(16)
        self.received: list[Pushed] = []
        self.gone: set[str] = set()
        self.unavailable = 0
        """How many of the next messages to answer ``503``, as a push service that is down."""
        self.lock = threading.Lock()
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {name.lower(): value for name, value in self.headers.items()}
                with endpoint.lock:
                    endpoint.received.append(Pushed(self.path, headers, body))
                    status = 410 if self.path in endpoint.gone else 201
                    if endpoint.unavailable:
                        endpoint.unavailable -= 1
                        status = 503
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:  # quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def subscription(self, path: str = "/push/browser-1") -> dict[str, str]:
        """What the browser's ``pushManager.subscribe`` gives, as the page posts it."""
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {"endpoint": self.url + path, "p256dh": b64url(public), "auth": b64url(self.auth)}

    def decrypt(self, pushed: Pushed) -> dict[str, str]:
        assert pushed.headers.get("content-encoding") == "aes128gcm"
        plain = http_ece.decrypt(
            pushed.body, private_key=self.private_key, auth_secret=self.auth, version="aes128gcm"
        )
        payload: dict[str, str] = json.loads(plain)
        return payload

    def wait_for(self, count: int, timeout: float = 5.0) -> list[Pushed]:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            with self.lock:
                if len(self.received) >= count:
                    return list(self.received)
            time.sleep(0.01)
        raise AssertionError(f"{count} pushes expected, {len(self.received)} received")

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
