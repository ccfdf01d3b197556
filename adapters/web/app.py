"""The application factory: ``create_app(web)`` builds the Flask app from parts made elsewhere.

Nothing is read from the environment or connected here; the entry point (``conquian serve``) or
a test builds the parts (``parts_for``) and hands them over.  Its blueprints: the JSON API
(``api``), the pages people open (``pages``: landing, invitations, the player's private page),
the replay viewer (``replay``), the health checks (``health``), the mail's one-click unsubscribe
link (``unsubscribe``), profiles, your data, and turn notices (``notices``).
"""

from __future__ import annotations

from datetime import timedelta

from flask import Flask, Response, abort, jsonify, render_template, request
from flask_babel import Babel
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from adapters.bootstrap import Wiring
from adapters.config import Settings
from adapters.mail.smtp import MailTransport
from adapters.sql.consent import SqlConsent
from adapters.sql.engine import UNAVAILABLE_ERRORS, is_unavailable
from adapters.sql.pulse import Pulse, pulse_for
from adapters.sql.quotas import SqlQuotas
from adapters.web import health, security
from adapters.web.api import (  # noqa: F401  (their routes are the API's)
    players,
    reviews,
    seeks,
    tournament_routes,
)
from adapters.web.api import routes as api
from adapters.web.capabilities import Capabilities
from adapters.web.context import EXTENSION, Web
from adapters.web.languages import page_language, page_translator
from adapters.web.limits import RateLimit, SharedLimit
from adapters.web.notices import asking as notices
from adapters.web.notices.desk import desk_for
from adapters.web.pages import (
    lobby,
    practice,
    profiles,
    replay,
    rules,
    tournament_entry,
    tournaments,
    unsubscribe,
    watch,
    your_data,
)
from adapters.web.pages import routes as pages
from adapters.web.pages import talk as talk_page
from adapters.web.readiness import Readiness
from service.language.translation import LOCALES
from service.players.unsubscribe import Unsubscribe
from service.rules.errors import N_


def parts_for(
    wiring: Wiring,
    settings: Settings,
    pulse: Pulse | None = None,
    mail: MailTransport | None = None,
) -> Web:
    """The web parts over a wiring: links signed with the configured keys (or the data
    directory's), the worker's heartbeat where the database keeps it, the rate limits, and turn
    notices (by mail too when ``mail``, the email channel's transport, is given)."""
    config = settings.web
    capabilities = Capabilities.from_settings(settings, wiring.directory)
    readiness = Readiness(
        wiring.engine,
        pulse or pulse_for(wiring.engine),
        timedelta(seconds=config.heartbeat_seconds),
    )
    clock = wiring.service.clock
    invitations = SharedLimit(
        SqlQuotas(wiring.engine), clock, "web-invitations", config.invitations_per_hour, 3600.0
    )
    email = settings.email
    return Web(
        wiring.service,
        capabilities,
        config,
        readiness,
        moves=RateLimit(config.moves_per_minute, 60.0),
        invitations=invitations,
        consent=SqlConsent(wiring.engine, wiring.secret) if email else None,
        unsubscribe=Unsubscribe.from_keys(email.token_keys) if email else None,
        ratings=wiring.ratings,
        notices=desk_for(wiring, settings, mail),
        lobby=wiring.lobby,
        tournaments=wiring.tournaments,
    )


def create_app(parts: Web) -> Flask:
    app = Flask(__name__)
    config = parts.settings
    app.config.update(
        MAX_CONTENT_LENGTH=config.max_body_bytes,
        MAX_FORM_MEMORY_SIZE=config.max_body_bytes,
        MAX_FORM_PARTS=50,
    )
    app.json.sort_keys = False  # type: ignore[attr-defined]
    app.json.ensure_ascii = False  # type: ignore[attr-defined]
    if config.trusted_proxies:
        hops = config.trusted_proxies
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops, x_prefix=hops
        )
    app.extensions[EXTENSION] = parts
    Babel(app, locale_selector=page_language, default_translation_directories=str(LOCALES))
    app.context_processor(lambda: {"language": page_language()})
    security.install(app, secure_cookies=config.base_url.startswith("https://"))
    blueprints = (api.blueprint, pages.blueprint, replay.blueprint, health.blueprint)
    others = (
        unsubscribe.blueprint,
        profiles.blueprint,
        your_data.blueprint,
        notices.blueprint,
        talk_page.blueprint,
        rules.blueprint,
        lobby.blueprint,
        tournaments.blueprint,
        tournament_entry.blueprint,
        watch.blueprint,
        practice.blueprint,
    )
    for blueprint in (*blueprints, *others):
        app.register_blueprint(blueprint)
    app.register_error_handler(HTTPException, _http_error)
    app.before_request(_no_nul_in_path)
    for unavailable in UNAVAILABLE_ERRORS:
        app.register_error_handler(unavailable, _unavailable)
    return app


def _no_nul_in_path() -> None:
    """An address with a NUL character names nothing: PostgreSQL refuses NUL in any text, so
    looking its game, page or invitation up would be an error (500) instead of a 404."""
    if "\x00" in request.path:
        abort(404)


RETRY_AFTER_SECONDS = 5
UNAVAILABLE = N_(
    "The game service cannot reach its database just now. Please try again in a moment."
)


def _unavailable(error: Exception) -> tuple[Response | str, int, dict[str, str]]:
    """The database is away (stopped, restarting, out of connections): 503 with ``Retry-After``
    and a clear "try again", in the shape of every other refusal (the API's messages are
    English, its pages the reader's language).  Any other database error is a fault of ours and
    stays a 500."""
    if not is_unavailable(error):
        raise error
    headers = {"Retry-After": str(RETRY_AFTER_SECONDS), "Cache-Control": "no-store"}
    if request.path.startswith("/api/"):
        params = {"retry_after": str(RETRY_AFTER_SECONDS)}
        body = {"error": {"code": "unavailable", "message": UNAVAILABLE, "params": params}}
        return jsonify(body), 503, headers
    message = page_translator().gettext(UNAVAILABLE)
    return render_template("error.html", status=503, message=message), 503, headers


def _http_error(error: HTTPException) -> tuple[Response | str, int]:
    """Errors Flask raises itself (an unknown address, a body too large, a wrong method): JSON
    under ``/api``, a small page elsewhere; never a traceback."""
    status = error.code or 500
    tr = page_translator()
    messages = {
        413: tr.gettext("The request body is too large."),
        404: tr.gettext("There is nothing here."),
        405: tr.gettext("This address does not take that method."),
    }
    message = messages.get(status, tr.gettext(error.description or error.name))
    if request.path.startswith("/api/"):
        code = error.name.lower().replace(" ", "_")
        body = {"error": {"code": code, "message": message, "params": {}}}
        return jsonify(body), status
    return render_template("error.html", status=status, message=message), status
