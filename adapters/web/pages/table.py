"""A player's page of a game (``/p/<page token>``), drawn from their own view only.

The page is the table (``drawing``: the player's hand as buttons), the table in words for screen
readers and for anyone who prefers it (``service.words.position``, the one description every
channel uses), the legal moves as buttons that the page's script filters by the hand cards
tapped (``MoveChoice``), the command box with the answer to a query shown in place, the whole
history the player may see, and, when the match is over, the result from the player's side with
a rematch and a new game.  ``play.js`` replaces the parts marked ``data-live`` when the game
moves, so what the player typed and where the focus was stay.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Response, abort, render_template

from adapters.web.asked import COMMAND_LENGTH
from adapters.web.browser import browser_player
from adapters.web.capabilities import PageGrant
from adapters.web.context import web
from adapters.web.languages import page_translator
from adapters.web.pages.answers import command_rows
from adapters.web.pages.drawing import picture_html
from adapters.web.pages.pictures import player_picture
from adapters.web.pages.talk_view import talk_context
from adapters.web.security import csrf_token
from service.delivery.notices import deadline_text
from service.game.state import Game
from service.game.status import GameStatus
from service.language.notation import card_text, cards_text
from service.language.translation import Translator, translator
from service.language.vocabulary import english_of
from service.ports.protocols import Notification
from service.rules.actions import Discard, PlayerAction, Refuse, Take
from service.rules.errors import N_
from service.rules.seats import Phase
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView
from service.words.cast import cast_of
from service.words.position import position, score_text
from service.words.prompts import action_text

ONLY_YOUR_BROWSER = N_(
    "Only the browser you play in can make new links. Open this page there, or bring your "
    "games to this browser with a recovery code made on that browser's home page."
)


@dataclass(frozen=True, slots=True)
class MoveChoice:
    """A legal move as a button: its command, and the hand cards it names (the cards the player
    taps to be offered it) apart from the discard that follows a take."""

    command: str
    cards: str
    discard: str


def move_choice(action: PlayerAction, faces: DeckFaces, tr: Translator) -> MoveChoice:
    cards, discard = "", ""
    match action:
        case Take(put_down=put_down, discard=thrown):
            cards = cards_text(put_down, faces)
            discard = "" if thrown is None else card_text(thrown, faces)
        case Refuse(meld=meld):
            cards = cards_text(meld, faces)
        case Discard(card=one):
            cards = card_text(one, faces)
    return MoveChoice(action_text(action, faces, tr), cards, discard)


def is_resign(command: str) -> bool:
    """Whether a typed command asks to resign, in any language's command word."""
    said = tuple(command.lower().split())
    return said == ("resign",) or english_of().get(said) == "resign"


def render(
    grant: PageGrant,
    token: str,
    error: str = "",
    status: int = 200,
    answer: str = "",
    confirm_resign: bool = False,
) -> Response:
    service = web().service
    game = service.game(grant.game_id)
    seat = game.seat_of(grant.player)
    if seat is None:  # a signed token for someone who is not in the game: never ours
        abort(403)
    context: dict[str, object] = {
        "game": game,
        "token": token,
        "csrf": csrf_token(web().capabilities),
        "error": error,
        "answer": answer,
        "answer_rows": command_rows(answer),
        "confirm_resign": confirm_resign and game.status == GameStatus.PLAYING,
        "poll_ms": int(web().settings.poll_seconds * 1000),
        "seat": seat.number,
        "command_length": COMMAND_LENGTH,
        "this_browser": browser_player() == grant.player,
        "only_your_browser": page_translator().gettext(ONLY_YOUR_BROWSER),
        "may_rematch": service.may_rematch(game, grant.player),
    }
    if game.status in (GameStatus.OPEN, GameStatus.CANCELLED):
        context["invitation_url"] = f"{web().settings.base_url}/join/{game.invitation}"
        html = render_template("waiting.html", **context)
    else:
        talk = talk_context(game, grant.player, service.translator_of(grant.player))
        html = render_template("play.html", **context, **_table(game, grant), talk=talk)
    return Response(html, status=status)


def _table(game: Game, grant: PageGrant) -> dict[str, object]:
    """What the page shows of a started game: all of it from the player's own view."""
    service = web().service
    player = grant.player
    notice = service.notice(Notification(player, game.id, 1, game.version))
    tr = translator(notice.language)
    view = notice.view
    faces = view.variant.deck_faces
    due = service.deadline(game) if game.status == GameStatus.PLAYING else None
    timezone = service.clock_settings(player).timezone
    cast = cast_of(game.players, service.directory, tr, player)
    seen = position(view, cast, tr)
    moves = [move_choice(action, faces, tr) for action in view.legal_actions]
    tapping = view.is_my_decision and any(one.cards for one in moves)
    picture = player_picture(view, tr, tappable=tapping, opponent=cast[view.opponent])
    return {
        "me": cast[view.seat],
        "opponent": cast[view.opponent],
        "table_html": picture_html(picture),
        "view": view,
        "news": notice.news,
        "position": seen.lines,
        "moves": moves,
        "tapping": tapping,
        "options": seen.turn,
        "headline": _headline(view, tr) if view.phase is Phase.OVER else "",
        "score": score_text(view, cast, tr),
        "deadline": None if due is None else deadline_text(due.due_at, timezone, tr),
        "commitment": game.current_commitment.commitment if game.current_commitment else None,
    }


def _headline(view: PlayerView, tr: Translator) -> str:
    """The end of the match from the reader's side."""
    winner = view.match.winner
    if winner is None:
        return tr.gettext("The match is a tie.")
    if winner is view.seat:
        return tr.gettext("You won the match.")
    return tr.gettext("You lost the match.")
