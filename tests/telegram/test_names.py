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
