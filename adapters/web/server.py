"""The web application on waitress, in a thread of its own (``conquian serve`` and the tests).

waitress rather than gunicorn: it runs inside the process that also runs the worker's scheduler
and the channels, with threads, on any platform.  More throughput comes from more web processes
behind the reverse proxy, not from more threads (docs/benchmarks.md).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import Any

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
    thread = threading.Thread(target=server.run, name="web", daemon=True)
    thread.start()
    return WebServer(server, thread)
