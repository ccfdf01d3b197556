"""The pages people open: the landing page, invitations, and each player's private page.

The landing page opens a game against a friend (an invitation link to pass on) or a bot; the
browser is remembered as a web player by a cookie holding their player token.  A player's page
(``/p/<page token>``) is a capability: whoever holds the link is that player in that game, and
nothing else.  It is drawn from the player's own view only (``table_page``), carries the legal
moves as buttons and a command box in the shared grammar, and asks every few seconds whether
the game moved (``/p/<token>/version``), changing in place when it did.  A query typed in the
box is answered on the page; a resignation is asked about first.  Every form carries a CSRF token.  Every answer
here is ``Cache-Control: private, no-store`` and ``Vary: Cookie``: the landing page lists the
browser's games with their private links, an invitation answers its player with theirs, a
player's page shows a hand — no page of this blueprint may be kept by a cache.
"""

from __future__ import annotations

import uuid

from flask import Blueprint, Response, abort, jsonify, redirect, render_template, request
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.asked import OPPONENTS as CHOICES
from adapters.web.browser import (
    browser_player,
    check_form,
    message_page,
    player_for_form,
    remembered,
    too_many_invitations,
)
from adapters.web.capabilities import Forbidden, PageGrant
from adapters.web.context import web
from adapters.web.errors import status_of
from adapters.web.languages import page_translator, speak_to
from adapters.web.new_links import make_new_links
from adapters.web.pages import recovery
from adapters.web.pages.answers import answer_text
from adapters.web.pages.form_requests import call_off_reply, command_reply, rematch_reply
from adapters.web.pages.game_list import game_lines
from adapters.web.pages.new_game import invitation_terms, new_game_form, options_of
from adapters.web.pages.table import ONLY_YOUR_BROWSER, is_resign, render
from adapters.web.security import csrf_token, keep_private
from service.app.replies import Rematched
from service.game.errors import InvitationUsed, InvitationWithdrawn, StaleVersion, UnknownInvitation
from service.game.events import GameId
from service.game.status import GameStatus
from service.game.stored import UnknownGame
from service.language.numbers import POSITIVE, NotWithin, whole_number
from service.rules.errors import IllegalAction
from service.words.lobby import OPPONENTS, read_words
from service.words.refusals import Refused, refusal_text

blueprint = Blueprint("pages", __name__)

OPTIONS_LENGTH = 10_000
"""Characters of the options box read: more than any options need, and the lobby refuses a
number too long before it converts it."""


keep_private(blueprint)


@blueprint.get("/")
def landing() -> str:
    player = browser_player()
    speak_to(player)
    games = game_lines(player, page_translator()) if player else []
    return render_template(
        "landing.html",
        games=games,
        practice=web().service.practising.offered(player),
        nonce=uuid.uuid4().hex,
        csrf=csrf_token(web().capabilities),
        known=player,
        **new_game_form(page_translator()),
    )


@blueprint.post("/games")
def open_game() -> BaseResponse | tuple[str, int]:
    """Open a game from the landing page and go to its page."""
    check_form()
    speak_to(browser_player())
    tr = page_translator()
    opponent = request.form.get("opponent", "")
    if opponent not in CHOICES:
        return message_page(tr.gettext("Choose a friend or one of the bots."), 400)
    try:  # the button pressed chooses the opponent; the options box holds the rest
        options = read_words([options_of(request.form)[:OPTIONS_LENGTH]], name_opponent=False)
    except IllegalAction as error:
        return message_page(refusal_text(error, tr=tr), status_of(error))
    if too_many_invitations():
        return message_page(tr.gettext("Too many new games from here; wait a little."), 429)
    player, token = player_for_form()
    game_id = web().service.open_game(
        player,
        options.variant,
        options.terms,
        options.time_control,
        OPPONENTS[opponent],
        rated=options.rated,
    )
    return remembered(redirect(web().capabilities.page_url(game_id, player), 303), token)


@blueprint.get("/join/<code>")
def invitation(code: str) -> str | tuple[str, int]:
    service = web().service
    player = browser_player()
    speak_to(player)
    tr = page_translator()
    game_id = service.game_by_invitation(code)
    if game_id is None:
        return message_page(refusal_text(UnknownInvitation(), tr=tr), 404)
    game = service.game(game_id)
    if game.status != GameStatus.OPEN or player == game.host:
        if player is not None and game.seat_of(player) is not None:
            return render_template("moved.html", url=web().capabilities.page_url(game.id, player))
        if game.status == GameStatus.CANCELLED:
            return message_page(refusal_text(InvitationWithdrawn(), tr=tr), 410)
        return message_page(refusal_text(InvitationUsed(), tr=tr), 409)
    return render_template(
        "join.html",
        code=code,
        csrf=csrf_token(web().capabilities),
        known=player,
        **invitation_terms(game, tr),
    )


@blueprint.post("/join/<code>")
def join(code: str) -> BaseResponse | tuple[str, int]:
    check_form()
    speak_to(browser_player())
    tr = page_translator()
    if too_many_invitations():
        return message_page(tr.gettext("Too many joins from here; wait a little."), 429)
    player, token = player_for_form()
    speak_to(player)
    try:
        game_id = web().service.join(code, player)
    except IllegalAction as error:
        return message_page(refusal_text(error, tr=page_translator()), status_of(error))
    return remembered(redirect(web().capabilities.page_url(game_id, player), 303), token)


@blueprint.get("/p/<token>")
def page(token: str) -> Response:
    return render(_grant(token), token)


