"""``/healthz`` (the process answers) and ``/readyz`` (it can do its work).

``/readyz`` answers 503 with the failing checks (``readiness``) named.
"""

from __future__ import annotations

from flask import Blueprint, Response, jsonify

from adapters.web.context import web

blueprint = Blueprint("health", __name__)


@blueprint.get("/healthz")
def healthz() -> Response:
    return jsonify({"ok": True})


@blueprint.get("/readyz")
def readyz() -> tuple[Response, int]:
    checks = web().readiness.checks()
    ready = all(value == "ok" for value in checks.values())
    return jsonify({"ready": ready, "checks": checks}), 200 if ready else 503
