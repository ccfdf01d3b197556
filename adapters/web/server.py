"""The web application on waitress, in a thread of its own (``conquian serve`` and the tests).

waitress rather than gunicorn: it runs inside the process that also runs the worker's scheduler
and the channels, with threads, on any platform.  More throughput comes from more web processes
behind the reverse proxy, not from more threads (docs/benchmarks.md).
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from typing import Any

from waitress.channel import HTTPChannel
from waitress.task import ErrorTask

from adapters.config import WebSettings

log = logging.getLogger("conquian.serve")


@dataclass
class WebServer:
    """A waitress server running an app in a thread of its own."""

    server: Any
    thread: threading.Thread

    @property
    def port(self) -> int:
        port: int = self.server.effective_port
        return port

    def stop(self) -> None:
        """Stop listening, close the connections still open, and let running requests end."""
        server = self.server

        def close_everything() -> None:  # in the server's own thread, between two polls
            for channel in list(server._map.values()):
                channel.close()

        server.trigger.pull_trigger(close_everything)
        self.thread.join(timeout=5)
        server.task_dispatcher.shutdown()
        log.info("web: stopped")


def web_server(app: Any, config: WebSettings) -> WebServer:
    """Serve ``app`` on waitress where ``config`` says, with its threads and body limit."""
    from waitress import create_server

    server = create_server(
        app,
        host=config.host,
        port=config.port,
        threads=config.threads,
        # The app refuses bodies over the limit itself, with a JSON answer; waitress only stops
        # what is far larger before it is read.
        max_request_body_size=max(4 * config.max_body_bytes, 1 << 20),
        clear_untrusted_proxy_headers=True,
        ident="conquian",
    )
    server.channel_class = _ApiErrorsChannel
    thread = threading.Thread(target=server.run, name="web", daemon=True)
    thread.start()
    return WebServer(server, thread)


class _ApiErrorTask(ErrorTask):  # type: ignore[misc]
    """waitress's own refusals (a body past its limit, a request it cannot parse) in the API's
    JSON shape under ``/api/``, as the app answers everything else there: a client reads every
    refusal the same way, never a text/plain page from the server."""

    def execute(self) -> None:
        if not str(getattr(self.request, "path", "")).startswith("/api/"):
            super().execute()
            return
        error = self.request.error
        message = _MESSAGES.get(error.code, f"{error.reason}.")
        code = error.reason.lower().replace(" ", "_")
        body = json.dumps({"error": {"code": code, "message": message, "params": {}}}).encode()
        self.status = f"{error.code} {error.reason}"
        self.response_headers.extend(
            [("Content-Type", "application/json"), ("Cache-Control", "no-store")]
        )
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


_MESSAGES = {413: "The request body is too large.", 400: "The request is malformed."}


class _ApiErrorsChannel(HTTPChannel):  # type: ignore[misc]
    error_task_class = _ApiErrorTask
