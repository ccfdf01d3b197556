"""From stored updates to answers: the bot's intake and its router.

``receive`` stores an update — in the inbox (source ``telegram``, unique by key) and in the
Telegram queue (unique by update id and by key) — and only then may the caller acknowledge it
to Telegram.  ``answer_waiting`` answers what is stored and not answered yet, oldest first;
an update is marked answered once its answer went out, so a crash anywhere before that answers
it again after the restart.  That is safe because each handler records the update's outcome in
the inbox first (a move in the same transaction as its events, through ``GameService.handle``)
and answers again from the record.

The key of a message is ``message:<chat>:<message id>`` — so the same message delivered under a
new update id is still one message — and of a button press ``callback:<query id>``.

A handler translates, calls the service, replies; the handlers live in ``lobby``, ``moves``,
``reading``, ``preferences``, ``links`` and ``replay``.
"""

from __future__ import annotations

import json
import logging
import threading
from datetime import timedelta
from typing import Any

from telegram import CallbackQuery, Message

from adapters.sql.engine import is_unavailable
from adapters.sql.telegram_records import Waiting
from adapters.telegram import zones
from adapters.telegram.callbacks import decode
from adapters.telegram.channel import SOURCE, Channel, user_name
from adapters.telegram.group_words import in_private
from adapters.telegram.incoming import Pressed, Said
from adapters.telegram.lanes import ChatLocks, Lanes, lane_of
from adapters.telegram.links import Links
from adapters.telegram.lobby import NEW_HELP, Lobby
from adapters.telegram.membership import membership_changed
from adapters.telegram.moves import Moves
from adapters.telegram.practice import Practice
from adapters.telegram.preferences import Preferences
from adapters.telegram.reading import Reading
from adapters.telegram.replay import Replay
from adapters.telegram.review import review
from adapters.telegram.screens import Screens
from adapters.telegram.seeking import Seeking, is_seek_command
from adapters.telegram.stats import stats
from adapters.telegram.tournaments import COMMANDS as TOURNAMENT_COMMANDS
from adapters.telegram.tournaments import Entering
from adapters.telegram.your_data import DataRequests
from service.app.intake import Attempts
from service.app.replies import Ignored, Told
from service.delivery.dispatch import TryLater, Undeliverable
from service.game.events import GameId, PlayerId

log = logging.getLogger(__name__)
CLAIM = timedelta(seconds=60)
"""How long a claim on updates lasts (``answer_waiting(shared=True)``): a process that died
while answering leaves its chats to the others after this long."""
GROUP_COMMANDS = frozenset({"new", "cancel", "help", "rules", "games", "start"})


def key_of(update: dict[str, Any]) -> str:
    """The update's inbox key (see the module's docstring); an update without the ids Telegram
    always sends is known by its update id alone."""
    message = update.get("message")
    if isinstance(message, dict) and isinstance(message.get("chat"), dict):
        chat_id, message_id = message["chat"].get("id"), message.get("message_id")
        if chat_id is not None and message_id is not None:
            return f"message:{chat_id}:{message_id}"
    query = update.get("callback_query")
    if isinstance(query, dict) and "id" in query:
        return f"callback:{query['id']}"
    return f"update:{update['update_id']}"


