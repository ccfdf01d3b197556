"""What a player's words are before a game reads them: talk, a move, a look at the game, a change
of their settings, or no command at all (words to the opponent).  Decided here, by the one
grammar (``talk_commands`` first, then ``grammar``, as ``Playing`` reads them), for every channel
that has to know it before it asks the service: Telegram, whether words sent in reply to the
game's message are a message (``say …``) or a command; the player's page, whether a form posted
twice is one request (a setting is the same however often it is set: ``form_requests``).

Words that name a card are never words to the opponent, even without a verb the grammar knows
(``tkae 5c``): a mistyped move, refused as one, since sent it would tell the opponent the
player's own cards.
"""

from __future__ import annotations

from enum import Enum

from service.language.notation import CardSpellingError, parse_card
from service.players.profiles import SETTING_VERBS
from service.rules.errors import IllegalAction
from service.rules.variants import DeckFaces
from service.words.grammar import command_words, knows_verb
from service.words.talk_commands import talk_command

LOOKS = frozenset({"hand", "help", "?", "settings"})
"""The commands that only look (``auto`` alone shows the standing instructions too)."""


class Reading(Enum):
    WORDS = "words"
    """No command: words to the opponent, where a channel takes them as a message."""
    TALK = "talk"
    """A command of talk at the table (``say …``, ``gg``, offers and their answers, ``mute`` …)."""
    MOVE = "move"
    """A command on the game: a move, a time command, ``resign``; or a mistyped one."""
    LOOK = "look"
    """A look that changes nothing: ``hand``, ``help``, ``settings``, ``auto`` alone."""
    SETTING = "setting"
    """A change of the player's own settings (``lang``, ``timezone`` …), about no game."""


def reading(text: str, answering: bool = True) -> Reading:
    """What ``text`` is (``answering``: an offer waits for this player's answer)."""
    try:
        if talk_command(text, answering) is not None:
            return Reading.TALK
    except IllegalAction:  # talk words with wrong words after them: refused as talk
        return Reading.TALK
    if not knows_verb(text):
        return Reading.MOVE if names_cards(text) else Reading.WORDS
    words = command_words(text)
    verb = words[0] if words else ""
    if verb in LOOKS or words == ["auto"]:
        return Reading.LOOK
    return Reading.SETTING if verb in SETTING_VERBS else Reading.MOVE


def names_cards(text: str) -> bool:
    """Whether a word of ``text`` is a card in any deck's faces (``tkae 5c``, ``tomar 7b``)."""
    for written in text.replace(",", " ").split():
        for faces in DeckFaces:
            try:
                parse_card(written, faces)
            except CardSpellingError:
                continue
            return True
    return False
