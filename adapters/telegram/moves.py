"""Moves: typed commands in the shared grammar and presses of the turn message's buttons.

Both go through ``GameService.handle`` with the update's inbox key, so an update delivered twice
(or processed again after a crash) moves the game once and gets the first answer again.  A button
press carries the version it was drawn for, and a typed command the version of the chat's turn
message, so either on a position that has moved on is refused by the service as stale; presses
by someone who is not that seat's player, on a game they do not play, or with data we never
wrote are answered before the service is asked.
Selecting cards for a take changes nothing but the buttons.
"""

from __future__ import annotations

from adapters.telegram.api import Refused
from adapters.telegram.callbacks import Press, action_of, selection
from adapters.telegram.channel import SOURCE
from adapters.telegram.incoming import Pressed, Said
from adapters.telegram.keyboards import chooser_keyboard, melds_with
from adapters.telegram.render import short
from adapters.telegram.screens import ChatPart
from adapters.telegram.talk import acknowledge, words_only
from service.app.replies import (
    Answered,
    HintShown,
    MoveApplied,
    Reply,
    Request,
    SettingChanged,
    Told,
)
from service.game.errors import NotAPlayer, StaleVersion
from service.game.events import GameId, PlayerId
from service.game.hint_rules import may_hint
from service.game.state import Game
from service.game.status import GameStatus
from service.language.translation import Translator
from service.language.vocabulary import word
from service.players.profiles import settings_text
from service.rules.errors import IllegalAction
from service.words import refusals
from service.words.hints import hint_text
from service.words.prompts import action_text, help_text, options_text
from service.words.readings import Reading, reading
from service.words.refusals import refusal_text


