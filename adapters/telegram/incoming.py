"""What a stored update asks for, as plain values: a text someone wrote, or a button pressed.

Made from python-telegram-bot's ``Update`` by the processor, so the handlers past it deal in
players, chats and text rather than Telegram's types.  Each carries its inbox ``key`` and the
stored ``payload``: the service records the outcome under them, once.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.events import PlayerId
from service.language.translation import ENGLISH, Translator


@dataclass(frozen=True)
class Said:
    key: str
    payload: str
    player: PlayerId
    user_name: str
    chat_id: int
    private: bool
    text: str
    reply_to: int | None = None
    """The bot's message this one answers (Telegram's reply), if any."""
    tr: Translator = ENGLISH
    """The player's language: every answer to them is written in it."""
    message_id: int = 0
    """The message's id in its chat: how far below the chat's board it was written."""


@dataclass(frozen=True)
class Pressed:
    key: str
    payload: str
    player: PlayerId
    callback_id: str
    chat_id: int
    message_id: int
    data: str
    tr: Translator = ENGLISH


def said_by_press(pressed: Pressed) -> Said:
    """A press in a private chat as the message that asks the same (a listing's button), so
    its answer is laid out as the typed command's."""
    return Said(
        pressed.key,
        pressed.payload,
        pressed.player,
        "",
        pressed.chat_id,
        True,
        "",
        None,
        pressed.tr,
    )
