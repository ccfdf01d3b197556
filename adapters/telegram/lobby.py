"""Starting games: ``/new`` (an invitation, or a game against the bot), ``/start <invitation>``
(the deep link the invited player taps), ``/rematch``; and ``/cancel``, calling off a game
nobody has joined.

An invitation is the game's own invitation code in a deep link,
``https://t.me/<bot>?start=<code>``: it can be used once (the service refuses a second player)
and for ``invitation_days`` after the game was opened.  When the service has email, it also says
how a friend without Telegram joins: by mailing ``join <code>`` to the service's address, so one
player can be on Telegram and the other on email.  A game opened in a group is shown there
(public moves only); each player's hand goes to their private chat with the bot.

The typed reply of each command (``service.app.replies``) is recorded as the update's inbox reply
before anything is sent, so an update processed again after a crash reuses the game it opened
rather than opening another, and is answered from the recorded reply.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import quote

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.channel import SOURCE
from adapters.telegram.incoming import Pressed, Said
from adapters.telegram.practice import practice_offer
from adapters.telegram.render import short
from adapters.telegram.screens import ChatPart
from service.app.lobby_requests import CallOff, JoinGame, OpenGame, Rematch
from service.app.replies import Cancelled, Joined, Opened, Rematched, Reply, Told
from service.bots.levels import bot_name
from service.game.errors import UnknownInvitation
from service.game.events import GameId
from service.game.status import GameStatus
from service.players.invitations import DAY, within
from service.rules.errors import N_, IllegalAction
from service.words.lobby import GameOptions, read_words
from service.words.refusals import Refused, refusal_text

TOO_MANY_NEW = N_(
    "You have opened as many games today as one player may ({limit}): try again tomorrow."
)
NEW_HELP = N_(
    "/new — a game with a friend: you get an invitation to send them.\n"
    "/new bot — a game against the bot; /new easy, /new medium or /new hard chooses how well "
    "it plays (bot is medium).\n"
    "Options: deals=3, target=100, stake=2, time=12h (per move; 30m, 2d …), and rule variants "
    "as flag=value, e.g. /new deals=3 time=2d forcing=disabled"
)


class Lobby(ChatPart):
    def new(self, said: Said, options: list[str]) -> None:
        """``/new [bot|random] [deals=N] [target=N] [stake=N] [time=12h] [flag=value …]``."""
        channel = self.channel
        reply = channel.earlier(said.key, said.payload)
        if reply is None:
            chosen: GameOptions | None = None
            try:
                chosen = read_words(options)
            except IllegalAction as error:
                reply = channel.record(said.key, Refused.of(error))
            if chosen is not None:
                if not (self._host_reachable(said) and self._may_open(said)):
                    return
                reply = self._open(said, chosen)
        match reply:
            case Opened(game_id=game_id):
                if not said.private:  # a game has one group: linking again changes nothing
                    channel.records.link_group(game_id, said.chat_id, 1)
                self._opened(said, game_id)
            case Refused():
                text = f"{refusal_text(reply, said.tr)}\n\n{said.tr.gettext(NEW_HELP)}"
                self.screens.say(said.chat_id, text)
            case Told(text=text):
                self.screens.say(said.chat_id, text)

    def _open(self, said: Said, chosen: GameOptions) -> Reply:
        """Open the game ``/new`` asked for, once under the update's key (``GameService.request``)."""
        options = (chosen.variant, chosen.terms, chosen.time_control, chosen.opponent, chosen.rated)
        return self.channel.service.request(
            SOURCE, said.key, said.payload, OpenGame(said.player, *options)
        )

    def _opened(self, said: Said, game_id: GameId) -> None:
        game = self.channel.service.game(game_id)
        if game.status == GameStatus.OPEN:
            self._invite(said, game_id, game.invitation)
        else:
            bot = next(p for p in game.players if p is not None and p != said.player)
            news = said.tr.gettext("A new game against {name}.", name=bot_name(bot, said.tr))
            self.screens.turn(said.player, game_id, [news])
            self.screens.tell_group(game_id)

    def _host_reachable(self, said: Said) -> bool:
        """Whether the bot can write to the player opening a game in a group: their hand is
        shown only in their private chat, which Telegram lets a bot write in only once the
        person opened it (issue 34).  If not, no game is opened (so no clock runs against a
        host told nothing): the group is asked to have them open that chat with a deep link
        and send ``/new`` again."""
        chat = self.channel.chat_of(said.player)
        if said.private or chat is None or self.channel.api.can_write(chat):
            return True
        tr = said.tr
        text = tr.gettext(
            "{name}, I cannot write to you in private yet, and your hand is shown only there. "
            "Tap the button below, press Start, then send /new here again.",
            name=said.user_name,
        )
        self.channel.record(said.key, Told(text, refused=True))
        link = self.channel.invitation_link(PRIVATE_CHAT)
        button = InlineKeyboardButton(tr.pgettext("button", "Open a private chat"), url=link)
        self.screens.say(said.chat_id, text, InlineKeyboardMarkup([[button]]))
        return False

    def _may_open(self, said: Said) -> bool:
        """Whether ``said.player`` may open one more game today (counted if so).  Past the daily
        limit every ``/new`` is answered with the refusal, in the chat it came from: Telegram
        proves who sent it, so the answer reaches only the sender, never a stranger."""
        channel = self.channel
        limit = channel.settings.new_games_per_day
        if within(channel.quotas, f"telegram-new:{said.player}", limit, DAY, channel.clock.now()):
            return True
        text = said.tr.gettext(TOO_MANY_NEW, limit=limit)
        channel.record(said.key, Told(text, refused=True))
        self.screens.say(said.chat_id, text)
        return False

    def _invite(self, said: Said, game_id: GameId, invitation: str) -> None:
        tr = said.tr
        link = self.channel.invitation_link(invitation)
        days = self.channel.settings.invitation_days
        if said.private:
            invite = quote(tr.gettext("Play Conquian with me"))
            share = f"https://t.me/share/url?url={quote(link)}&text={invite}"
            text = tr.gettext(
                "Game {game} is open. Send this invitation to your opponent "
                "(it works once, for {days} days):\n{link}",
                game=short(game_id),
                days=f"{days:g}",
                link=link,
            )
            mail_address = self.channel.settings.mail_address
            if mail_address is not None:
                text += "\n" + tr.gettext(
                    "Without Telegram, they can play by email: they mail join {code} to {address}.",
                    code=invitation,
                    address=mail_address,
                )
            button = InlineKeyboardButton(tr.pgettext("button", "Share the invitation"), url=share)
        else:
            text = tr.gettext(
                "{name} opened game {game}. Who plays? Tap to join "
                "(works once, for {days} days). Moves are shown here; hands stay private.",
                name=said.user_name,
                game=short(game_id),
                days=f"{days:g}",
            )
            label = tr.pgettext("button", "Join {name}'s game", name=said.user_name)
            button = InlineKeyboardButton(label, url=link)
        text += "\n" + tr.gettext("/cancel calls the game off until someone joins.")
        self.screens.say(said.chat_id, text, InlineKeyboardMarkup([[button]]))

    def cancel(self, said: Said, game_id: GameId | None) -> None:
        """``/cancel [#game]``: call off a game of one's own that nobody has joined yet (the
        only one, if the command names none); a group it was opened in is told."""
        reply = self.channel.once(said.key, said.payload, lambda: self._cancel(said, game_id))
        if not isinstance(reply, Cancelled):
            self._refused(said, reply)
            return
        cancelled = reply.game_id
        text = said.tr.gettext(
            "Game {game} is called off: its invitation no longer works.", game=short(cancelled)
        )
        self.screens.say(said.chat_id, text)
        group = self.channel.records.group_of(cancelled)
        if group is not None and group.chat_id != said.chat_id:
            self.screens.tell_group(cancelled)

    def _refused(self, said: Said, reply: Reply) -> None:
        """Say a refusal (worded now, or a channel's own words as they were first said)."""
        match reply:
            case Refused():
                self.screens.say(said.chat_id, f"⚠ {refusal_text(reply, said.tr)}")
            case Told(text=text):
                self.screens.say(said.chat_id, f"⚠ {text}")

    def _cancel(self, said: Said, game_id: GameId | None) -> Reply:
        service, tr = self.channel.service, said.tr
        if game_id is None:
            waiting = [
                s.game_id for s in service.games_of(said.player) if s.status == GameStatus.OPEN
            ]
            if not waiting:
                return Told(tr.gettext("You have no game waiting for a player."), refused=True)
            if len(waiting) > 1:
                which = " ".join(f"/cancel {short(one)}" for one in waiting)
                return Told(tr.gettext("Which game? {games}", games=which), refused=True)
            game_id = waiting[0]
        return service.request(SOURCE, said.key, said.payload, CallOff(said.player, game_id))

    def start(self, said: Said, invitation: str) -> None:
        """``/start`` (first contact) or ``/start <invitation>`` (tapping an invitation)."""
        if not invitation or invitation == PRIVATE_CHAT:
            self.channel.record(said.key, Told("welcome"))
            text = said.tr.gettext(WELCOME if not invitation else PRIVATE_CHAT_OPENED)
            offer = None if invitation else practice_offer(self.channel, said)
            if offer is not None:  # the guided first deal, to a newcomer (issue 38)
                text = f"{text}\n\n{offer[0]}"
            self.screens.say(said.chat_id, text, None if offer is None else offer[1])
            return
        channel = self.channel
        reply = channel.once(said.key, said.payload, lambda: self._join(said, invitation))
        if not isinstance(reply, Joined):
            self._refused(said, reply)
            return
        game_id = reply.game_id
        host = channel.name(channel.service.game(game_id).host, said.tr)
        self.screens.turn(
            said.player, game_id, [said.tr.gettext("You joined {name}'s game.", name=host)]
        )
        self.screens.tell_group(game_id)

    def _join(self, said: Said, invitation: str) -> Reply:
        channel = self.channel
        game_id = channel.service.game_by_invitation(invitation)
        if game_id is None:
            return Refused.of(UnknownInvitation())
        game = channel.service.game(game_id)
        if game.status != GameStatus.OPEN and game.players[1] == said.player:
            return Joined(game_id)  # joined by an earlier run of this update
        lifetime = timedelta(days=channel.settings.invitation_days)
        if game.status == GameStatus.OPEN and channel.clock.now() > game.opened_at + lifetime:
            expired = said.tr.gettext("This invitation has expired: ask for a new one.")
            return Told(expired, refused=True)
        request = JoinGame(said.player, invitation)
        return channel.service.request(SOURCE, said.key, said.payload, request)

    def rematch(self, said: Said, game_id: GameId | None) -> None:
        """``/rematch``: offer (or accept) a new game against the last opponent."""
        channel = self.channel
        reply = channel.earlier(said.key, said.payload)
        if reply is None:
            request = Rematch(said.player, game_id)
            reply = channel.service.request(SOURCE, said.key, said.payload, request)
            self._group_plays_on(reply)
        match reply:
            case Rematched(started=None, to=name):
                text = said.tr.gettext("Rematch offered to {name}: waiting for them.", name=name)
                self.screens.say(said.chat_id, text)
            case Rematched(started=new) if new is not None:
                self.screens.turn(said.player, new, [said.tr.gettext("The rematch begins.")])
                self.screens.tell_group(new)
            case _:
                self._refused(said, reply)

    def after_the_end(self, pressed: Pressed, kind: str, game_id: GameId, name: str) -> None:
        """*Rematch* or *New game* under a finished match (``ending.py``): as ``/rematch`` or
        ``/new`` typed in that chat, recorded under the press's key, so a second delivery
        changes nothing."""
        self.channel.api.answer(pressed.callback_id)
        said = Said(
            pressed.key,
            pressed.payload,
            pressed.player,
            name,
            pressed.chat_id,
            True,
            "",
            None,
            pressed.tr,
        )
        if kind == "rematch":
            self.rematch(said, game_id)
        else:
            self.new(said, [])

    def _group_plays_on(self, reply: Reply) -> None:
        """A rematch started from a group's game is told in that group too."""
        if not isinstance(reply, Rematched) or reply.started is None:
            return
        finished = self.channel.service.game(reply.started).rematch_of
        group = None if finished is None else self.channel.records.group_of(finished)
        if group is not None:
            self.channel.records.link_group(reply.started, group.chat_id, 0)


PRIVATE_CHAT = "private"
"""The deep link's word (``t.me/<bot>?start=private``) that a player opening a game in a group
taps to open their private chat with the bot first; never an invitation code (those are hex)."""
PRIVATE_CHAT_OPENED = N_(
    "Your private chat with me is open: your hand will be shown here. Go back to the group and "
    "send /new there again."
)
WELCOME = N_(
    "Welcome to Conquian, two-player rummy played slowly.\n"
    "/new — invite a friend; /new bot — play the bot; /games — your games; /help — commands; "
    "/rules — the rules."
)
