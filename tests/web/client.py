"""A small HTTP client over a real socket (``http.client``), for the web tests."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from html import unescape
from http.client import HTTPConnection
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import urlencode, urlsplit


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    cookies: dict[str, str] = field(default_factory=dict)
    """The cookies the answer set."""

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
            cookies: SimpleCookie = SimpleCookie()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    cookies.load(value)
            answer = Answer(
                response.status,
                {name.lower(): value for name, value in response.getheaders()},
                response.read(),
                {name: morsel.value for name, morsel in cookies.items()},
            )
        finally:
            connection.close()
        return answer

    def get(self, path: str, token: str | None = None, **headers: str) -> Answer:
        return self.request("GET", path, headers=headers, token=token)

    def post(
        self,
        path: str,
        payload: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        """POST ``payload`` as JSON (nothing for None)."""
        body = None if payload is None else json.dumps(payload).encode()
        sent = dict(headers or {})
        if body is not None:
            sent["Content-Type"] = "application/json"
        return self.request("POST", path, body, sent, token)

    def post_raw(
        self,
        path: str,
        body: bytes,
        content_type: str = "application/json",
        token: str | None = None,
    ) -> Answer:
        return self.request("POST", path, body, {"Content-Type": content_type}, token)


class Browser:
    """Pages and forms as a browser without scripts uses them: cookies kept, forms posted with
    their hidden fields (the CSRF token, the version)."""

    def __init__(self, http: Http, languages: str | None = None) -> None:
        """``languages``: the browser's ``Accept-Language``, sent with every request."""
        self.http = http
        self.cookies: dict[str, str] = {}
        self.languages = languages

    def get(self, path: str) -> Answer:
        return self._keep(self.http.get(path, **self._cookie_header()))

    def post_form(self, path: str, fields: dict[str, str]) -> Answer:
        headers = {"Content-Type": "application/x-www-form-urlencoded", **self._cookie_header()}
        body = urlencode(fields).encode()
        return self._keep(self.http.request("POST", path, body, headers))

    def _cookie_header(self) -> dict[str, str]:
        headers = {} if self.languages is None else {"Accept-Language": self.languages}
        if not self.cookies:
            return headers
        cookie = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        return {**headers, "Cookie": cookie}

    def _keep(self, answer: Answer) -> Answer:
        self.cookies.update(answer.cookies)
        return answer


def hidden_fields(html: str) -> dict[str, str]:
    """The first value of each hidden input of a page (CSRF token, version)."""
    found: dict[str, str] = {}
    for match in re.finditer(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', html):
        found.setdefault(match.group(1), unescape(match.group(2)))
    return found
