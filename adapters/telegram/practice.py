"""The guided first deal on Telegram (issue 38): offered in the last line of ``/start``'s welcome
in a new player's private chat, with *Practice deal* and *No thanks* buttons under it; ``/practice`` starts it and
``/skip practice`` (or No thanks) declines it for good.  Each is a request of the one intake
under the update's key (``GameService.request``), so a second delivery starts no second game."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callbacks import Press
from adapters.telegram.channel import SOURCE, Channel
from adapters.telegram.incoming import Pressed, Said
from adapters.telegram.screens import ChatPart
from service.app.practising import Practise, SkipPractice
from service.app.replies import Opened
from service.game.events import GameId
from service.language.translation import Translator
from service.rules.errors import N_
from service.words.refusals import Refused, refusal_text

OFFER = N_(
    "New to Conquian? Play a practice deal against the easy bot: a short prompt explains each "
    "new kind of move as you meet it. /practice starts it; /skip practice if you know the game."
)
NO_GAME = GameId("-")


def practice_offer(channel: Channel, said: Said) -> tuple[str, InlineKeyboardMarkup] | None:
    """The welcome's last line and its buttons, in a private chat of a player with no game who
    has not declined the guided deal; None for anyone else."""
    if said.private and channel.service.practising.offered(said.player):
        return said.tr.gettext(OFFER), keyboard(said.tr)
    return None


class Practice(ChatPart):
    def command(self, said: Said, args: list[str]) -> None:
        """``/practice`` starts the guided deal; ``/skip practice`` declines it."""
        if args[:1] == ["skip"] or said.text.lower().startswith("/skip"):
            self.skip(said)
        else:
            self.start(said)

    def pressed(self, pressed: Pressed, press: Press) -> None:
        """*Practice deal* or *No thanks* under the welcome, as the command typed."""
        self.channel.api.answer(pressed.callback_id)
        said = Said(
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
        if press.arg == "skip":
            self.skip(said)
        else:
            self.start(said)

    def start(self, said: Said) -> None:
        request = Practise(said.player)
        reply = self.channel.service.request(SOURCE, said.key, said.payload, request)
        if isinstance(reply, Opened):
            intro = said.tr.gettext("A practice deal against the easy bot: watch for the prompts.")
            self.screens.turn(said.player, reply.game_id, [intro])
        elif isinstance(reply, Refused):
            self.screens.say(said.chat_id, refusal_text(reply, said.tr))

    def skip(self, said: Said) -> None:
        request = SkipPractice(said.player)
        self.channel.service.request(SOURCE, said.key, said.payload, request)
        text = said.tr.gettext("No practice deal, then: /new bot starts a game against the bot.")
        self.screens.say(said.chat_id, text)


def keyboard(tr: Translator) -> InlineKeyboardMarkup:
    """Practice deal · No thanks."""
    go = Press("practice", NO_GAME, 0, None, "go").encode()
    skip = Press("practice", NO_GAME, 0, None, "skip").encode()
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(tr.pgettext("button", "Practice deal"), callback_data=go),
                InlineKeyboardButton(tr.pgettext("button", "No thanks"), callback_data=skip),
            ]
        ]
    )
