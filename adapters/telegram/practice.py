"""The guided first deal on Telegram (issue 38): offered in the last line of ``/start``'s welcome
in a new player's private chat, with *Practice deal* and *No thanks* buttons under it; ``/practice`` starts it and
``/skip practice`` (or No thanks) declines it for good.  Each is a request of the one intake
under the update's key (``GameService.request``), so a second delivery starts no second game.

The welcome's buttons stay under it for good, so a press is asked under a key of the player and
the button, not of the update: two presses racing start one deal.  A press once the offer no
longer stands (the player has a game, the first press's deal too, or declined) changes nothing
and is answered in an alert with how to start one anyway (``/practice``); the same update
handled again (a crash before its answer went out) is answered as the first time."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callbacks import Press
from adapters.telegram.channel import SOURCE, Channel
from adapters.telegram.incoming import Pressed, Said, said_by_press
from adapters.telegram.screens import ChatPart
from service.app.practising import Practise, SkipPractice
from service.app.replies import Opened, Reply, Told
from service.game.events import GameId
from service.language.translation import Translator
from service.rules.errors import N_
from service.words.refusals import Refused, refusal_text

OFFER = N_(
    "New to Conquian? Play a practice deal against the easy bot: a short prompt explains each "
    "new kind of move as you meet it. /practice starts it; /skip practice if you know the game."
)
LEARN_HELP = N_(
    "/practice — a practice deal against the easy bot, with a short prompt at each new kind of "
    "move (/skip practice: stop offering it); /review [#game] — your own review of a finished "
    "game"
)
"""The commands for learning the game, for ``/help``."""
HINT_HELP = N_(
    "/hint [#game] — what the hard bot would play now (casual games against a bot; never rated, "
    "never against a person)"
)
"""The hint's line of ``/help``: it is asked for in the chat, so it is named there too."""
NO_GAME = GameId("-")
GONE = N_("This offer is no longer open: /practice starts a practice deal.")


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
        """*Practice deal* or *No thanks* under the welcome, as the command typed, while the
        offer stands; once it is gone, an alert and nothing else."""
        channel, key = self.channel, f"offer:{pressed.player}:{press.arg}"
        offered = channel.service.practising.offered(pressed.player)
        if not offered and channel.earlier(pressed.key, pressed.payload) is None:
            self.channel.record(pressed.key, Told("practice offer gone", refused=True))
            self.channel.api.answer(pressed.callback_id, pressed.tr.gettext(GONE), alert=True)
            return
        self.channel.api.answer(pressed.callback_id)
        said = said_by_press(pressed)
        if press.arg == "skip":
            self.skip(said, key)
        else:
            self.start(said, key)

    def start(self, said: Said, key: str = "") -> None:
        """Start the deal, asked once under ``key`` (the update's, if none)."""
        reply = self._asked(said, key, Practise(said.player))
        if isinstance(reply, Opened):
            intro = said.tr.gettext("A practice deal against the easy bot: watch for the prompts.")
            self.screens.turn(said.player, reply.game_id, [intro])
        elif isinstance(reply, Refused):
            self.screens.say(said.chat_id, refusal_text(reply, said.tr))

    def skip(self, said: Said, key: str = "") -> None:
        """Decline the deal, asked once under ``key`` (the update's, if none)."""
        self._asked(said, key, SkipPractice(said.player))
        text = said.tr.gettext("No practice deal, then: /new bot starts a game against the bot.")
        self.screens.say(said.chat_id, text)

    def _asked(self, said: Said, key: str, request: Practise | SkipPractice) -> Reply:
        """``request`` of the intake under ``key``, its reply recorded for the update too."""
        service = self.channel.service
        if not key:
            return service.request(SOURCE, said.key, said.payload, request)
        asked = lambda: service.request(SOURCE, key, said.payload, request)  # noqa: E731
        return self.channel.once(said.key, said.payload, asked)


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
