"""The browser's list of games on the landing page: one line per game, read from the player's
side — the opponent's name, the score, whose turn it is, the deadline and the time left, the
result of a finished match and the day of the last change.

The list (``GameService.games_of``) says who is to act and when their decision falls due; the
score and the result come from each game as its log stands, which the landing page reads for
the few games a player has.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from adapters.web.context import web
from service.delivery.notices import deadline_text
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.language.notation import signed
from service.language.translation import Translator
from service.log.replays import clock_text
from service.ports.protocols import GameSummary
from service.words.cast import player_name


@dataclass(frozen=True, slots=True)
class GameLine:
    game_id: str
    link: str
    status: str
    opponent: str
    score: str
    """Yours first: ``+2 : −2``."""
    turn: str
    """``yours``, ``theirs`` or empty when nobody is to act."""
    deadline: str
    left: str
    result: str
    """``won``, ``lost``, ``tie`` for a finished match, else empty."""
    date: str


def game_lines(player: PlayerId, tr: Translator) -> list[GameLine]:
    service = web().service
    timezone = service.clock_settings(player).timezone
    now = datetime.now(UTC)
    lines = []
    for summary in service.games_of(player):
        lines.append(_line(summary, player, tr, timezone, now))
    return lines


def _line(
    summary: GameSummary, player: PlayerId, tr: Translator, timezone: str, now: datetime
) -> GameLine:
    service = web().service
    seat = 0 if summary.players[0] == player else 1
    opponent = summary.players[1 - seat]
    match = service.game(summary.game_id).rules.match
    result = ""
    if summary.status == GameStatus.OVER:
        won = match.winner
        result = "tie" if won is None else ("won" if won.number == seat + 1 else "lost")
    due, left = "", ""
    if summary.status == GameStatus.PLAYING and summary.due_at is not None:
        due = deadline_text(summary.due_at, timezone, tr)
        left = clock_text(max(0.0, (summary.due_at - now).total_seconds()))
    turn = "" if summary.to_act is None else ("yours" if summary.to_act == player else "theirs")
    return GameLine(
        summary.game_id,
        web().capabilities.page_url(summary.game_id, player),
        str(summary.status),
        player_name(opponent, service.directory, tr) if opponent else "—",
        f"{signed(match.scores[seat])} : {signed(match.scores[1 - seat])}",
        turn,
        due,
        left,
        result,
        summary.since.astimezone(UTC).date().isoformat(),
    )
