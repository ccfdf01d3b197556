"""A spectator's page of a tournament game, ``/watch/<game_id>``, and its JSON,
``/watch/<game_id>/view`` (issue 37; docs/decisions/spectators.md).

Both are drawn from the spectator's view alone (``Watching.watch``: ``spectator.spectator_view``),
so nothing here can show a hidden card; both hands are shown once a deal has ended.  The page keeps
itself up to date as the player's page does (``play.js``: it polls the JSON's version and swaps
the parts marked ``data-live``); a game that ends while watched shows its last table and a link
to its replay.  Any other finished game's watch page sends its reader to the replay.
Names follow ``naming``: a private player is called by their seat.
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, jsonify, redirect, render_template
from werkzeug.wrappers import Response as BaseResponse

from adapters.view_fields import spectator_fields
from adapters.web.browser import browser_player
from adapters.web.context import web
from adapters.web.languages import page_translator
from adapters.web.pages.drawing import picture_html
from adapters.web.pages.pictures import spectator_picture
from adapters.web.security import keep_private
from service.app.watching import NotWatchable, Watched, Watching
from service.game.errors import NoSuchGame
from service.game.events import GameId
from service.game.status import GameStatus
from service.game.stored import UnknownGame
from service.language.notation import signed
from service.rules.errors import IllegalAction
from service.rules.seats import Seat
from service.words.naming import cast_for
from service.words.refusals import refusal_text

blueprint = Blueprint("watch", __name__)
keep_private(blueprint)  # the names on it are the reader's to see


@blueprint.get("/watch/<game_id>")
def watch(game_id: str) -> BaseResponse | tuple[str, int] | str:
    watched = _watched(GameId(game_id))
    over = f"/games/{game_id}/replay"
    if not isinstance(watched, Watched):
        return redirect(over) if _over(GameId(game_id)) else watched
    game, view = watched.game, watched.view
    tr = page_translator()
    cast = cast_for(game.players, web().service.directory, tr, browser_player(), web().is_public)
    names = (cast[Seat.FIRST], cast[Seat.SECOND])
    if game.status is not GameStatus.PLAYING:
        turn = tr.gettext("The game is over.")
    elif view.to_act is None:
        turn = tr.gettext("Between deals.")
    else:
        turn = tr.gettext("To play: {name}.", name=names[view.to_act])
    return render_template(
        "watch.html",
        game=game,
        tournament_id=watched.tournament_id,
        table_html=picture_html(spectator_picture(view, names, tr)),
        score=tr.gettext(
            "Score — {first}: {one}; {second}: {two}",
            first=names[0],
            one=signed(view.match.scores[0]),
            second=names[1],
            two=signed(view.match.scores[1]),
        ),
        deal=tr.gettext("Deal {deal}", deal=view.deal_number),
        turn=turn,
        poll_ms=int(web().settings.poll_seconds * 1000),
        replay=over if game.status is not GameStatus.PLAYING else "",
    )


@blueprint.get("/watch/<game_id>/view")
def view(game_id: str) -> Response | tuple[str, int]:
    """The spectator's view as JSON, with the version and status the page polls."""
    watched = _watched(GameId(game_id))
    if not isinstance(watched, Watched):
        return watched
    game = watched.game
    return jsonify(
        {
            "game_id": game.id,
            "tournament_id": watched.tournament_id,
            "version": game.version,
            "status": game.status,
            "view": spectator_fields(watched.view),
        }
    )


def _over(game_id: GameId) -> bool:
    """Whether ``game_id`` is a finished game (of a finished tournament, or an ordinary one):
    its replay is for anyone."""
    try:
        return web().service.game(game_id).status is GameStatus.OVER
    except UnknownGame:
        return False


def _watched(game_id: GameId) -> Watched | tuple[str, int]:
    tournaments = web().tournaments
    if tournaments is None:
        abort(404)
    tr = page_translator()
    try:
        return Watching(tournaments).watch(game_id)
    except UnknownGame:
        refused: IllegalAction = NoSuchGame()
    except NotWatchable as not_watchable:
        refused = not_watchable
    return render_template("error.html", status=404, message=refusal_text(refused, tr=tr)), 404