class Processor:
    def __init__(self, channel: Channel) -> None:
        self.channel = channel
        self.screens = Screens(channel)
        self.moves = Moves(channel, self.screens)
        self.lobby = Lobby(channel, self.screens)
        self.practice = Practice(channel, self.screens)
        self.seeking = Seeking(channel, self.screens)
        self.entering = Entering(channel, self.screens)
        self.reading = Reading(channel, self.screens)
        self.preferences = Preferences(channel, self.screens)
        self.replay = Replay(channel, self.screens)
        self.links = Links(channel, self.screens)
        self.your_data = DataRequests(channel, self.screens)
        self.attempts = Attempts()
        self.lanes = Lanes(self._answer, channel.settings.chats_at_once)
        self.chats = ChatLocks()
        """Held while a chat is answered; the outbox's sender takes them too (``lanes.py``)."""
        self._answering = threading.Lock()

    def receive(self, update: dict[str, Any]) -> bool:
        """Store ``update`` durably; False if it (or its message) was received before."""
        now, key, payload = self.channel.clock.now(), key_of(update), json.dumps(update)
        lane = lane_of(Waiting(key, payload))
        return self.channel.records.store(int(update["update_id"]), key, payload, lane, now)

    def has_waiting(self) -> bool:
        return bool(self.channel.records.waiting(1))

    def answer_waiting(self, limit: int = 100, shared: bool = False) -> int:
        """Answer the stored updates not answered yet, oldest first within each chat and
        different chats at once (``lanes.py``); how many were answered.  ``TryLater``
        (Telegram's flood control, the network) ends the round and is raised: the rest stay
        waiting.  One round at a time in a process (webhook requests come in on several
        threads).  ``shared``: other processes answer from the same queue (webhook mode behind
        a load balancer), so each round claims what it answers (``TelegramRecords.claim``) and
        rounds go on until nothing is left to claim."""
        with self._answering:
            if not shared:
                return self.lanes.run(self.channel.records.waiting_updates(limit))
            answered = 0
            while claimed := self._claim(limit):
                try:
                    answered += self.lanes.run(claimed)
                finally:
                    self.channel.records.release([one.key for one in claimed])
            return answered

    def look(self, limit: int = 1000) -> int:
        """Hand what is stored and unanswered to the lanes and return at once (the poller's
        way, ``polling.py``); how many were new to them."""
        return self.lanes.look(lambda: self.channel.records.waiting_updates(limit))

    def _claim(self, limit: int) -> list[Waiting]:
        now = self.channel.clock.now()
        return self.channel.records.claim(now, now + CLAIM, limit)

    def answer(self, key: str) -> bool:
        """Answer one stored update; True once it is answered (or given up)."""
        return self._answer(Waiting(key, None))

    def _answer(self, waiting: Waiting) -> bool:
        channel = self.channel
        key, payload = waiting.key, waiting.payload
        if payload is None:  # not in the inbox (yet): stored as an empty payload, ignored
            payload = channel.inbox.receive(SOURCE, key, "", channel.clock.now()).payload
        try:
            with self.chats.holding(lane_of(Waiting(key, payload))):
                self._route(key, payload)
        except TryLater:
            raise
        except Exception as error:
            if is_unavailable(error):
                raise  # the database is away: not this update's fault, it waits for its return
            if not self.attempts.failed(key, error):
                return False
        channel.records.answered(key, channel.clock.now())
        self.attempts.succeeded(key)
        return True

    def _route(self, key: str, payload: str) -> None:
        try:
            update = self.channel.api.parse(json.loads(payload))
        except Exception as error:  # not an update as the Bot API defines it: nobody to answer
            log.warning("update %s is not one the Bot API sends (%r): ignored", key, error)
            self.channel.record(key, Ignored())
            return
        query, message = update.callback_query, update.message
        if update.my_chat_member is not None:
            membership_changed(self.channel, key, update.my_chat_member, self.screens.welcome_back)
        elif query is not None and query.from_user is not None:
            user = query.from_user
            player = self.channel.player_of(user.id, user.first_name, user.language_code)
            self._reachable(player, lambda: self._pressed(key, payload, player, query))
        elif message is not None and message.text and message.from_user is not None:
            user = message.from_user
            player = self.channel.player_of(user.id, user.first_name, user.language_code)
            said = Said(
                key,
                payload,
                player,
                user_name(user.first_name),
                message.chat.id,
                message.chat.type == "private",
                message.text.strip(),
                _reply_to(message),
                self.channel.tr(player),
                message.message_id,
            )
            self._reachable(player, lambda: self._said(said))
        else:
            self.channel.record(key, Ignored())

    def _reachable(self, player: PlayerId, handle: Any) -> None:
        """Run ``handle``; a player who writes is reachable again (and is shown what they missed),
        and one whose chat refuses our answer is marked unreachable."""
        channel = self.channel
        came_back = channel.records.mark_reachable(player)
        try:
            handle()
            if came_back:
                self.screens.welcome_back(player)
        except Undeliverable as error:
            channel.records.mark_unreachable(player, channel.clock.now(), str(error))
            log.info("%s cannot be reached on Telegram: %s", player, error)

    def _pressed(self, key: str, payload: str, player: PlayerId, query: CallbackQuery) -> None:
        chat = query.message.chat.id if query.message is not None else 0
        message_id = query.message.message_id if query.message is not None else 0
        tr = self.channel.tr(player)
        pressed = Pressed(key, payload, player, query.id, chat, message_id, query.data or "", tr)
        press = decode(pressed.data)
        if press is None:
            self.channel.record(key, Told("unknown button", refused=True))
            self.channel.api.answer(
                query.id, tr.gettext("This button is not one of mine."), alert=True
            )
        elif press.kind == "log":
            self.replay.pressed(pressed, press)
        elif press.kind == "zone":
            zones.pressed(self.channel, pressed, press, self.screens.again)
        elif press.kind == "seek":
            self.seeking.pressed(pressed, press)
        elif press.kind == "tournament":
            self.entering.pressed(pressed, press)
        elif press.kind == "practice":
            self.practice.pressed(pressed, press)
        elif press.kind in ("rematch", "new"):
            name = user_name(query.from_user.first_name if query.from_user else "")
            self.lobby.after_the_end(pressed, press.kind, press.game_id, name)
        else:
            self.moves.pressed(pressed, press)

    def _said(self, said: Said) -> None:
        if not said.text.startswith("/"):
            if said.private:
                self.moves.typed(said, said.text)
            else:  # chatter in a group is not for the bot
                self.channel.record(said.key, Ignored())
            return
        word, *args = said.text.split()
        name, _, addressee = word[1:].partition("@")
        name = name.lower()
        if addressee and addressee.lower() != self.channel.api.username.lower():
            self.channel.record(said.key, Ignored())
            return
        if is_seek_command(name, args):  # in a group too, to say where seeking is done
            self.seeking.command(said, name, args)
            return
        if name in TOURNAMENT_COMMANDS:  # in a group too, to say where entering is done
            self.entering.command(said, name, args)
            return
        if not said.private and name not in GROUP_COMMANDS:
            self._done(said, in_private(name, said.tr))
            return
        self._command(said, name, args)

    def _command(self, said: Said, name: str, args: list[str]) -> None:
        if name == "start":
            self.lobby.start(said, args[0] if args else "")
        elif name == "practice" or (name == "skip" and args[:1] == ["practice"]):
            self.practice.command(said, args)
        elif name == "new":
            if args[:1] == ["help"]:
                self._done(said, said.tr.gettext(NEW_HELP))
            else:
                self.lobby.new(said, args)
        elif name in ("games", "help", "rules", "settings"):
            handlers = {
                "games": lambda: self.reading.games(said),
                "help": lambda: self.reading.help(said),
                "rules": lambda: self.reading.rules(said),
                "settings": lambda: self.preferences.settings(said, args),
            }
            handlers[name]()
        elif name == "link":
            self.links.link(said, args)
        elif name == "stats":
            stats(self.channel, self.screens, said, args)
        elif name in ("privacy", "mydata", "erase"):
            self._about_you(said, name, args)
        elif name in ("hand", "resign", "rematch", "log", "cancel", "hint", "review"):
            self._for_game(said, name, args)
        elif name in TALK_COMMANDS:  # the shared words of talk (``talk_commands``), slashed
            self.moves.typed(said, " ".join([name, *args]))
        else:
            self._done(
                said, said.tr.gettext("I don't know /{name}. /help lists the commands.", name=name)
            )

    def _about_you(self, said: Said, name: str, args: list[str]) -> None:
        """What is kept about the player, their data, their erasure (``your_data``)."""
        if name == "privacy":
            self.your_data.privacy(said)
        elif name == "mydata":
            self.your_data.my_data(said)
        else:
            self.your_data.erase(said, args)

    def _for_game(self, said: Said, name: str, args: list[str]) -> None:
        """A command about one game: the one named (``#3fa2c1``) or the likeliest."""
        game_id: GameId | None = None
        if args:
            game_id = self.channel.find_game(said.player, args[0])
            if game_id is None:
                self._done(
                    said,
                    said.tr.gettext("You have no game {game}. /games lists yours.", game=args[0]),
                )
                return
        if name == "hand":
            self.reading.hand(said, game_id)
        elif name in ("resign", "hint"):
            self.moves.typed(said, name, game_id)
        elif name == "review":
            review(self.channel, self.screens, said, game_id)
        elif name == "rematch":
            self.lobby.rematch(said, game_id)
        elif name == "cancel":
            self.lobby.cancel(said, game_id)
        else:
            self.replay.start(said, game_id)

    def _done(self, said: Said, text: str) -> None:
        self.channel.record(said.key, Told(text))
        self.screens.say(said.chat_id, text)


TALK_COMMANDS = ("say", "offer", "accept", "decline", "withdraw", "mute", "unmute", "report")
"""``/say Hello`` is ``say Hello`` for the game the message replies to, or the likeliest."""


def _reply_to(message: Message) -> int | None:
    replied = message.reply_to_message
    return None if replied is None else replied.message_id
