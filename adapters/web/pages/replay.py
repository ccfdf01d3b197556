"""The replay viewer of finished games, ``/games/<id>/replay``, and the log download.

A step is one event of the log and the whole game after it (``service.log.replays``), both hands
face up: so a game that is still being played has no replay — the page says so and shows
nothing else.  Each step is its own page (``?step=N``), so stepping works without a script;
``replay.js`` adds the arrow keys and autoplay.  Each step shows the time control as the log
gives it: what the decision it ended took, and both players' clocks (``service.log.replays``).  The
deals' commitments are checked against
their revealed salts and recorded decks, and the whole log is verified with the rules, as
``conquian verify`` does.

Whose copy is shown is the service's rule (``GameService.transcript``): one of the game's two
players — the browser's remembered player, or whoever opens it from their page's link
(``/p/<token>/replay``) — reads the conversation; anyone else the public copy, words withheld.
So these answers are the reader's own: never kept by a cache (``keep_private``).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Response, render_template, request

from adapters.web.asked import log_response
from adapters.web.browser import browser_player
from adapters.web.context import web
from adapters.web.languages import page_translator
from adapters.web.pages.drawing import picture_html
from adapters.web.pages.pictures import replay_picture
from adapters.web.pages.routes import _grant
from adapters.web.security import keep_private
from service.game.errors import GameNotOver, NoSuchGame
from service.game.events import DealCommitted, DealRevealed, GameId, PlayerId
from service.game.fairness import is_committed
from service.game.stored import StoredEvent, UnknownGame
from service.log.file import export_lines, format_time, read_log
from service.log.replays import Step, clock_text, steps
from service.log.verify import verify
from service.rules.events import DealStarted
from service.rules.seats import Seat
from service.words.cast import Cast
from service.words.naming import cast_for, shown_players
from service.words.news import describe
from service.words.refusals import refusal_text
from service.words.reviews import step_line

blueprint = Blueprint("replay", __name__)
keep_private(blueprint)


@dataclass(frozen=True, slots=True)
class DealCheck:
    """One deal's commitment: the digest published before it, the salt revealed after it, and
    whether SHA-256 of the recorded deck and that salt is the digest."""

    number: int
    commitment: str
    salt: str | None
    holds: bool


@dataclass(frozen=True, slots=True)
class ClockRow:
    """One player's clock after a step, as the page writes it."""

    number: int
    player: str
    left: str
    """Time left to the deadline, or empty when this player's clock is not running."""
    due: str
    reserve: str


def _clock_rows(step: Step, cast: Cast) -> list[ClockRow]:
    clock = step.clock
    rows = []
    for seat in Seat:
        running = seat is clock.to_act and clock.left is not None and clock.due is not None
        rows.append(
            ClockRow(
                seat.number,
                cast[seat],
                clock_text(clock.left) if running and clock.left is not None else "",
                format_time(clock.due) if running and clock.due is not None else "",
                clock_text(clock.reserve_left[seat]),
            )
        )
    return rows


@blueprint.get("/games/<game_id>/replay")
def replay(game_id: str) -> tuple[str, int] | str:
    return _replay(GameId(game_id), browser_player(), f"/games/{game_id}/log.jsonl")


@blueprint.get("/p/<token>/replay")
def own_replay(token: str) -> tuple[str, int] | str:
    """The replay opened from a player's page: theirs, whatever browser holds the link."""
    grant = _grant(token)
    return _replay(grant.game_id, grant.player, f"/p/{token}/log.jsonl")


@blueprint.get("/games/<game_id>/log.jsonl")
def download(game_id: str) -> Response | tuple[str, int]:
    return _download(GameId(game_id), browser_player())


@blueprint.get("/p/<token>/log.jsonl")
def own_download(token: str) -> Response | tuple[str, int]:
    grant = _grant(token)
    return _download(grant.game_id, grant.player)


def _replay(game_id: GameId, reader: PlayerId | None, download: str) -> tuple[str, int] | str:
    stored = _finished(game_id, reader)
    if isinstance(stored, tuple):
        return stored
    tr = page_translator()
    shown = steps(stored)
    last = len(shown)
    at = min(max(request.args.get("step", 1, type=int) or 1, 1), last)
    step = shown[at - 1]
    game = step.game
    verdict = verify(read_log(export_lines(stored)))
    players = shown[-1].game.players  # named to the reader as words.naming allows, never by id
    cast = cast_for(players, web().service.directory, tr, reader, web().is_public)
    return render_template(
        "replay.html",
        game=shown[-1].game,
        profiles=[
            (seat.number, player)
            for seat, player in zip(
                Seat, shown_players(players, reader, web().is_public), strict=True
            )
            if player
        ],
        step=step,
        at=at,
        last=last,
        table_html=picture_html(replay_picture(game, (cast[Seat.FIRST], cast[Seat.SECOND]), tr)),
        took=None
        if step.clock.took is None
        else (step.clock.took[0].number, clock_text(step.clock.took[1])),
        clocks=_clock_rows(step, cast),
        reserve=game.time_control.reserve_seconds > 0,  # no reserve column of zeros without one
        sentences=[  # each told after the one before it: a match's end says why (endings)
            describe(
                one.event,
                one.game.variant,
                tr,
                cast=cast,
                refused=one.game.rules.center,
                cause=None if before is None else before.event,
            )
            for before, one in zip((None, *shown), shown, strict=False)
        ],
        deals=_deal_checks(stored),
        marks=_marks(shown, reader),
        verdict=verdict,
        playing=request.args.get("play") == "1",
        download=download,
    )


def _marks(shown: list[Step], reader: PlayerId | None) -> list[str]:
    """Beside each step, the reader's own review's mark of it (issue 38): the better move and
    what the move made cost; empty for the rest, and for a reader who did not play."""
    game = shown[-1].game
    kept = None if reader is None else web().service.reviewing.reviews.of(game.id, reader)
    tr, faces = page_translator(), game.variant.deck_faces
    marked = {one.seq: step_line(one, faces, tr) for one in kept or () if one.mistake}
    return [marked.get(step.seq, "") for step in shown]


def _download(game_id: GameId, reader: PlayerId | None) -> Response | tuple[str, int]:
    stored = _finished(game_id, reader)
    if isinstance(stored, tuple):
        return stored
    return log_response(game_id, export_lines(stored))


def _finished(game_id: GameId, reader: PlayerId | None) -> list[StoredEvent] | tuple[str, int]:
    """``reader``'s copy of the log of a finished game, or the page saying why there is none."""
    tr = page_translator()
    try:
        return web().service.transcript(game_id, reader=reader)
    except UnknownGame:
        message = refusal_text(NoSuchGame(), tr=tr)
        return render_template("error.html", status=404, message=message), 404
    except GameNotOver:
        message = tr.gettext("This game is still being played; its replay opens when it is over.")
        return render_template("error.html", status=409, message=message), 409


def _deal_checks(stored: list[StoredEvent]) -> list[DealCheck]:
    committed: dict[int, str] = {}
    salts: dict[int, str] = {}
    decks = {}
    for one in stored:
        match one.event:
            case DealCommitted(number=number, commitment=digest):
                committed[number] = digest
            case DealRevealed(number=number, salt=salt):
                salts[number] = salt
            case DealStarted(number=number, deck=deck):
                decks[number] = deck
    return [
        DealCheck(
            number,
            digest,
            salts.get(number),
            number in salts
            and number in decks
            and is_committed(decks[number], salts[number], digest),
        )
        for number, digest in sorted(committed.items())
    ]
