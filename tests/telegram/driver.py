"""Playing through the bot as people do — pressing the buttons of the turn message or typing
commands — with the moves chosen by the greedy bot from the player's own view; and the check
that no message, button or picture ever named a card of the opponent's hidden hand."""

from __future__ import annotations

import contextlib
import json
import random
import re
from collections.abc import Iterable

from adapters.telegram.callbacks import action_of, decode, selection
from adapters.telegram.picture import table_picture
from service.bots.policies import greedy_bot
from service.game.events import GameId
from service.language.notation import CardSpellingError, card_text, parse_card
from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Take
from service.rules.cards import DECK, Card
from service.rules.seats import Phase, Seat
from service.rules.variants import DeckFaces
from service.rules.view import view_for
from service.words.prompts import action_text
from tests.telegram.fake_api import Call, FakeTelegram
from tests.telegram.harness import Bot, Phone

CARD = re.compile(r"(?<![0-9A-Za-z])[0-9AJQK]{1,2}[CDHSOEB♣♦♥♠](?![0-9A-Za-z])")
"""A card as the bot spells it: ``7H``, ``7♥`` (French faces), ``12E`` (Spanish)."""


def label(one: Card) -> str:
    return card_text(one, symbols=True)


def press_action(phone: Phone, action: PlayerAction) -> None:
    """Make ``action`` with the buttons of the phone's latest turn message."""
    message = phone.turn_message()
    match action:
        case Take(put_down=put_down, discard=discard):
            phone.press(message, "Take")
            for one in put_down:
                phone.press(message, label(one))
            phone.press(message, "Go out!" if discard is None else f"Discard {label(discard)}")
        case Refuse(meld=meld) if not meld:
            phone.press(message, "Pass")
        case Force():
            phone.press(message, "Force")
        case NoForce():
            phone.press(message, "No force")
        case Discard(card=one, onto=onto):
            text = f"Discard {label(one)}"
            phone.press(message, text if onto is None else f"{text} (onto {label(onto)})")
        case _:
            raise AssertionError(f"no buttons for {action!r}")


def play(
    bot: Bot,
    phones: Iterable[Phone],
    game_id: GameId,
    seed: int,
    typed: float = 0.0,
    check: LeakCheck | None = None,
) -> int:
    """Play the game to its end with the greedy bot's choices, typing that share of the moves
    and pressing buttons for the rest; how many decisions were made."""
    rng = random.Random(seed)
    by_player = {bot.player(phone.person): phone for phone in phones}
    decisions = 0
    if check is not None:
        check.since_last()  # what was sent before the first move
    while (game := bot.service.game(game_id)).status == "playing":
        player = game.to_act
        assert player is not None
        phone = by_player[player]
        view = bot.view(phone.person, game_id)
        action = greedy_bot(view, rng)
        if rng.random() < typed:
            phone.say(action_text(action, view.variant.deck_faces))
        else:
            press_action(phone, action)
        after = bot.service.game(game_id)
        assert after.version > game.version, f"{action!r} did not move the game"
        decisions += 1
        if check is not None:
            check.since_last()
    return decisions


class LeakCheck:
    """Every call the bot made since the last check, against the hands as they are now: a
    player's chat may name their own hand, never the opponent's; a group neither."""

    def __init__(self, fake: FakeTelegram, bot: Bot, game_id: GameId, groups: Iterable[int] = ()):
        self.fake, self.bot, self.game_id = fake, bot, game_id
        self.groups = set(groups)
        self.seen = 0
        self.checked = 0
        self.photos = 0

    def since_last(self) -> None:
        with self.fake.changed:
            calls = self.fake.calls[self.seen :]
            self.seen = len(self.fake.calls)
        game = self.bot.service.game(self.game_id)
        rules = game.rules
        if rules.phase in (Phase.DEALING, Phase.OVER):
            return  # the deal is over: its hands are shown to both, as the rules say
        chats = {}
        for seat in Seat:
            player = game.players[seat]
            chat = self.bot.app.channel.chat_of(player) if player else None
            if chat is not None:
                chats[chat] = seat
        for call in calls:
            if call.chat_id in chats:
                seat = chats[call.chat_id]
                self._check(
                    call, set(DECK[i] for i in range(40) if rules.hands[seat.other] >> i & 1)
                )
                if call.photo is not None:
                    assert call.photo == table_picture(view_for(rules, seat)), "picture differs"
                    self.photos += 1
            elif call.chat_id in self.groups:
                hidden = rules.hands[0] | rules.hands[1]
                self._check(call, set(DECK[i] for i in range(40) if hidden >> i & 1))
                assert call.photo is None

    def _check(self, call: Call, hidden: set[Card]) -> None:
        self.checked += 1
        named = mentioned(call)
        assert not named & hidden, f"{call.method} named hidden {named & hidden}: {call.params}"


def mentioned(call: Call) -> set[Card]:
    """Every card a call names: in its text or caption, button labels and button data."""
    texts = [str(call.params.get("text", "")), str(call.params.get("caption", ""))]
    data: list[str] = []
    markup = call.params.get("reply_markup")
    if markup:
        for row in json.loads(markup).get("inline_keyboard", []):
            for button in row:
                texts.append(button["text"])
                data.append(button.get("callback_data", ""))
    return named_in(texts, data)


def named_in(
    texts: Iterable[str], data: Iterable[str], faces: DeckFaces = DeckFaces.FRENCH
) -> set[Card]:
    """The cards named in ``texts`` (as players write them) and in our buttons' ``data``."""
    named: set[Card] = set()
    for text in texts:
        for token in CARD.findall(text):
            with contextlib.suppress(CardSpellingError):
                named.add(parse_card(token, faces))
    for one in data:
        press = decode(one)
        if press is None:
            continue
        action = action_of(press)
        named |= set(selection(press) or ())
        if isinstance(action, Take):
            named |= set(action.put_down) | ({action.discard} - {None})  # type: ignore[arg-type]
        elif isinstance(action, Discard):
            named |= {action.card} | ({action.onto} - {None})  # type: ignore[arg-type]
        elif isinstance(action, Refuse):
            named |= set(action.meld)
    return named
