"""Putting a player's table on their screen, and a game's public moves in its group.

A player's *turn message* (their *board*) shows their table with the buttons for their decision.
When they act on it, it is edited in place; when a decision falls to them (their turn, a force
question, a forced lay-off), a reminder is due or they ask (``/hand``), a new board is sent — a
new message is what makes Telegram notify — and the previous one is edited down to a one-line
record of what happened while it was the board (``/settings boards=full``: it keeps its table and
only loses its buttons).  So the chat reads as a move list with one full board at the bottom,
and one chat holds one live keyboard per game.  With pictures on, a PNG of the table comes just
before a new board.

A group only ever gets narration of public events, on one scoreboard per game, paced and never
lost (``group_news.py``).  Hands, and the link to the player's page, are only ever sent to
private chats.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

from telegram import InlineKeyboardMarkup

from adapters.sql.telegram_records import TurnMessage
from adapters.telegram import zones
from adapters.telegram.api import LostAnswer, Refused
from adapters.telegram.channel import Channel
from adapters.telegram.ending import ending_keyboard
from adapters.telegram.group_news import GroupNews
from adapters.telegram.incoming import Said
from adapters.telegram.keyboards import turn_keyboard, with_offer_answers, with_page
from adapters.telegram.picture import table_picture
from adapters.telegram.remembering import RememberingDirectory
from adapters.telegram.render import (
    CAPTION_LIMIT,
    clip,
    due_text,
    happened,
    short,
    table_text_for,
    told_lines,
)
from service.app.reads import Moment
from service.app.replies import Told
from service.delivery.dispatch import TryLater, Undeliverable
from service.delivery.notices import Notice
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.language.translation import ENGLISH, Translator, translator
from service.words.news import forced_card
from service.words.prompts import auto_pass_hint

log = logging.getLogger(__name__)


LOST = 0
"""The message id a board is recorded with when the answer to its sending was lost
(``LostAnswer``): it counts as shown — a typed move is judged against it — but its id is
unknown, so it is never edited or put away (Telegram's message ids start at 1)."""


class Unread:
    """A board not read yet (``Screens.seen`` reads it)."""


UNREAD = Unread()


@dataclass(frozen=True, slots=True)
class Seen:
    """The player's ``Notice`` (one read of the game, its news from the chat's board's start
    on) and the chat's board read with it: all a new board is laid out from, so neither is read
    again."""

    notice: Notice
    chat: int
    board: TurnMessage | None


class Screens:
    def __init__(self, channel: Channel) -> None:
        self.channel = channel
        self.groups = GroupNews(channel, self.news)

    def seen(
        self,
        player: PlayerId,
        game_id: GameId,
        first: int | None,
        chat: int,
        board: TurnMessage | Unread | None = UNREAD,
    ) -> Seen:
        """The player's notice of the game with its news from version ``first`` on, in one
        read — and from the start of the chat's board (``board``, if the caller read it already),
        whose one-line record a new board writes (``_put_away``); ``first`` None: only from the
        board's start (the whole log when the chat has none)."""
        if isinstance(board, Unread):
            board = self.channel.records.turn_message(chat, game_id)
        starts = [
            one for one in (first, None if board is None else board.since + 1) if one is not None
        ]
        since = min(starts, default=1)
        return Seen(self.channel.service.board(game_id, player, since), chat, board)

    @staticmethod
    def told(notice: Notice, first: int, last: int | None = None) -> list[str]:
        """The sentences of events ``first`` … ``last`` (to the end) the player's chat is told,
        from their ``notice``."""
        tr = translator(notice.language)
        return told_lines(notice.between(first, last), notice.view.seat, tr)

    def news(
        self, moment: Moment, first: int, last: int | None = None, tr: Translator = ENGLISH
    ) -> list[str]:
        """The sentences of events ``first`` … ``last`` (to the end) the game's group is told,
        from ``moment``."""
        game = moment.game
        events = moment.after(first - 1)
        told = len(events) if last is None else last - first + 1
        cast = self.channel.cast(game, tr)
        return happened(events, game.variant, cast, tr, forced_card(game.rules), told)

    def table_text(self, notice: Notice, before: Sequence[str] = ()) -> tuple[str, bool]:
        """What happened (``before``), then the player's table and deadline; and whether the
        deadline is shown in UTC because the player has not said their time zone (``zones.py``)."""
        tr = translator(notice.language)
        due_line, in_utc = None, False
        if notice.due_at is not None:
            due_line = due_text(notice.due_at, notice.timezone, self.channel.clock.now(), tr)
            in_utc = notice.timezone == zones.UTC
        table = table_text_for(notice.view, notice.game_id, notice.names, due_line, tr)
        if notice.prompt:  # the guided first deal (issue 38)
            table += "\n\n" + tr.gettext("Practice: {prompt}", prompt=notice.prompt)
        if notice.suggests_auto_pass:  # once a game (issue 34)
            table += "\n\n" + auto_pass_hint(tr)
        return clip("\n".join([*before, "", table]) if before else table), in_utc

    def turn(
        self,
        player: PlayerId,
        game_id: GameId,
        before: Sequence[str] = (),
        edit: int | None = None,
        ask: bool = True,
        seen: Seen | None = None,
    ) -> None:
        """Show the player's table in their private chat: edit message ``edit`` in place, or send
        a new board and put the previous one away (``_put_away``).  ``Undeliverable`` /
        ``TryLater`` come through to the caller.  Each profile is read once for it
        (``remembering.py``).  ``ask``: the board may ask the player's time zone (``zones.py``);
        not a notification's, which a crash may send twice and must send alike.  ``seen``: the
        game and the chat's board as the caller just read them (``seen``), so neither is read
        again."""
        with self.remembering():
            self._turn(player, game_id, before, edit, ask, seen)

    def remembering(self) -> AbstractContextManager[None]:
        """Each profile read once inside the block (``remembering.py``): for callers that tell
        news and then put a board on the screen."""
        directory = self.channel.directory
        if isinstance(directory, RememberingDirectory):
            return directory.remembering()
        return nullcontext()

    def _turn(
        self,
        player: PlayerId,
        game_id: GameId,
        before: Sequence[str],
        edit: int | None,
        ask: bool,
        seen: Seen | None,
    ) -> None:
        channel = self.channel
        chat = channel.chat_of(player)
        if chat is None:
            return
        tr = channel.tr(player)
        if seen is None or seen.chat != chat:
            seen = self.seen(player, game_id, None, chat)
        notice, previous = seen.notice, seen.board
        view, version = notice.view, notice.version
        markup = turn_keyboard(game_id, version, view, tr, notice.may_hint)
        if notice.answer_offer:
            markup = with_offer_answers(markup, game_id, version, view.seat, tr)
        if notice.status is GameStatus.OVER:
            headline = [line for line in (notice.result,) if line and line in before]
            before = [*headline, *(line for line in before if line not in headline)]
            markup = ending_keyboard(game_id, tr, notice.rematch)
        if channel.page_url is not None:  # the board is only ever in the private chat
            markup = with_page(markup, channel.page_url(game_id, player), tr)
        text, in_utc = self.table_text(notice, before)
        choices = channel.records.board_choices(player) if in_utc or edit is None else None
        if ask and in_utc and choices is not None and not choices[2]:  # asked once (``zones.py``)
            text = clip(f"{text}\n\n{zones.question(tr)}")
            language = channel.directory.profile(player).language
            markup = zones.with_choices(markup, game_id, language, tr)
            channel.records.set_zone_asked(player)
        if edit is not None and edit != LOST and self._edit(chat, edit, text, markup):
            same = previous is not None and previous.message_id == edit
            since = previous.since if same and previous is not None else version
            shown = TurnMessage(edit, version, since, markup is not None)
            channel.records.remember_turn(chat, game_id, shown)
            return
        pictures, full_boards, _ = choices or channel.records.board_choices(player)
        if pictures:
            caption = tr.gettext(
                "Game {game}: your hand {cards}",
                game=short(game_id),
                cards=", ".join(map(str, view.hand)),
            )
            channel.api.send_photo(chat, table_picture(view, tr), caption[:CAPTION_LIMIT])
        sent = self._send(chat, text, markup)
        since = version if previous is None else previous.version
        channel.records.remember_turn(
            chat, game_id, TurnMessage(sent, version, since, markup is not None)
        )
        if previous is not None and previous.message_id not in (sent, edit, LOST):
            self._put_away(chat, notice, previous, tr, full_boards)

    def again(self, player: PlayerId, game_id: GameId) -> None:
        """The player's board of the game shown again in place, if it shows their deadline
        (after they chose a time zone, ``zones.py``)."""
        channel = self.channel
        chat = channel.chat_of(player)
        shown = None if chat is None else channel.records.turn_message(chat, game_id)
        due = channel.service.deadline(channel.service.game(game_id))
        if shown is not None and due is not None and due.player == player:
            self.turn(player, game_id, edit=shown.message_id)

    def welcome_back(self, player: PlayerId) -> None:
        """What the player missed while the bot could not reach them: the table of each game that
        changed since the last one they were shown (running or ended meanwhile)."""
        channel = self.channel
        chat = channel.chat_of(player)
        if chat is None:
            return  # no private chat: nowhere to show a table
        for line in channel.service.games_of(player):
            shown = channel.records.turn_message(chat, line.game_id)
            if line.status != GameStatus.OPEN and (shown is None or shown.version < line.version):
                tr = channel.tr(player)
                welcome = (
                    tr.gettext("Welcome back: this game waits for you.")
                    if line.to_act == player
                    else tr.gettext("Welcome back: this game.")
                )
                first = 1 if shown is None else shown.version + 1
                seen = self.seen(player, line.game_id, first, chat, shown)
                missed = [] if shown is None else self.told(seen.notice, first)
                self.turn(player, line.game_id, [welcome, *missed], seen=seen)

    def record_line(self, notice: Notice, board: TurnMessage, tr: Translator) -> str:
        """An old board as one line: the game and what happened while it was the board (the
        news of the events after ``board.since`` up to the version it shows)."""
        game_id = notice.game_id
        lines = self.told(notice, board.since + 1, board.version)
        if not lines:
            return tr.gettext("Game {game}: shown again below.", game=short(game_id))
        return " ".join([f"{short(game_id)} ·", *lines])

    def _put_away(
        self, chat: int, notice: Notice, old: TurnMessage, tr: Translator, full_boards: bool
    ) -> None:
        """The board a newer one replaces: edited down to its one-line record, or with
        ``/settings boards=full`` only its buttons taken away — one edit, and none when it would
        change nothing (a full board that has no buttons left)."""
        channel = self.channel
        try:
            if not full_boards:
                line = self.record_line(notice, old, tr)
                channel.api.edit_message(chat, old.message_id, clip(line), None)
            elif old.buttons:
                channel.api.edit_buttons(chat, old.message_id, None)
        except (Refused, TryLater, Undeliverable) as error:
            log.debug("old board %d in %d was left as it was: %s", old.message_id, chat, error)

    def say(self, chat_id: int, text: str, markup: InlineKeyboardMarkup | None = None) -> int:
        """A plain message (errors, lists, help)."""
        return self.channel.api.send_message(chat_id, clip(text), markup)

    def _send(self, chat: int, text: str, markup: InlineKeyboardMarkup | None) -> int:
        """Send a new board; its id, or ``LOST`` when Telegram's answer was lost: the board may
        well be in the chat, so it counts as shown rather than sent again."""
        try:
            return self.channel.api.send_message(chat, text, markup)
        except LostAnswer as error:
            log.info("a board for chat %d counts as shown: %s", chat, error)
            return LOST

    def _edit(
        self, chat: int, message_id: int, text: str, markup: InlineKeyboardMarkup | None
    ) -> bool:
        """Edit the board in place; False if it must be sent anew.  An edit whose answer was
        lost counts as made, like a board sent so."""
        try:
            self.channel.api.edit_message(chat, message_id, text, markup)
        except LostAnswer as error:
            log.info("an edit in chat %d counts as made: %s", chat, error)
        except Refused as error:
            return error.not_modified  # gone or too old: send a new one instead
        return True

    # -- groups ---------------------------------------------------------------------------------

    def tell_group(self, game_id: GameId) -> None:
        """Tell the game's group (if it has one) the public events it has not heard yet, paced
        under Telegram's per-group limit (``group_news.py``)."""
        self.groups.tell(game_id)


class ChatPart:
    """A part of the bot that answers one kind of command (links, the lobby, moves, …): the
    channel it answers through and the screens it lays its answers out on."""

    def __init__(self, channel: Channel, screens: Screens) -> None:
        self.channel = channel
        self.screens = screens

    def not_here(self, said: Said, name: str, wired: bool, where: str) -> bool:
        """Whether ``/name`` was answered already: typed in a group (``where`` says where it
        is done), or to a bot wired without the part (tests of other parts)."""
        tr = said.tr
        if not said.private:
            self.channel.record(said.key, Told(tr.gettext(where), refused=True))
            self.screens.say(said.chat_id, tr.gettext(where))
            return True
        if not wired:
            text = tr.gettext("I don't know /{name}. /help lists the commands.", name=name)
            self.channel.record(said.key, Told(text))
            self.screens.say(said.chat_id, text)
            return True
        return False
