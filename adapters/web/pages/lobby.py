"""The lobby page, ``/lobby`` (issue 36): the open seeks a browser's player may take, one tap to
accept each, one form to publish a seek or to wait to be paired, and a button to stop waiting.

The browser's player is the one every page knows, by the cookie holding their player token
(``browser.browser_player``); a visitor without one gives a name in the form they send, and
becomes a web player remembered by the cookie, as on the landing page (``player_for_form``).
The forms are read into the lobby's own words (``seek …``, ``pair …``: ``words.seek_words``,
with the new-game form's terms, ``new_game.options_of``), so the page checks nothing the lobby
does not, and go through the lobby's one way in under a key of the drawn page
(``form_requests.lobby_reply``).  A listing names an owner only where the reader may see their
name: a private player is "a player" with a rating and a reliability.  After accepting, the
player lands on their game's page; while they wait to be paired, the page asks
``/lobby/waiting`` now and then and goes to their game once they are paired (``lobby.js``).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from flask import (
    Blueprint,
    Response,
    abort,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
)
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
from adapters.web.pages.form_requests import form_nonce, lobby_reply
from adapters.web.pages.new_game import TIMES, new_game_form, options_of
from adapters.web.security import csrf_token, keep_private
from service.app.lobby import Lobby
from service.app.replies import Reply
from service.app.seekers import check_wanted
from service.clock.timeouts import check_time_control
from service.game.events import PlayerId
from service.language.codes import written_code
from service.language.translation import Translator
from service.rules.errors import IllegalAction
from service.seeks.listing import Listed, SeekFilter
from service.seeks.requests import (
    AcceptSeek,
    LeavePairing,
    PairingLeft,
    PairingWaited,
    PublishSeek,
    SeekAccepted,
    SeekPublished,
    SeekRequest,
    SeekWithdrawn,
    WaitForPairing,
    WithdrawSeek,
)
from service.seeks.seeks import SeekId
from service.words.refusals import Refused, refusal_text
from service.words.seek_replies import reliability_words, seek_code, seek_said, terms_words
from service.words.seek_words import read_seek_command

blueprint = Blueprint("lobby", __name__)
keep_private(blueprint)

FIELD_LENGTH = 10
"""Characters read of a number field (a rating, a percentage, days): more than any needs."""
OPTIONS_LENGTH = 2_000
_UNIT = {"m": 60, "h": 3_600, "d": 86_400}


@dataclass(frozen=True, slots=True)
class SeekRow:
    """A seek as the page lists it: whom by name only where allowed."""

    seek_id: str
    code: str
    who: str
    rating: int
    reliability: str
    terms: str
    own: bool


def _lobby() -> Lobby:
    lobby = web().lobby
    if lobby is None:
        abort(404)
    return lobby


@blueprint.get("/lobby")
def lobby_page() -> Response:
    return _drawn()


@blueprint.get("/lobby/waiting")
def waiting() -> Response:
    """What the page asks while its player waits: still waiting, or the game they were paired
    into (their most recent game's page)."""
    player = browser_player()
    if player is not None and _lobby().waiting(player) is not None:
        return jsonify({"waiting": True, "game": None})
    games = web().service.games_of(player) if player is not None else []
    page = web().capabilities.page_url(games[0].game_id, player) if player and games else None
    return jsonify({"waiting": False, "game": page})


@blueprint.post("/lobby")
def seek() -> BaseResponse:
    """The one form: publish a seek (``do=seek``) or wait to be paired (``do=pair``)."""
    known, tr = _form()
    verb = request.form.get("do", "")
    if verb not in ("seek", "pair"):
        return _drawn(tr.gettext("Choose to publish a seek or to be paired."), 400)
    said = _seek_words(verb, request.form)
    try:  # read before anyone is made a player: a refusal changes nothing
        asked = read_seek_command(PlayerId(""), said)
        assert isinstance(asked, (PublishSeek, WaitForPairing))
        check_time_control(asked.terms.time_control)
        check_wanted(asked.wanted)
    except IllegalAction as error:
        return _drawn(refusal_text(error, tr=tr), status_of(error))
    answered = _as_player(known, said, lambda player: replace(asked, player=player))
    if isinstance(answered, BaseResponse):
        return answered
    reply, player, token = answered
    assert isinstance(reply, (SeekPublished, PairingWaited))
    return remembered(_drawn(said=seek_said(reply, page_translator()), player=player), token)


@blueprint.post("/lobby/accept")
def accept() -> BaseResponse:
    """One tap on a seek's Accept: its game begins, and the player goes to its page."""
    known, _ = _form()
    seek_id = _seek_id()
    answered = _as_player(known, f"accept {seek_id}", lambda player: AcceptSeek(player, seek_id))
    if isinstance(answered, BaseResponse):
        return answered
    reply, player, token = answered
    assert isinstance(reply, SeekAccepted)
    page = web().capabilities.page_url(reply.game_id, player)
    return remembered(redirect(page, 303), token)


def _form() -> tuple[PlayerId | None, Translator]:
    """What every form of the page begins with: the CSRF check, the browser's player (if it has
    one) and the words the answer is written in."""
    check_form()
    _lobby()
    known = browser_player()
    speak_to(known)
    return known, page_translator()


def _as_player(
    known: PlayerId | None, said: str, asking: Callable[[PlayerId], SeekRequest]
) -> tuple[Reply, PlayerId, str | None] | BaseResponse:
    """The lobby's answer to what a form asks, as this browser's player or the new one the form
    names (within the limit on new players from one address), with the token to remember; a
    refusal is the page again, with why."""
    tr = page_translator()
    if known is None and too_many_invitations():
        return _drawn(tr.gettext("Too many new players from here; wait a little."), 429)
    player, token = player_for_form()
    speak_to(player)
    reply = lobby_reply(player, form_nonce(), said, asking(player))
    if isinstance(reply, Refused):
        drawn = _drawn(refusal_text(reply, tr=page_translator()), status_of(reply), player=player)
        return remembered(drawn, token)
    return reply, player, token


@blueprint.post("/lobby/withdraw")
def withdraw() -> BaseResponse:
    """Take the player's own seek out of the lobby."""
    return _own(lambda player: WithdrawSeek(player, _seek_id()), "withdraw")


@blueprint.post("/lobby/unpair")
def unpair() -> BaseResponse:
    """Stop waiting to be paired."""
    return _own(LeavePairing, "unpair")


def _own(asking: Callable[[PlayerId], SeekRequest], word: str) -> BaseResponse:
    """A form only a known player sends (their seek, their wait), answered on the page."""
    player, tr = _form()
    if player is None:
        return _drawn(tr.gettext("Only the browser that plays as this player can do that."), 403)
    asked = asking(player)
    said = f"{word} {getattr(asked, 'seek_id', '')}".strip()
    reply = lobby_reply(player, form_nonce(), said, asked)
    if isinstance(reply, Refused):
        return _drawn(refusal_text(reply, tr=tr), status_of(reply))
    assert isinstance(reply, (SeekWithdrawn, PairingLeft))
    return _drawn(said=seek_said(reply, tr))


# -- drawing --------------------------------------------------------------------------------------


def _drawn(
    error: str = "", status: int = 200, said: str = "", player: PlayerId | None = None
) -> Response:
    """The lobby page for ``player`` (else this browser's, or a visitor), with what a form did."""
    lobby = _lobby()
    player = player or browser_player()
    speak_to(player)
    tr = page_translator()
    shown = _shown(request.args)
    rated, longest = shown
    wanted = SeekFilter(rated=rated, longest_move=_seconds(longest))
    rows = [_row(one, tr) for one in lobby.listing(player, wanted)]
    page = render_template(
        "lobby.html",
        rows=rows,
        known=player,
        waiting_since=_since(lobby, player, tr),
        csrf=csrf_token(web().capabilities),
        nonce=uuid.uuid4().hex,
        error=error,
        said=said,
        shown_rated="" if rated is None else ("rated" if rated else "casual"),
        shown_time=longest,
        poll_ms=max(1000, int(web().settings.poll_seconds * 1000)),
        **new_game_form(tr),
    )
    return make_response(page, status)


def _since(lobby: Lobby, player: PlayerId | None, tr: Translator) -> str:
    """When the player began to wait to be paired, in words; empty if they do not wait."""
    waiting = lobby.waiting(player) if player is not None else None
    return "" if waiting is None else tr.when(waiting.since)


def _row(listed: Listed, tr: Translator) -> SeekRow:
    owner = listed.owner
    if listed.own:
        who = tr.gettext("you")
    elif owner is None:
        who = tr.gettext("a player")
    else:
        who = web().service.name_of(owner, tr)
    return SeekRow(
        listed.seek_id,
        seek_code(listed.seek_id),
        who,
        listed.rating,
        reliability_words(listed.reliability, tr),
        terms_words(listed.terms, tr),
        listed.own,
    )


def _shown(args: Mapping[str, str]) -> tuple[bool | None, str]:
    """The filters asked for: rated, casual or both; the longest time per move (a code)."""
    rated = {"rated": True, "casual": False}.get(args.get("rated", ""))
    longest = args.get("time", "")
    return rated, longest if longest in TIMES[1:] else ""


def _seconds(code: str) -> int | None:
    return int(code[:-1]) * _UNIT[code[-1]] if code else None


def _seek_words(verb: str, form: Mapping[str, str]) -> str:
    """The form as the lobby's words: ``seek deals=3 time=2d rated rating 1400-1800 reliable
    80 days 3`` (``pair`` the same, without days)."""
    low, high, reliable, days = (
        form.get(name, "").strip()[:FIELD_LENGTH]
        for name in ("lowest", "highest", "reliable", "days")
    )
    words = [verb, options_of(form)[:OPTIONS_LENGTH]]
    if low or high:
        words.append(f"rating {low}-{high}")
    if reliable:
        words.append(f"reliable {reliable}")
    if days and verb == "seek":
        words.append(f"days {days}")
    return " ".join(" ".join(words).split())


def _seek_id() -> SeekId:
    code = written_code(request.form.get("seek", ""))
    if code is None:
        abort(400)
    return SeekId(code)
