"""The end of a match in a player's chat: the result from the reader's side as the headline
("You won the match 2 to 0." / "Ana wins the match: you resigned.") above the final table, and two
buttons instead of the move buttons — *Rematch* (as ``/rematch``) and *New game* (as ``/new``).

The headline is the log's ``MatchEnded`` told to the reader with its cause, as the history tells
it (``Notice.result``; ``words.endings``), the same words every channel uses for the end.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callbacks import Press
from service.game.events import GameId
from service.language.translation import Translator


def ending_keyboard(game_id: GameId, tr: Translator, rematch: bool = True) -> InlineKeyboardMarkup:
    """*Rematch* and *New game*, for a match that is over; *New game* alone when ``rematch`` is
    False (the opponent erased themselves: ``GameService.may_rematch``)."""
    new = Press("new", game_id, 0)
    buttons = [InlineKeyboardButton(tr.pgettext("button", "New game"), callback_data=new.encode())]
    if rematch:
        again = Press("rematch", game_id, 0)
        label = tr.pgettext("button", "Rematch")
        buttons.insert(0, InlineKeyboardButton(label, callback_data=again.encode()))
    return InlineKeyboardMarkup([buttons])
