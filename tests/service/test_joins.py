"""A sentence written for a person's name reads right with a bot's (issue 33 item 11): Spanish
contracts "de el" and "a el", Filipino names a thing with ang/ng/sa, not si/ni/kay."""

from __future__ import annotations

import pytest

from service.language.translation import translator


@pytest.mark.parametrize(
    ("language", "message", "name", "expected"),
    [
        ("es", "{name}'s table", "el bot fácil", "Mesa del bot fácil"),
        ("es", "{name}'s table", "Ana", "Mesa de Ana"),
        ("es", "{card} passes to {player}.", "el bot fácil", "{card} pasa al bot fácil."),
        ("es", "Waiting for {player}.", "el bot fácil", "Esperando al bot fácil."),
        ("fil", "Waiting for {player}.", "ang madaling bot", "Hinihintay ang madaling bot."),
        ("fil", "Waiting for {player}.", "Ana", "Hinihintay si Ana."),
    ],
)
def test_a_bot_is_named_as_the_language_names_a_thing(
    language: str, message: str, name: str, expected: str
) -> None:
    tr = translator(language)
    params = {"name": name} if "{name}" in message else {"player": name}
    if "{card}" in message:
        params["card"] = "{card}"
    assert tr.gettext(message, **params) == expected
