"""The tournament page's forms (issue 37): Join, while the tournament takes entries (a Swiss
until its last round for late entries is paired), and Withdraw, for one of its players.

They go through the tournaments' one way in (``Tournaments.request``, keyed by the drawn page:
``form_requests.tournament_reply``) and are answered on the page with the reply's words, as the
lobby's are (``lobby.py``): the browser's player is the one its cookie names; a visitor gives a
name in the form, and becomes a web player only once the tournament would take them, so a
refused Join makes no one.
"""

from __future__ import annotations

from flask import Blueprint
from werkzeug.wrappers import Response as BaseResponse

from adapters.web.browser import (
    browser_player,
    check_form,
    player_for_form,
    remembered,
    too_many_invitations,
)
from adapters.web.context import web
from adapters.web.errors import status_of
from adapters.web.languages import page_translator, speak_to
from adapters.web.pages.form_requests import form_nonce, tournament_reply
from adapters.web.pages.tournaments import drawn
from adapters.web.security import keep_private
from service.app.replies import Reply
from service.game.events import PlayerId
from service.language.translation import Translator
from service.rules.errors import IllegalAction
from service.tournaments.decide import Enter, decide
from service.tournaments.events import TournamentId
from service.tournaments.requests import (
    EnterTournament,
    TournamentEntered,
    TournamentLeft,
    WithdrawFromTournament,
)
from service.words.refusals import Refused, refusal_text
from service.words.tournament_replies import tournament_said

blueprint = Blueprint("tournament_entry", __name__)
keep_private(blueprint)


@blueprint.post("/tournaments/<tournament_id>/join")
def join(tournament_id: str) -> BaseResponse:
    """Enter the tournament as this browser's player, or as the visitor the form names."""
    known, tr = _form()
    tournament = TournamentId(tournament_id)
    if known is None:  # would it take a newcomer? asked before anyone is made a player
        refused = _closed_to_newcomers(tournament)
        if refused is not None:
            return drawn(tournament, refusal_text(refused, tr=tr), status_of(refused))
        if too_many_invitations():
            message = tr.gettext("Too many new players from here; wait a little.")
            return drawn(tournament, message, 429)
    player, token = player_for_form()
    speak_to(player)
    asked = EnterTournament(player, tournament)
    reply = tournament_reply(player, form_nonce(), f"join tournament {tournament}", asked)
    return remembered(_answered(tournament, reply, player), token)


@blueprint.post("/tournaments/<tournament_id>/withdraw")
def withdraw(tournament_id: str) -> BaseResponse:
    """Leave the tournament: only the browser that plays as one of its players can."""
    player, tr = _form()
    tournament = TournamentId(tournament_id)
    if player is None:
        message = tr.gettext("Only the browser that plays as this player can do that.")
        return drawn(tournament, message, 403)
    asked = WithdrawFromTournament(player, tournament)
    reply = tournament_reply(player, form_nonce(), f"withdraw tournament {tournament}", asked)
    return _answered(tournament, reply, player)


def _form() -> tuple[PlayerId | None, Translator]:
    """What both forms begin with: the CSRF check, the browser's player (if it has one) and the
    words the answer is written in."""
    check_form()
    known = browser_player()
    speak_to(known)
    return known, page_translator()


def _closed_to_newcomers(tournament_id: TournamentId) -> IllegalAction | None:
    """Why the tournament would refuse any newcomer now (unknown, over, closed, full), by its
    own rule; None if it would take one."""
    tournaments = web().tournaments
    assert tournaments is not None, "the tournament page is drawn only with tournaments"
    try:
        tournament = tournaments.tournament(tournament_id)
        decide(tournament, Enter(PlayerId(""), 0.0), web().service.clock.now())
    except IllegalAction as refused:
        return refused
    return None


def _answered(tournament_id: TournamentId, reply: Reply, player: PlayerId) -> BaseResponse:
    """The page again, with what the request did, or why it was refused."""
    tr = page_translator()
    if isinstance(reply, Refused):
        return drawn(tournament_id, refusal_text(reply, tr=tr), status_of(reply), reader=player)
    assert isinstance(reply, (TournamentEntered, TournamentLeft))
    return drawn(tournament_id, said=tournament_said(reply, tr), reader=player)