class Moves(ChatPart):
    # -- typed ------------------------------------------------------------------------------------

    def typed(self, said: Said, command: str, game_id: GameId | None = None) -> None:
        """A command in the shared grammar for ``game_id`` or the game it must mean.

        It is played on the position the chat's turn message shows, as a press of its buttons
        would be: if the game has moved on since (a move on the web page, a timeout whose news is
        still on its way), the command is refused as stale and the position shown as it is now,
        rather than applied to a position the player has not seen here.
        """
        channel = self.channel
        if game_id is None:
            game_id, command = self._game_for(said, command)
        if game_id is None:
            return
        if said.reply_to is not None and reading(command) is Reading.WORDS:
            request = Request(said.player, game_id, f"say {command}")  # talk is never stale
        else:
            shown = channel.records.turn_message(said.chat_id, game_id)
            version = None if shown is None else shown.version
            request = Request(said.player, game_id, command, version)
        reply = channel.service.handle(SOURCE, said.key, said.payload, request)
        match reply:
            case refusals.Refused(
                code=StaleVersion.code
            ):  # the game moved on from what this chat showed
                self.screens.turn(said.player, game_id, [f"⚠ {refusal_text(reply, said.tr)}"])
            case MoveApplied():
                with self.screens.remembering():
                    self._typed_shown(reply, said)
                self.screens.tell_group(game_id)
            case Answered(query="hand"):
                self.screens.turn(said.player, game_id)
            case Answered(query="help"):
                game, view = channel.service.view(game_id, said.player)
                text = help_text(view, said.tr, may_hint(game, view.seat))
                self.screens.say(said.chat_id, text)
            case Answered(query="settings") | SettingChanged():
                tr = channel.tr(said.player)  # after ``lang …``, the new language
                profile = channel.directory.profile(said.player)
                self.screens.say(said.chat_id, settings_text(profile, tr, channel.directory))
            case HintShown():
                _, view = channel.service.view(game_id, said.player)
                self.screens.say(said.chat_id, hint_text(reply, view.variant.deck_faces, said.tr))
            case _:
                self.screens.say(said.chat_id, self._refusal(reply, game_id, said))

    def _game_for(self, said: Said, command: str) -> tuple[GameId | None, str]:
        """The game a typed command is for: the turn message it replies to, a ``#id`` first
        word, or the player's only running game (or only game waiting for them)."""
        channel = self.channel
        if said.reply_to is not None:
            found = channel.records.game_of_message(said.chat_id, said.reply_to)
            if found is not None:
                return found, command
        first, _, rest = command.partition(" ")
        if first.startswith("#"):
            found = channel.find_game(said.player, first)
            if found is None:
                self._done(
                    said,
                    said.tr.gettext("You have no game {game}. /games lists yours.", game=first),
                )
            return found, rest
        playing = [
            s for s in channel.service.games_of(said.player) if s.status == GameStatus.PLAYING
        ]
        mine = [s for s in playing if s.to_act == said.player]
        for candidates in (playing, mine):
            if len(candidates) == 1:
                return candidates[0].game_id, command
        tr = said.tr
        if not playing:
            self._done(
                said,
                tr.gettext("You have no game running. /new starts one; /new bot plays the bot."),
            )
        else:
            self._done(
                said,
                tr.gettext(
                    "You play several games: start with the game, e.g. {example}, or reply to "
                    "its message. /games lists them.",
                    example=f"{short(playing[0].game_id)} {word(tr, 'pass')}",
                ),
            )
        return None, command

    def _done(self, said: Said, text: str) -> None:
        """Answer a message that concerns no game (and record that it was answered)."""
        self.channel.record(said.key, Told(text, refused=True))
        self.screens.say(said.chat_id, text)

    def _refusal(self, reply: Reply, game_id: GameId, said: Said) -> str:
        message = refusal_text(reply, said.tr) if isinstance(reply, refusals.Refused) else None
        try:
            game, view = self.channel.service.view(game_id, said.player)
        except IllegalAction:
            return f"⚠ {message}"
        names = self.channel.cast(game, said.tr).names
        return f"⚠ {message}\n{options_text(view, said.tr, names)}"

    def _show(
        self,
        reply: MoveApplied,
        player: PlayerId,
        chat: int,
        tr: Translator,
        edit: int | None = None,
    ) -> None:
        """What the events of a move's reply say, told to the player who made it, over their
        table: the game read once, from the move (or the board it replaces) on."""
        seen = self.screens.seen(player, reply.game_id, reply.first, chat)
        told = self.screens.told(seen.notice, reply.first, reply.last)
        self.screens.turn(player, reply.game_id, told, edit=edit, seen=seen)

    def _typed_shown(self, reply: MoveApplied, said: Said) -> None:
        """What a typed move or words did, shown to the one who typed them: words alone with
        a reaction on their message (``talk.py``); anything else on the chat's live board,
        edited in place as a press edits it, and on a new board only when there is none to
        edit (issue 34: typing costs no more messages than pressing)."""
        seen = self.screens.seen(said.player, reply.game_id, reply.first, said.chat_id)
        if words_only(seen.notice, reply.first, reply.last):
            acknowledge(self.channel, said.chat_id, said.message_id)
            return
        told = self.screens.told(seen.notice, reply.first, reply.last)
        edit = None if seen.board is None else seen.board.message_id
        self.screens.turn(said.player, reply.game_id, told, edit=edit, seen=seen)

    # -- pressed ----------------------------------------------------------------------------------

    def pressed(self, pressed: Pressed, press: Press) -> None:
        """A button of a turn message (always answered, or Telegram shows a spinner)."""
        refusal = self._refuse_press(pressed, press)
        if refusal is not None:
            self._answer(pressed, refusal, record=True, alert=True)
        elif press.kind == "move":
            self._move(pressed, press)
        elif press.kind == "answer":
            self._answered(pressed, press)
        elif press.kind == "hint":
            self._hint(pressed, press)
        elif press.kind == "hand":
            self._answer(pressed, "", record=True)
            shown = self.channel.records.turn_message(pressed.chat_id, press.game_id)
            on_turn = shown is not None and shown.message_id == pressed.message_id
            edit = pressed.message_id if on_turn else None  # else a list: keep it, send a table
            self.screens.turn(pressed.player, press.game_id, edit=edit)
        else:
            game = self.channel.service.game(press.game_id)
            if press.number != game.version:
                stale = StaleVersion(seen=press.number, current=game.version)
                self._answer(pressed, refusal_text(stale, tr=pressed.tr), record=True, alert=True)
            elif press.kind == "select":
                self._choose(pressed, press, game)
            else:
                self._explain(pressed, press, game)

    def _refuse_press(self, pressed: Pressed, press: Press) -> str | None:
        """Why this press is refused before the service is asked, or None: a game that does not
        exist, someone else's game, or another seat's buttons."""
        try:
            game = self.channel.service.game(press.game_id)
        except IllegalAction as error:
            return refusal_text(error, tr=pressed.tr)
        seat = game.seat_of(pressed.player)
        if seat is None:
            return refusal_text(NotAPlayer(), tr=pressed.tr)
        if press.seat is not None and press.seat != seat:
            owner = self.channel.name(game.players[press.seat], pressed.tr)
            return pressed.tr.gettext(
                "These buttons are {name}'s: yours are in your own chat with me.", name=owner
            )
        return None

    def _move(self, pressed: Pressed, press: Press) -> None:
        channel = self.channel
        action = action_of(press)
        _, view = channel.service.view(press.game_id, pressed.player)
        faces = view.variant.deck_faces  # the faces the player's commands are read in
        tr = pressed.tr
        if action is None:
            text = tr.gettext("This button is not one of mine.")
            self._answer(pressed, text, record=True, alert=True)
            return
        command = action_text(action, faces)
        request = Request(pressed.player, press.game_id, command, expected_version=press.number)
        reply = channel.service.handle(SOURCE, pressed.key, pressed.payload, request)
        if not isinstance(reply, MoveApplied):
            message = refusal_text(reply, tr) if isinstance(reply, refusals.Refused) else ""
            self._answer(pressed, message, alert=True)
            return
        self._answer(pressed, f"✓ {action_text(action, faces, tr)}")
        self._show(reply, pressed.player, pressed.chat_id, tr, edit=pressed.message_id)
        self.screens.tell_group(press.game_id)

    def _hint(self, pressed: Pressed, press: Press) -> None:
        """Hint under a board: the shared word ``hint`` on the position the board showed."""
        reply = self._asked(pressed, press, "hint", press.number)
        if isinstance(reply, HintShown):
            self._answer(pressed, "")
            _, view = self.channel.service.view(press.game_id, pressed.player)
            self.screens.say(pressed.chat_id, hint_text(reply, view.variant.deck_faces, pressed.tr))

    def _answered(self, pressed: Pressed, press: Press) -> None:
        """Accept or Decline under an offer: the shared words ``accept`` / ``decline``, never
        stale (an offer lapses by itself when the position changes)."""
        reply = self._asked(pressed, press, "accept" if press.arg == "A" else "decline")
        if isinstance(reply, MoveApplied):
            self._answer(pressed, "✓")
            self._show(reply, pressed.player, pressed.chat_id, pressed.tr, edit=pressed.message_id)
            self.screens.tell_group(press.game_id)

    def _asked(
        self, pressed: Pressed, press: Press, command: str, version: int | None = None
    ) -> Reply:
        """A press's command through the intake; a refusal is answered here, in a pop-up."""
        request = Request(pressed.player, press.game_id, command, expected_version=version)
        reply = self.channel.service.handle(SOURCE, pressed.key, pressed.payload, request)
        if not isinstance(reply, MoveApplied | HintShown):
            message = refusal_text(reply, pressed.tr) if isinstance(reply, refusals.Refused) else ""
            self._answer(pressed, message, alert=True)
        return reply

    def _choose(self, pressed: Pressed, press: Press, game: Game) -> None:
        chosen = selection(press)
        _, view = self.channel.service.view(game.id, pressed.player)
        if chosen is None or not view.is_my_decision:
            text = pressed.tr.gettext("There is nothing to choose now.")
            self._answer(pressed, text, record=True, alert=True)
            return
        markup = chooser_keyboard(game.id, game.version, view, chosen, pressed.tr)
        self._answer(pressed, "", record=True)
        try:
            self.channel.api.edit_buttons(pressed.chat_id, pressed.message_id, markup)
        except Refused as error:  # not modified: pressed twice, the buttons already show this
            if not error.not_modified:  # the board is gone (or too old): a new one to choose on
                self.screens.turn(pressed.player, game.id)

    def _explain(self, pressed: Pressed, press: Press, game: Game) -> None:
        chosen = selection(press)
        _, view = self.channel.service.view(game.id, pressed.player)
        tr = pressed.tr
        center = tr.gettext("the center card") if view.center is None else str(view.center)
        if chosen is not None and melds_with(view, chosen):
            text = tr.gettext("These cards meld: now pick your discard.")
        elif not chosen:
            text = tr.gettext("Choose the cards from your hand that meld with {card}.", card=center)
        else:
            text = tr.gettext(
                "{cards} and {card} do not make a meld on your table: change the cards.",
                cards=" ".join(map(str, chosen)),
                card=center,
            )
        self._answer(pressed, text, record=True, alert=True)

    def _answer(
        self, pressed: Pressed, text: str, record: bool = False, alert: bool = False
    ) -> None:
        """Answer the press; with ``record``, store that answer as the update's outcome.  An
        alert (a pop-up the player must dismiss) is how refusals and explanations are shown."""
        if record:
            self.channel.record(pressed.key, Told(text, refused=alert))
        self.channel.api.answer(pressed.callback_id, text, alert)
