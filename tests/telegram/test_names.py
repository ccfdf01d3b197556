"""A Telegram profile's name is shown cleaned, wherever the bot writes it: no control or bidi
characters, no web or mail address (issue 15; ``service.language.names``)."""

from __future__ import annotations

from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone

DIRTY = "Mal\u202elory\r\n\u2066www.spam.example\u2069 win@spam.example"


def test_a_dirty_first_name_is_cleaned_in_the_group_and_in_the_directory(
    bot: Bot, fake: FakeTelegram
) -> None:
    mallory = Phone(fake, fake.person(DIRTY))
    group = fake.group()
    mallory.say("/start")  # a host opens their private chat first
    mallory.say("/new", chat_id=group)
    [invitation] = fake.chat(group)
    assert invitation.labels() == ["Join Mallory's game"]
    assert invitation.text.startswith("Mallory opened game")
    assert bot.service.directory is not None
    assert bot.service.directory.profile(bot.player(mallory.person)).name == "Mallory"


def test_a_name_written_as_markup_is_shown_without_any_of_it(
    bot: Bot, fake: FakeTelegram, ben: Phone
) -> None:
    """Issue 34 item 10: a tag around a name leaves no dangling ``<a`` behind."""
    mallory = Phone(fake, fake.person('<a href="https://spam.example/x">Mallory</a>'))
    mallory.say("/new")
    ben.say(f"/start {mallory.invitation()}")
    assert ben.messages()[0].text.startswith("You joined Mallory's game.")
    assert bot.service.directory is not None
    assert bot.service.directory.profile(bot.player(mallory.person)).name == "Mallory"
