"""``/log``: a game step by step inside the chat, one message edited by ⏮ ◀ ▶ ⏭ buttons.

A finished game is shown with both hands at every step.  A running game is shown to one of its
players only as they saw it: at each step their own ``PlayerView`` (their hand then, the tables,
the center card) — never the opponent's hand or the stock.  Each step is one public event of the
log (deal commitments and other bookkeeping are skipped); the game is folded from the log up to
that event on every press, so nothing about the replay is kept between presses.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.api import Refused
from adapters.telegram.callbacks import Press
from adapters.telegram.incoming import Pressed, Said
from adapters.telegram.render import clip, short, worth_telling
from adapters.telegram.screens import ChatPart
from service.app.replies import Shown, Told
from service.game.errors import NotAPlayer
from service.game.events import GameId, PlayerId
from service.game.state import Game, apply, opened
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.language.notation import card_names
from service.language.translation import ENGLISH, Translator
from service.rules.cards import CardSet
from service.rules.errors import IllegalAction
from service.rules.view import view_for
from service.words import refusals
from service.words.cast import named
from service.words.narration import table_text
from service.words.news import news
from service.words.position import position
from service.words.refusals import refusal_text


class Replay(ChatPart):
    def start(self, said: Said, game_id: GameId | None) -> None:
        """``/log [#game]``: the first step of the game (by default the latest one)."""
        channel = self.channel
        if game_id is None:
            lines = channel.service.games_of(said.player)
            game_id = lines[0].game_id if lines else None
        channel.record(said.key, Shown("log"))
        if game_id is None:
            self.screens.say(said.chat_id, said.tr.gettext("You have no games to replay yet."))
            return
        try:
            text, markup = self._step(said.player, game_id, 0, said.tr)
        except IllegalAction as error:
            self.screens.say(said.chat_id, f"⚠ {refusal_text(error, tr=said.tr)}")
            return
        self.screens.say(said.chat_id, text, markup)

    def pressed(self, pressed: Pressed, press: Press) -> None:
        channel = self.channel
        try:
            text, markup = self._step(pressed.player, press.game_id, press.number, pressed.tr)
        except IllegalAction as error:
            channel.record(pressed.key, refusals.Refused.of(error, press.game_id))
            channel.api.answer(pressed.callback_id, refusal_text(error, tr=pressed.tr), alert=True)
            return
        channel.record(pressed.key, Told("log"))
        channel.api.answer(pressed.callback_id)
        try:
            channel.api.edit_message(pressed.chat_id, pressed.message_id, text, markup)
        except Refused as error:
            if not error.not_modified:  # the message is gone: the step comes as a new one
                self.screens.say(pressed.chat_id, text, markup)

    def _step(
        self, player: PlayerId, game_id: GameId, number: int, tr: Translator
    ) -> tuple[str, InlineKeyboardMarkup]:
        channel = self.channel
        stored = channel.service.events(game_id)
        if not stored:
            raise IllegalAction()
        final = channel.service.game(game_id)
        if final.seat_of(player) is None:
            raise NotAPlayer()
        cast = channel.cast(final, tr, player)
        names = cast.names
        deaf = channel.service.deaf(final, player)
        said = news([one.event for one in stored], final.variant, cast, tr, muted=deaf)
        steps = [i for i, one in enumerate(stored) if worth_telling(one.event) and said[i]]
        number = max(0, min(number, len(steps) - 1))
        game = _fold_to(stored, stored[steps[number]].seq) if steps else final
        what = said[steps[number]] if steps else ""
        header = tr.gettext(
            "Game {game} · step {number} of {count}",
            game=short(game_id),
            number=number + 1,
            count=len(steps),
        )
        body = (
            _omniscient(game, names, tr)
            if final.status == GameStatus.OVER
            else _seen(game, player, names, tr)
        )
        return clip(f"{header}\n{what}\n\n{body}"), _buttons(game_id, number, len(steps))


def _fold_to(stored: list[StoredEvent], seq: int) -> Game:
    game = opened(stored[0])
    for one in stored[1:]:
        if one.seq > seq:
            break
        game = apply(game, one)
    return game


def _omniscient(game: Game, names: tuple[str, str], tr: Translator = ENGLISH) -> str:
    """Both hands and both tables: only for a game that is over."""
    rules = game.rules
    faces = game.variant.deck_faces
    empty = tr.gettext("(empty)")
    lines = []
    for seat in (0, 1):
        table = table_text(rules.tables[seat], faces, tr)
        lines.append(f"{names[seat]}: {table}")
        hand = card_names(CardSet(rules.hands[seat]), faces) or empty
        lines.append("  " + tr.gettext("hand: {cards}", cards=hand))
    if rules.center is not None:
        lines.append(tr.gettext("Center card: {card}", card=card_names([rules.center], faces)))
    return "\n".join(lines)


def _seen(game: Game, player: PlayerId, names: tuple[str, str], tr: Translator = ENGLISH) -> str:
    """What ``player`` saw at this point of a running game: their own view."""
    seat = game.seat_of(player)
    if seat is None or game.status == GameStatus.OPEN:
        return tr.gettext("(the game had not begun)")
    view = view_for(game.rules, seat)
    return "\n".join(position(view, named(names, tr, seat), tr).lines)


def _buttons(game_id: GameId, number: int, count: int) -> InlineKeyboardMarkup:
    last = max(count - 1, 0)
    targets = [("⏮", 0), ("◀", max(number - 1, 0)), ("▶", min(number + 1, last)), ("⏭", last)]
    return InlineKeyboardMarkup(
        [
            [
                InlineKeyboardButton(label, callback_data=Press("log", game_id, to).encode())
                for label, to in targets
            ]
        ]
    )