@blueprint.post("/p/<token>")
def move(token: str) -> BaseResponse:
    """A command from the page's buttons or its command box, on the version the page showed."""
    grant = _grant(token)
    check_form()
    tr = page_translator()
    command = request.form.get("command", "").strip()
    try:
        version = whole_number(request.form.get("version", ""), POSITIVE)
    except NotWithin:
        why = tr.gettext("The page did not say which position you saw; reload it.")
        return render(grant, token, why, 400)
    if web().moves.wait(grant.player):
        why = tr.gettext("Too many moves in a short time; wait a little.")
        return render(grant, token, why, 429)
    if is_resign(command) and request.form.get("confirm") != "yes":
        return render(grant, token, confirm_resign=True)  # resigning asks first
    reply = command_reply(grant, version, command)
    if isinstance(reply, Refused) and reply.code == StaleVersion.code:
        why = tr.gettext("Your opponent moved first: here is the table now.")
        return render(grant, token, why, 409)
    if isinstance(reply, Refused):
        return render(grant, token, refusal_text(reply, tr=tr), 422)
    answer = answer_text(reply, grant.player, tr)
    if answer:  # a query: its answer in place, on the same table
        return render(grant, token, answer=answer)
    return redirect(f"/p/{token}", 303)


@blueprint.post("/p/<token>/rematch")
def rematch(token: str) -> BaseResponse:
    """Offer a rematch (or accept the opponent's): the new game's page once it has begun."""
    grant = _grant(token)
    check_form()
    match rematch_reply(grant, _nonce(grant)):
        case Refused() as refused:
            why = refusal_text(refused, tr=page_translator())
            return render(grant, token, why, status_of(refused))
        case Rematched(started=started) if started is not None:
            return redirect(web().capabilities.page_url(started, grant.player), 303)
    said = page_translator().gettext("Rematch offered: it begins when your opponent accepts.")
    return render(grant, token, answer=said)


@blueprint.get("/p/<token>/version")
def version(token: str) -> Response:
    """What the page polls: the game's version and status, nothing else."""
    grant = _grant(token)
    game = web().service.game(grant.game_id)
    return jsonify({"version": game.version, "status": game.status})


@blueprint.post("/p/<token>/cancel")
def cancel(token: str) -> BaseResponse:
    """The host calls off the game they are waiting in: its invitation stops working."""
    grant = _grant(token)
    check_form()
    refused = call_off_reply(grant, _nonce(grant))
    if isinstance(refused, Refused):  # the guest joined while the page was open
        why = refusal_text(refused, tr=page_translator())
        return render(grant, token, why, status_of(refused))
    return redirect(f"/p/{token}", 303)


@blueprint.get("/games/<game_id>")
def game_in_this_browser(game_id: str) -> BaseResponse:
    """The page of a game for the browser that plays in it, else the home page: where a turn
    notice leads.  A push message carries no page link (a link is a key, and the message may
    reach a browser that only ever had a leaked one); this browser's key finds the page."""
    player = browser_player()
    try:
        players = web().service.game(GameId(game_id)).players if player else ()
    except UnknownGame:
        players = ()
    if player is None or player not in players:
        return redirect("/", 303)
    return redirect(web().capabilities.page_url(GameId(game_id), player), 303)


@blueprint.post("/p/<token>/revoke")
def revoke(token: str) -> BaseResponse:
    """Make every link this player was given invalid and go on with a new one, from the browser
    they play in only: a page link alone (it may be the leaked one) cannot lock its owner out.
    That browser gets the new key, and its home page lists every game with its new link."""
    grant = _grant(token)
    check_form()
    if browser_player() != grant.player:
        return render(grant, token, page_translator().gettext(ONLY_YOUR_BROWSER), 403)
    make_new_links(grant.player)
    capabilities = web().capabilities
    response = redirect(capabilities.page_url(grant.game_id, grant.player), 303)
    return remembered(response, capabilities.player_token(grant.player))


@blueprint.post("/recovery")
def make_recovery_code() -> str | tuple[str, int]:
    """A recovery code for this browser's player, shown this once (``recovery``)."""
    check_form()
    player = browser_player()
    speak_to(player)
    if player is None:
        return message_page(page_translator().gettext(ONLY_YOUR_BROWSER), 403)
    return render_template(
        "recovery.html", code=recovery.make(web().capabilities.directory, player)
    )


@blueprint.post("/recover")
def recover() -> BaseResponse | tuple[str, int]:
    """Bring a player's games to this browser with their recovery code."""
    check_form()
    speak_to(browser_player())
    tr = page_translator()
    if too_many_invitations():
        return message_page(tr.gettext("Too many attempts from here; wait a little."), 429)
    player = recovery.use(web().capabilities.directory, request.form.get("code", "")[:100])
    if player is None:
        return message_page(
            tr.gettext("This recovery code is not valid, or it has been used."), 403
        )
    return remembered(redirect("/", 303), web().capabilities.player_token(player))


# -- helpers --------------------------------------------------------------------------------------


def _nonce(grant: PageGrant) -> str:
    """The nonce of a form without commands: the version the page was drawn at (the version
    now, from a form drawn before it carried one)."""
    drawn = request.form.get("version", "")[:12]
    if drawn.isascii() and drawn.isdigit():
        return drawn
    return str(web().service.game(grant.game_id).version)


def _grant(token: str) -> PageGrant:
    try:
        grant = web().capabilities.read_page(token)
        web().service.game(grant.game_id)
    except (Forbidden, UnknownGame):
        abort(404)  # a bad link shows nothing, not even whether the game exists
    speak_to(grant.player)
    return grant
