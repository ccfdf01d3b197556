"""Webhook mode: a Flask route Telegram posts updates to.

Telegram sends the secret given to ``setWebhook`` in ``X-Telegram-Bot-Api-Secret-Token``; the
route compares it in constant time and refuses anything else with 403 before reading the body.
An accepted update is stored (``Processor.receive``) before the route answers 200 — the 200 is
Telegram's acknowledgement — and then everything waiting is answered.  Several processes may
serve the route on one database: each claims what it answers, a chat at a time, so every update
is answered once and each chat's in order (``Processor.answer_waiting(shared=True)``).  If answering fails or
Telegram asks to wait, the update stays stored and waiting, and the next request (or a restart)
answers it; the route still says 200, because the update itself is safe.
"""

from __future__ import annotations

import hmac
import logging
from collections.abc import Callable

from flask import Blueprint, Flask, abort, request

from adapters.telegram.processor import Processor
from service.delivery.dispatch import TryLater

log = logging.getLogger(__name__)
SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
PATH = "/telegram/webhook"


def webhook_blueprint(
    processor: Processor, secret: str, after: Callable[[], object] | None = None
) -> Blueprint:
    """The route ``POST /telegram/webhook``; ``after`` runs once the updates are answered (the
    outbox drain)."""
    if not secret:
        raise ValueError("a webhook needs a secret token")
    routes = Blueprint("telegram", __name__)

    @routes.post(PATH)
    def receive() -> tuple[str, int]:
        """Store the update, then answer what waits."""
        given = request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), secret.encode()):
            abort(403)
        update = request.get_json(silent=True)
        if not isinstance(update, dict) or not isinstance(update.get("update_id"), int):
            abort(400)
        processor.receive(update)
        try:
            processor.answer_waiting(shared=True)
            if after is not None:
                after()
        except TryLater as error:
            log.info("answers wait for Telegram: %s", error)
        except Exception:
            log.exception("answering updates failed; they stay stored and waiting")
        return "", 200

    return routes


def webhook_app(
    processor: Processor, secret: str, after: Callable[[], object] | None = None
) -> Flask:
    """A Flask app with only the webhook route (``conquian telegram --webhook``)."""
    app = Flask(__name__)
    app.register_blueprint(webhook_blueprint(processor, secret, after))
    return app
