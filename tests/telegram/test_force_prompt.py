"""The force prompt read as its player reads it (issue 34 item 10): the center line names who
refused the card just now — the opponent — never "you"."""

from __future__ import annotations

import random

from service.bots.policies import greedy_bot
from service.rules.actions import Refuse
from service.rules.seats import Phase, Source
from tests.telegram.driver import press_action
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game


def test_the_force_prompt_names_the_opponent_who_refused_the_card(
    bot: Bot, fake: FakeTelegram, ana: Phone, ben: Phone
) -> None:
    game_id = start_game(bot, ana, ben)
    phones = {bot.player(phone.person): phone for phone in (ana, ben)}
    rng = random.Random(3)
    prompts: list[tuple[Source, str, str]] = []
    while (game := bot.service.game(game_id)).status == "playing" and len(prompts) < 6:
        rules = game.rules
        if rules.phase is Phase.FORCE_WINDOW:
            forcer, refuser = game.players[rules.to_act], game.players[rules.player]
            assert forcer is not None and refuser is not None and rules.source is not None
            text = phones[forcer].turn_message().text
            [center] = [line for line in text.splitlines() if line.startswith("Center card:")]
            prompts.append((rules.source, center, phones[refuser].person.first_name))
        assert game.to_act is not None
        phone = phones[game.to_act]
        view = bot.view(phone.person, game_id)
        passes = [one for one in view.legal_actions if isinstance(one, Refuse) and not one.meld]
        press_action(phone, passes[0] if passes and rng.random() < 0.5 else greedy_bot(view, rng))
    assert Source.OFFERED_REFUSED_FLIP in {source for source, _, _ in prompts}
    for _, center, refuser in prompts:
        assert center.endswith(f"(refused by {refuser})"), center
