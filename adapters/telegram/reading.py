"""Commands that change no game: ``/games``, ``/hand``, ``/help``, ``/rules``.

Each answer is read from the log as it stands (through ``GameService``) and recorded as the
update's inbox reply, so the update is known to be handled.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callbacks import Press
from adapters.telegram.incoming import Said
from adapters.telegram.practice import HINT_HELP, LEARN_HELP
from adapters.telegram.render import games_text, short
from adapters.telegram.screens import ChatPart
from adapters.telegram.seeking import SEEK_HELP
from adapters.telegram.tournaments import TOURNAMENT_HELP
from service.app.replies import Shown
from service.game.events import GameId
from service.game.status import GameStatus
from service.rules.errors import N_
from service.words.prompts import HELP, rules_text

ABOUT_YOU = N_(
    "/privacy — what is kept about you, and for how long; /mydata — all of it, as a file; "
    "/erase — erase it"
)
COMMANDS = N_(
    """Bot commands:
/new — invite a friend to a game (/new bot: play the bot; /new help: the options)
/games — your games and whose turn it is
/hand [#game] — your table again, with its buttons
/resign [#game] — give up a match
/cancel [#game] — call off a game nobody has joined yet
/rematch [#game] — play the last opponent again
/log [#game] — step through a game's moves
/settings — language, time zone, quiet hours, reminders, pictures
/link — link your email address: news by mail when Telegram cannot reach you
/stats — your rating and record (/stats @name: a public profile; /stats public or private)
/rules — the rules in short

You can press the buttons of your turn message, or type a command. With several games running,
start with the game (#3fa2c1 pass) or reply to its message."""
)


TALK = N_(
    "/say … — write to your opponent (or reply to the game's message); /offer draw, "
    "/offer adjourn, /accept, /decline, /withdraw; /mute, /mute for good (in every game), "
    "/unmute, /report"
)
"""Talk at the table (issue 20), told apart from ``COMMANDS``."""


class Reading(ChatPart):
    def games(self, said: Said) -> None:
        channel = self.channel
        tr = said.tr
        lines = channel.service.games_of(said.player)
        names = {p: channel.name(p, tr) for s in lines for p in s.players if p is not None}
        buttons = [
            [
                InlineKeyboardButton(
                    tr.pgettext("button", "Show {game}", game=short(s.game_id)),
                    callback_data=_show(s.game_id),
                )
            ]
            for s in lines
            if s.status == GameStatus.PLAYING
        ][:10]
        self._record(said, "games")
        markup = InlineKeyboardMarkup(buttons) if buttons else None
        self.screens.say(said.chat_id, games_text(lines, said.player, names, tr), markup)

    def hand(self, said: Said, game_id: GameId | None) -> None:
        """The table of ``game_id``, or of the player's game that most needs them."""
        channel = self.channel
        if game_id is None:
            lines = channel.service.games_of(said.player)
            playing = sorted(
                (s for s in lines if s.status == GameStatus.PLAYING),
                key=lambda s: s.to_act != said.player,
            )
            game_id = playing[0].game_id if playing else None
        self._record(said, "hand")
        if game_id is None:
            self.screens.say(
                said.chat_id, said.tr.gettext("You have no game running. /new starts one.")
            )
            return
        self.screens.turn(said.player, game_id)

    def help(self, said: Said) -> None:
        self._record(said, "help")
        tr = said.tr
        about_you, talk, seeking = tr.gettext(ABOUT_YOU), tr.gettext(TALK), tr.gettext(SEEK_HELP)
        tournaments, learn = tr.gettext(TOURNAMENT_HELP), tr.gettext(LEARN_HELP)
        learn += f"\n{tr.gettext(HINT_HELP)}"
        text = f"{tr.gettext(COMMANDS)}\n{learn}\n{seeking}\n{tournaments}\n{about_you}\n{talk}"
        text += f"\n\n{tr.gettext(HELP)}"
        self.screens.say(said.chat_id, text)

    def rules(self, said: Said) -> None:
        self._record(said, "rules")
        self.screens.say(said.chat_id, rules_text(said.tr))

    def _record(self, said: Said, what: str) -> None:
        self.channel.record(said.key, Shown(what))


def _show(game_id: GameId) -> str:
    return Press("hand", game_id, 0).encode()
