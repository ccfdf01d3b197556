"""The mail that answers a player's reply, from what ``GameService.handle`` answered (the stored
answer: the same however often the reply is delivered).

A move is answered only when there is something to tell: the player's decision comes up again
(the service tells a player only of what others did) or the match ended.  Otherwise the
opponent's next move brings the next mail.
"""

from __future__ import annotations

from dataclasses import replace

from service.game import Game
from service.game_events import PlayerId
from service.games import GameService
from service.narration import describe
from service.profiles import settings_text
from service.prompts import help_text, instructions_text
from service.rules.seats import Phase
from service.rules.view import PlayerView

from .letters import Letter
from .sender import GameMail

UNPARSEABLE = frozenset({"empty_command", "unknown_command"})
"""Error codes of text that is no command at all: answered at most once an hour per sender."""


def answer_letter(
    mail: GameMail, game: Game, player: PlayerId, answer: dict[str, object]
) -> Letter | None:
    """The letter answering ``answer`` on ``game`` as it stands now, or None when none is due."""
    letter = _answer(mail.service, game, player, answer, mail.opponent(game, player))
    if letter is None or letter.view is None:
        return letter
    return replace(letter, deadline=mail.deadline(game, player))


def _answer(
    service: GameService, game: Game, player: PlayerId, answer: dict[str, object], opponent: str
) -> Letter | None:
    view = service.view(game.id, player)[1]
    error = answer.get("error")
    if isinstance(error, dict):
        return Letter((_refusal(error),), view, opponent)
    events = answer.get("events")
    if isinstance(events, list):
        if not (view.is_my_decision or view.phase is Phase.OVER):
            return None
        first, last = (int(seq) for seq in events)
        news = tuple(
            describe(one.event, game.variant)
            for one in service.store.load(game.id, after=first - 1)
            if one.seq <= last
        )
        intro = "Your move is played." + (" It is your turn again." if view.is_my_decision else "")
        return Letter((intro,), view, opponent, news=news)
    return _looked(service, answer, game, player, view, opponent)


def _refusal(error: dict[str, object]) -> str:
    if error.get("code") == "stale_version":
        return (
            "Your reply answered an older mail: the game has moved on since, so nothing was "
            "played. Here is the position now."
        )
    return f"That did not work: {error.get('message')}"


def _looked(
    service: GameService,
    answer: dict[str, object],
    game: Game,
    player: PlayerId,
    view: PlayerView,
    opponent: str,
) -> Letter:
    """The answer to a look (hand, help, instructions, settings) or a change of settings."""
    query = answer.get("query")
    if query == "help":
        return Letter(("The commands:",), None, opponent, notes=(help_text(view),))
    if query == "instructions":
        standing = game.clocks.instructions[view.seat]
        text = instructions_text(standing, view.variant.deck_faces)
        return Letter(("Your standing instructions:",), view, opponent, notes=(text,))
    if query == "settings" or "settings" in answer:
        assert service.directory is not None
        text = settings_text(service.directory.profile(player))
        return Letter(("Your settings:",), view, opponent, notes=(text,))
    vacation = answer.get("vacation")
    if isinstance(vacation, dict):
        intro = f"You are on vacation until {vacation['until']} (UTC); your next move ends it."
        return Letter((intro,), view, opponent)
    return Letter(("Here is the game as it stands.",), view, opponent)
