"""A player's profile page, ``/players/<id>``, and the leaderboard, ``/leaderboard``.

Both read ``service.app.ratings.Ratings``: a profile another reader may not see (private, or no
such player) is the same 404 either way, so a page never tells that a private player exists.  A
profile shows the player's reliability in the words every channel uses (``words.stats``).
The browser's own player sees their own profile and may make it public or private and leave or
join the leaderboard (a form, posted with the page's CSRF protection like every form).
"""

from __future__ import annotations

from flask import Blueprint, abort, redirect, render_template, request
from werkzeug.wrappers import Response

from adapters.web.asked import channels_of
from adapters.web.browser import browser_player, check_form
from adapters.web.context import web
from adapters.web.languages import page_translator
from adapters.web.pages.rating_plot import rating_svg
from adapters.web.security import csrf_token
from service.app.ratings import LEAST_GAMES, Ratings
from service.game.events import PlayerId
from service.words.naming import listed_name
from service.words.stats import reliability_line

blueprint = Blueprint("profiles", __name__)


def _ratings() -> Ratings:
    ratings = web().ratings
    if ratings is None:
        abort(404)
    return ratings


@blueprint.get("/players/<player_id>")
def profile(player_id: str) -> str:
    ratings = _ratings()
    player = PlayerId(player_id)
    stats = ratings.stats(browser_player(), player)
    if stats is None:
        abort(404)
    tr = page_translator()
    service = web().service
    standing = stats.standing
    name = service.name_of(player, tr)
    plot = rating_svg(
        standing.history,
        tr.gettext("Rating of {name} over time", name=name),
        tr.ngettext(
            "{n} rated game, from {first} to {last}",
            "{n} rated games, from {first} to {last}",
            len(standing.history),
            first=standing.history[0].rating if standing.history else standing.rating.shown,
            last=standing.rating.shown,
        ),
    )
    directory = service.directory  # an opponent the reader may not see is None (Ratings.stats)
    opponents = [
        (listed_name(who, directory, tr), who, tally)
        for who, tally in sorted(standing.opponents, key=lambda pair: -pair[1].games)
    ]
    recent = [(one, listed_name(one.opponent, directory, tr)) for one in standing.recent]
    channels = channels_of(service.directory, player)
    return render_template(
        "profile.html",
        stats=stats,
        standing=standing,
        name=name,
        plot=plot,
        opponents=opponents,
        recent=recent,
        channels=channels,
        reliability=None if stats.reliability is None else reliability_line(stats.reliability, tr),
        format_time=lambda at: at.strftime("%Y-%m-%d %H:%M"),
        csrf=csrf_token(web().capabilities) if stats.own else "",
    )


@blueprint.post("/players/me/choices")
def choose() -> Response:
    check_form()
    player = browser_player()
    if player is None:
        abort(403)
    chosen = request.form.get("choice", "")
    choices = {"public": (True, None), "private": (False, None), "leave": (None, False)}
    choices["join"] = (None, True)
    if chosen not in choices:
        abort(400)
    public, listed = choices[chosen]
    _ratings().choose(player, public, listed)
    return redirect(f"/players/{player}", 303)


@blueprint.get("/leaderboard")
def leaderboard() -> str:
    service = web().service
    tr = page_translator()
    rows = [(one, service.name_of(one.player, tr)) for one in _ratings().leaderboard()]  # public
    return render_template("leaderboard.html", rows=rows, least=LEAST_GAMES)
