"""The "/" menu: the bot's commands as Telegram lists them, set at start-up in every language.

``setMyCommands`` without a language is the default (English); one call per other catalog
language, scoped by ``language_code``, so a player whose app is in Spanish reads the menu in
Spanish.  Telegram codes are two letters: Filipino's catalog (``fil``) is Tagalog's ``tl``.
The descriptions are short catalog messages of their own (Telegram allows 256 characters); the
full list with arguments stays ``/help``'s (``reading.COMMANDS``).
"""

from __future__ import annotations

from adapters.telegram.api import BotApi
from service.language.translation import DEFAULT, LANGUAGES, Translator, translator
from service.rules.errors import N_

MENU = (
    ("new", N_("invite a friend to a game, or play the bot")),
    ("practice", N_("a practice deal against the easy bot, with prompts")),
    ("lobby", N_("find an opponent: the open seeks to accept")),
    ("seek", N_("publish an open challenge anyone may accept")),
    ("tournaments", N_("tournaments open for entries, to join")),
    ("games", N_("your games and whose turn it is")),
    ("hand", N_("your table again, with its buttons")),
    ("rematch", N_("play the last opponent again")),
    ("say", N_("write to your opponent")),
    ("settings", N_("language, time zone, reminders, boards")),
    ("help", N_("all the commands")),
    ("rules", N_("the rules in short")),
)
TELEGRAM_CODES = {"fil": "tl"}
"""Catalog languages Telegram knows by another two-letter code."""


def menu(tr: Translator) -> list[tuple[str, str]]:
    """The commands and their descriptions in ``tr``'s language."""
    return [(name, tr.gettext(description)) for name, description in MENU]


def set_menus(api: BotApi) -> None:
    """Set the default menu and one per other language (``setMyCommands``)."""
    api.set_commands(menu(translator(DEFAULT)), None)
    for language in LANGUAGES:
        if language != DEFAULT:
            api.set_commands(menu(translator(language)), TELEGRAM_CODES.get(language, language))
