"""``conquian play``: a match in the terminal, against a bot or two people at one keyboard.

Commands are read one line at a time, so a whole game can be scripted through standard input;
with ``--json`` every response is one JSON object per line: first the opening position, then one
object per command line (the state as the commanding player sees it after every automatic and bot
move that follows, or the error and what is possible instead).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from service.bots import Policy
from service.commands import ShowHand, ShowHelp, parse_command
from service.narration import narrate
from service.prompts import error_text, help_text, options_text
from service.rules.actions import Action, StartDeal, StartMatch
from service.rules.cards import DECK, Card
from service.rules.decide import cuts_from, decide
from service.rules.errors import IllegalAction
from service.rules.events import Event
from service.rules.evolve import evolve
from service.rules.seats import Phase, Seat
from service.rules.state import initial_state
from service.rules.variants import FirstDealer, MatchTerms, Variant
from service.rules.view import view_for

from .render import view_json, view_text


@dataclass(frozen=True)
class Setup:
    """Everything ``conquian play`` was told on its command line."""

    variant: Variant
    terms: MatchTerms
    deck: tuple[Card, ...] | None
    dealer: Seat | None
    bots: dict[Seat, Policy]
    json: bool


class TerminalGame:
    """One match driven by lines of input; prints to ``write``."""

    def __init__(self, setup: Setup, rng: random.Random, write: Callable[[str], None]) -> None:
        self.setup = setup
        self.rng = rng
        self.write = write
        self.state = initial_state()
        self.told: list[Event] = []

    def run(self, lines: Iterator[str]) -> int:
        """Play until the match ends (exit code 0) or the input does (exit code 1)."""
        self._apply(self._start_match())
        self._advance()
        opening = self.state.to_act
        self._respond_with_view(Seat.FIRST if opening is None else opening)
        for line in lines:
            self._handle(line.strip())
            if self.state.phase is Phase.OVER:
                return 0
        if self.state.phase is Phase.OVER:
            return 0
        self._say_text("Input ended before the match was over.")
        return 1

    def _start_match(self) -> StartMatch:
        setup = self.setup
        if setup.variant.first_dealer is FirstDealer.CUT_LOW_DEALS:
            return StartMatch(setup.variant, setup.terms, cuts=cuts_from(self._shuffled()))
        dealer = setup.dealer if setup.dealer is not None else self.rng.choice(list(Seat))
        return StartMatch(setup.variant, setup.terms, dealer)

    def _shuffled(self) -> tuple[Card, ...]:
        deck = list(DECK)
        self.rng.shuffle(deck)
        return tuple(deck)

    def _apply(self, action: Action) -> None:
        for event in decide(self.state, action):
            self.state = evolve(self.state, event)
            self.told.append(event)

    def _advance(self) -> None:
        """Deal when a deal is due and let bots move, until a person must act or the match ends."""
        while True:
            state = self.state
            if state.phase is Phase.DEALING:
                given = self.setup.deck if state.deal_number == 0 else None
                self._apply(StartDeal(given or self._shuffled()))
            elif state.to_act is not None and state.to_act in self.setup.bots:
                seat = state.to_act
                self._apply(self.setup.bots[seat](view_for(state, seat), self.rng))
            else:
                return

    def _handle(self, line: str) -> None:
        seat = self.state.to_act
        if seat is None:
            return
        view = view_for(self.state, seat)
        try:
            command = parse_command(line, view)
            if isinstance(command, ShowHelp):
                self._respond(
                    {"ok": True, "seat": seat.number, "help": help_text(view)}, help_text(view)
                )
                return
            if not isinstance(command, ShowHand):
                self._apply(command)
                self._advance()
        except IllegalAction as error:
            message = error_text(error, view.variant.deck_faces)
            self._respond(
                {
                    "ok": False,
                    "seat": seat.number,
                    "command": line,
                    "error": {"code": error.code, "message": message},
                    "options": options_text(view),
                },
                f"{message}\n{options_text(view)}",
            )
            return
        after = self.state.to_act  # a Seat is an IntEnum: player 1 is 0, so never `or` it
        self._respond_with_view(seat if after is None else after, line)

    def _respond_with_view(self, seat: Seat, command: str | None = None) -> None:
        view = view_for(self.state, seat)
        faces = view.variant.deck_faces
        told = [narrate(event, faces) for event in self.told]
        self.told.clear()
        payload: dict[str, object] = {"ok": True, "seat": seat.number}
        if command is not None:
            payload["command"] = command
        payload |= {"events": told, "view": view_json(view)}
        self._respond(payload, "\n".join([*told, "", view_text(view)]))

    def _respond(self, payload: dict[str, object], text: str) -> None:
        self.write(json.dumps(payload, ensure_ascii=False) if self.setup.json else text)

    def _say_text(self, text: str) -> None:
        self._respond({"ok": False, "error": {"code": "input_ended", "message": text}}, text)
