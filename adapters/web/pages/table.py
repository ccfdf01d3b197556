"""A player's page of a game (``/p/<page token>``), drawn from their own view only.

The page is the table (``drawing``: the player's hand as buttons), the table in words for screen
readers and for anyone who prefers it (``service.words.position``, the one description every
channel uses), the legal moves as buttons that the page's script filters by the hand cards
tapped (``MoveChoice``), the command box with the answer to a query shown in place, the whole
history the player may see, and, when the match is over, the result from the player's side and
why the match ended, with a rematch and a new game.  Between two deals the page stops at the end
of the last one (``words.deal_end``: the table as it left it, the opponent's hand shown, who went
out and how the stake moved) until the player goes on (``?seen=N``) or decides in the next deal.
Only the profiles the reader may open are linked.  ``play.js`` replaces the parts marked
``data-live`` when the game moves, so what the player typed and where the focus was stay.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from flask import Response, abort, render_template, request

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
from service.game.events import PlayerId
from service.game.hint_rules import may_hint
from service.game.state import Game
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.language.notation import card_text, cards_text
from service.language.translation import Translator, translator
from service.language.vocabulary import english_of
from service.ports.protocols import Notification
from service.rules.actions import Discard, PlayerAction, Refuse, Take
from service.rules.errors import N_
from service.rules.seats import Phase
from service.rules.variants import DeckFaces
from service.words.cast import Cast, cast_of
from service.words.deal_end import DealEnd, last_deal_end
from service.words.endings import match_result
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
        "may_hint": may_hint(game, seat),
    }
    if game.status in (GameStatus.OPEN, GameStatus.CANCELLED):
        context["invitation_url"] = f"{web().settings.base_url}/join/{game.invitation}"
        html = render_template("waiting.html", **context)
    else:
        talk = talk_context(game, grant.player, service.translator_of(grant.player))
        seen = request.args.get("seen", type=int)
        html = render_template("play.html", **context, **_table(game, grant, seen), talk=talk)
    return Response(html, status=status)


def _table(game: Game, grant: PageGrant, seen: int | None) -> dict[str, object]:
    """What the page shows of a started game: all of it from the player's own view, or the end
    of the last deal while the player has not gone on from it (``seen`` is the deal they went on
    from)."""
    service = web().service
    player = grant.player
    now = service.moment(game.id, 1)  # one read: the notice, the deal's end, the headline
    notice = service.notice_at(now, Notification(player, game.id, 1, now.game.version))
    tr = translator(notice.language)
    view = notice.view
    faces = view.variant.deck_faces
    due = service.deadline(game) if game.status == GameStatus.PLAYING else None
    timezone = service.clock_settings(player).timezone
    cast = cast_of(game.players, service.directory, tr, player)
    stored = list(now.tail)
    ended = last_deal_end(stored, view.seat, tr, cast)
    moment = ended if _holds(ended, game, seen) else None
    moves = [] if moment else [move_choice(action, faces, tr) for action in view.legal_actions]
    tapping = view.is_my_decision and any(one.cards for one in moves)
    shown = moment.view if moment else view
    described = position(shown, cast, tr)  # in words, the same table the picture shows
    picture = player_picture(shown, tr, tappable=tapping, opponent=cast[view.opponent])
    return {
        "me": cast[view.seat],
        "opponent": cast[view.opponent],
        "table_html": picture_html(picture),
        "view": view,
        "news": notice.news,
        "prompt": "" if moment else notice.prompt,
        "position": described.lines,
        "moves": moves,
        "tapping": tapping,
        "options": described.turn,
        "headline": _headline(stored, tr, cast) if view.phase is Phase.OVER else "",
        "score": score_text(view, cast, tr),
        "deal_end": ended if moment or view.phase is Phase.OVER else None,
        "paused": moment is not None,
        "deadline": None if due is None else deadline_text(due.due_at, timezone, tr),
        "commitment": game.current_commitment.commitment if game.current_commitment else None,
        "profiles": _profiles(game, player),
    }


def _holds(ended: DealEnd | None, game: Game, seen: int | None) -> bool:
    """Whether the page stops at the end of the last deal: the match goes on, and the player
    has neither gone on from it (``seen``) nor decided in the next deal."""
    if ended is None or game.status != GameStatus.PLAYING:
        return False
    return not ended.behind and seen != ended.number


def _headline(stored: Sequence[StoredEvent], tr: Translator, cast: Cast) -> str:
    """The end of the match from the reader's side, with why it ended (``endings``)."""
    return match_result([one.event for one in stored], tr, cast)


def _profiles(game: Game, reader: PlayerId) -> list[tuple[int, PlayerId]]:
    """The players whose profile the reader may open: their own, and a public one's (a private
    profile is a 404 to anyone else, so its link is not shown)."""
    return [
        (number, player)
        for number, player in enumerate(game.players, start=1)
        if player is not None
        and web().ratings is not None
        and (player == reader or web().is_public(player))
    ]
