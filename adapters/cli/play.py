"""``conquian play``: a match in the terminal, against a bot or two people at one keyboard.

The match is a game of the service like any other: opened with ``GameService.open_game`` (in
hot-seat mode the second local player joins by the invitation), every line goes through
the one intake (``GameService.handle``, under the line's number: a key per line) with the
version the player was shown, and the log goes to the configured
database, so a finished terminal game can be exported, verified and replayed by its id.

Commands are read one line at a time, so a whole game can be scripted through standard input;
with ``--json`` every response is one JSON object per line: first the opening position, then one
object per command line (the state as the commanding player sees it after every automatic and bot
move that follows, or the error and what is possible instead).  Each carries the ``game_id``.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from adapters.cli.render import view_json, view_text
from adapters.system import SystemChance
from service.app.games import GameService
from service.app.replies import (
    Answered,
    HintShown,
    MoveApplied,
    OnVacation,
    Reply,
    Request,
    SettingChanged,
)
from service.game.codec import is_rules_event
from service.game.events import GameId, PlayerId
from service.game.hint_rules import may_hint
from service.game.state import Game
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.game.talk_events import OWN_TALK_EVENTS, TALK_EVENTS
from service.language.translation import translator
from service.players.profiles import settings_text
from service.ports.chances import FirstDealerChance
from service.ports.memory_directory import SeededChance
from service.ports.protocols import Chance
from service.rules.cards import Card
from service.rules.seats import Seat
from service.rules.variants import FirstDealer, MatchTerms, Variant
from service.rules.view import PlayerView, view_for
from service.words.cast import Cast, anonymous
from service.words.hints import hint_text
from service.words.news import forced_card, news
from service.words.prompts import help_text, instructions_text, options_text
from service.words.refusals import Refused, refusal_text
from service.words.talk_news import heard, talk_sentence

TALK = tuple(kind for kind in TALK_EVENTS if kind not in OWN_TALK_EVENTS)
"""The talk a terminal response tells (a mute or report is answered by its own line)."""
SOURCE = "terminal"
PLAYERS = (PlayerId("terminal:1"), PlayerId("terminal:2"))
"""The people at the keyboard: player 1 hosts; player 2 joins in hot-seat mode."""


@dataclass(frozen=True)
class Setup:
    """Everything ``conquian play`` was told on its command line."""

    variant: Variant
    terms: MatchTerms
    deck: tuple[Card, ...] | None
    dealer: Seat | None
    seed: int | None
    opponent: PlayerId | None
    """A bot (``bot:search``, ``bot:greedy``, ``bot:random``), or None for a second person at the keyboard."""
    json: bool
    language: str = "en"
    """The language the terminal game is written in (``--lang``)."""


class RepeatableChance(SeededChance):
    """``SeededChance`` for decks, salts and draws, with fresh ids: playing the same seed twice
    stores two games (a seeded id would be taken by the first)."""

    def token(self) -> str:
        return secrets.token_hex(8)


def chance_for(setup: Setup) -> Chance | None:
    """The chance a terminal game needs; None means the system's (a real, unpredictable game).

    ``--seed`` and ``--deck`` make a repeatable game (``RepeatableChance``); ``--dealer`` fixes
    only the first dealer (``FirstDealerChance``).  Under ``first_dealer=cut_low_deals`` the cut
    is drawn before the first deal, so a given deck is dealt after a seeded cut, and ``--dealer``
    does not apply.
    """
    cuts = setup.variant.first_dealer is FirstDealer.CUT_LOW_DEALS
    chance: Chance | None = None
    if setup.seed is not None or setup.deck is not None:
        decks = [] if setup.deck is None else [setup.deck]
        if cuts and decks:
            decks.insert(0, SeededChance(setup.seed).deck())  # the cards cut for the dealer
        chance = RepeatableChance(setup.seed, decks)
    if setup.dealer is not None and not cuts:
        return FirstDealerChance(chance or SystemChance(), setup.dealer)
    return chance


class TerminalGame:
    """One match driven by lines of input; prints to ``write``."""

    def __init__(self, setup: Setup, service: GameService, write: Callable[[str], None]) -> None:
        self.setup = setup
        self.service = service
        self.write = write
        self.game_id = GameId("")
        self.tr = translator(setup.language)
        self.lines = 0

    def run(self, lines: Iterator[str]) -> int:
        """Play until the match ends (exit code 0) or the input does (exit code 1)."""
        self.game_id = self._open()
        game = self.service.game(self.game_id)
        if not self.setup.json:
            self.write(
                self.tr.gettext(
                    "Game {game}: `conquian export {game}` once it is over.", game=self.game_id
                )
            )
        self._bot_answers([])
        game = self.service.game(self.game_id)
        opening = game.to_act if game.to_act is not None else PLAYERS[0]
        self._respond_with_view(opening, self.service.events(self.game_id))
        for line in lines:
            self._handle(line.strip())
            if self._is_over():
                break
        if not self._is_over():
            self._say_text(self.tr.gettext("Input ended before the match was over."))
            return 1
        if not self.setup.json:
            self.write(
                self.tr.gettext("Game {game} is stored: conquian export {game}", game=self.game_id)
            )
        return 0

    def _open(self) -> GameId:
        setup, host = self.setup, PLAYERS[0]
        if setup.opponent is not None:
            return self.service.open_game(host, setup.variant, setup.terms, None, setup.opponent)
        game_id = self.service.open_game(host, setup.variant, setup.terms)
        self.service.join(self.service.game(game_id).invitation, PLAYERS[1])
        return game_id

    def _is_over(self) -> bool:
        return self.service.game(self.game_id).status is GameStatus.OVER

    def _handle(self, line: str) -> None:
        game = self.service.game(self.game_id)
        player = self._speaker(game, line)
        if player is None:
            return
        seat = game.seat_of(player)
        assert seat is not None
        view = view_for(game.rules, seat)
        self.lines += 1  # every line is a request of its own: the key is its number
        asked = Request(player, self.game_id, line, game.version)
        key = f"{self.game_id}:{self.lines}"
        reply = self.service.handle(SOURCE, key, line, asked, new=True)
        match reply:
            case Refused():
                self._reject(view, line, reply)
            case Answered(query="help"):
                text = help_text(view, self.tr, may_hint(game, seat))
                self._respond({"ok": True, "seat": seat.number, "help": text}, text)
            case Answered(query="settings") | SettingChanged():
                directory = self.service.directory
                assert directory is not None  # a profile was read or changed: there is one
                text = settings_text(directory.profile(player), self.tr, directory)
                self._respond({"ok": True, "seat": seat.number, "settings": text}, text)
            case HintShown():
                text = hint_text(reply, view.variant.deck_faces, self.tr)
                self._respond({"ok": True, "seat": seat.number, "hint": text}, text)
            case Answered(query="instructions"):
                standing = self.service.game(self.game_id).clocks.instructions[seat]
                text = instructions_text(standing, view.variant.deck_faces, self.tr)
                payload = {"ok": True, "seat": seat.number, "instructions": list(standing)}
                self._respond(payload, text)
            case _:
                appended = self._bot_answers(self._appended(reply))
                after = self.service.game(self.game_id).to_act
                self._respond_with_view(player if after is None else after, appended, line)

    def _appended(self, reply: Reply) -> list[StoredEvent]:
        """The events a command appended (none for a look)."""
        match reply:
            case MoveApplied(first=first, last=last) | OnVacation(moved=(first, last)):
                return [
                    one for one in self.service.events(self.game_id, first - 1) if one.seq <= last
                ]
        return []

    def _bot_answers(self, appended: Sequence[StoredEvent]) -> list[StoredEvent]:
        """``appended`` and the hard bot's answer to it: a server's worker makes that search
        (``GameService.play_bot``); the terminal, where the player waits anyway, is its own."""
        game = self.service.game(self.game_id)
        played = self.service.play_bot(self.game_id, game.version)
        return [*appended, *(played.appended if played is not None else ())]

    def _reject(self, view: PlayerView, line: str, error: Refused) -> None:
        message = refusal_text(error, self.tr, view.variant.deck_faces)
        options = options_text(view, self.tr)
        payload = {
            "ok": False,
            "seat": view.seat.number,
            "command": line,
            "error": {"code": error.code, "message": message},
            "options": options,
        }
        self._respond(payload, f"{message}\n{options}")

    def _respond_with_view(
        self, player: PlayerId, events: Sequence[StoredEvent], command: str | None = None
    ) -> None:
        game, view = self.service.view(self.game_id, player)
        told = self._told(game, view, events)
        payload: dict[str, object] = {"ok": True, "seat": view.seat.number}
        if command is not None:
            payload["command"] = command
        payload |= {"events": told, "view": view_json(view, self.tr)}
        self._respond(payload, "\n".join([*told, "", view_text(view, self.tr)]))

    def _told(self, game: Game, view: PlayerView, events: Sequence[StoredEvent]) -> list[str]:
        """The moves as the cast reads them, and the talk at the table (``say`` …) told to the
        player the response is for, in the order they happened."""
        shown = [s.event for s in events if is_rules_event(s.event) or isinstance(s.event, TALK)]
        moves = [event for event in shown if is_rules_event(event)]
        said = iter(news(moves, view.variant, self._cast(), self.tr, forced_card(game.rules)))
        reader = anonymous(self.tr, view.seat)
        player = game.players[view.seat]
        muted = player is not None and self.service.deaf(game, player)
        lines = [
            talk_sentence(event, self.tr, reader, muted) if isinstance(event, TALK) else next(said)
            for event in shown
        ]
        return heard(lines)

    def _speaker(self, game: Game, line: str) -> PlayerId | None:
        """Who speaks ``line``: the player to act, except that at one keyboard (a hot seat) an
        answer to an offer is the answer of the player the offer waits for."""
        offer = game.talk.offer
        if self.setup.opponent is not None or offer is None:
            return game.to_act
        words = line.lower().split()
        if words[:1] in (["accept"], ["decline"]):
            return game.players[offer.seat.other]
        return game.to_act

    def _cast(self) -> Cast:
        """Who the moves are told to: the person playing a bot, or both people sharing the
        keyboard (a hot seat), who read the moves as onlookers do."""
        reader = None if self.setup.opponent is None else Seat.FIRST
        return anonymous(self.tr, reader)

    def _respond(self, payload: dict[str, object], text: str) -> None:
        payload = {"game_id": self.game_id, **payload}
        self.write(json.dumps(payload, ensure_ascii=False) if self.setup.json else text)

    def _say_text(self, text: str) -> None:
        self._respond({"ok": False, "error": {"code": "input_ended", "message": text}}, text)
