"""The Subject of every mail about a game: the game's short id and whose turn it is, in the
reader's language, and never a name.

A name is text its player chose; in a Subject it would stand where the reader expects our words
(markup, a forged "Subject:", someone else's name), which the mail-relay work ruled out
(docs/decisions/email-a-subject-names-nobody.md).  Mail clients keep a game in one thread by its
``References`` and ``In-Reply-To``, which every game mail carries, not by its Subject.
"""

from __future__ import annotations

from enum import StrEnum

from service.game.events import PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.language.translation import Translator
from service.rules.errors import N_

SERVICE = "Conquian"


class Turn(StrEnum):
    """Where a game stands for one reader."""

    YOURS = "yours"
    THEIRS = "theirs"
    WAITING = "waiting"
    """Nobody has joined yet."""
    OVER = "over"
    """Over or called off."""


_SUBJECTS = {
    Turn.YOURS: N_("{service} ({game}): your turn"),
    Turn.THEIRS: N_("{service} ({game}): your opponent's turn"),
    Turn.WAITING: N_("{service} ({game}): waiting for an opponent"),
    Turn.OVER: N_("{service} ({game}): the game is over"),
}


def turn_for(game: Game, reader: PlayerId) -> Turn:
    """Whose turn ``game`` is, as ``reader`` would say it."""
    return whose_turn(game.status, game.to_act == reader)


def whose_turn(status: GameStatus, yours: bool) -> Turn:
    """Whose turn a game in ``status`` is, as a reader would say it (``yours``: they act)."""
    if status is GameStatus.OPEN:
        return Turn.WAITING
    if status is not GameStatus.PLAYING:
        return Turn.OVER
    return Turn.YOURS if yours else Turn.THEIRS


def game_subject(game_id: str, turn: Turn, tr: Translator) -> str:
    """``Conquian (a1b2c3): your turn``."""
    return tr.gettext(_SUBJECTS[turn], service=SERVICE, game=game_id[:6])
