"""A small HTTP client over a real socket (``http.client``), for the web tests."""

from __future__ import annotations

import json
from dataclasses import dataclass
from http.client import HTTPConnection
from typing import Any
from urllib.parse import urlsplit


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    @property
    def error(self) -> dict[str, Any]:
        """The error object of a refusal (``code``, ``message``, ``params``)."""
        found: dict[str, Any] = self.json["error"]
        return found


class Http:
    """Requests to one server; ``token`` goes in ``Authorization: Bearer``."""

    def __init__(self, base_url: str) -> None:
        parts = urlsplit(base_url)
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80

    def request(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        token: str | None = None,
    ) -> Answer:
        connection = HTTPConnection(self.host, self.port, timeout=30)
        sent = dict(headers or {})
        if token is not None:
            sent["Authorization"] = f"Bearer {token}"
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            answer = Answer(
                response.status,
                {name.lower(): value for name, value in response.getheaders()},
                response.read(),
            )
        finally:
            connection.close()
        return answer

    def get(self, path: str, token: str | None = None, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers, token=token)

    def post(self, path: str, payload: Any = None, token: str | None = None) -> Answer:
        """POST ``payload`` as JSON (nothing for None)."""
        body = None if payload is None else json.dumps(payload).encode()
        headers = {} if body is None else {"Content-Type": "application/json"}
        return self.request("POST", path, body, headers, token)

    def post_raw(
        self,
        path: str,
        body: bytes,
        content_type: str = "application/json",
        token: str | None = None,
    ) -> Answer:
        return self.request("POST", path, body, {"Content-Type": content_type}, token)
