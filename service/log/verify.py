"""Verification of a game log: every event re-derived by the same rules code as live play.

The log is walked from the start.  Each move of the rules is turned back into the action that
must have caused it (``moves.action_for``), ``decide`` is run on the state so far, and the log's
next events must be exactly what it returns, automatic steps included.  The game's own events
are checked on the way (``game_checks``): the opening, the seats, and each deal's commitment
(fixed before the deal, matching its deck, its salt revealed once the deal is over).  The answer is the first event that
does not hold up, and why.  Pure.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.clock.timeouts import logged_timeouts
from service.game.checks import Bad, check_deal_commitment, check_game_event
from service.game.codec import TERMS, LogEvent, encode, is_rules_event, name_of
from service.game.events import GameOpened, PlayerJoined, TurnTimedOut
from service.game.state import Game, apply, opened
from service.game.stored import StoredEvent
from service.game.talk_checks import accepted_draw, check_talk, is_accepted_draw
from service.game.talk_events import TALK_EVENTS
from service.log.causes import action_for, without_second
from service.log.clock_checks import check_clock, check_time
from service.log.file import Header, LogFile
from service.rules.actions import Action
from service.rules.decide import decide
from service.rules.errors import IllegalAction
from service.rules.events import DealStarted, MatchStarted
from service.rules.seats import Phase


@dataclass(frozen=True, slots=True)
class Verdict:
    """``seq`` is None for a valid log; otherwise the first bad event's number and the reason."""

    seq: int | None = None
    reason: str = ""
    game: Game | None = None
    """The game the log holds, when it is valid."""

    @property
    def ok(self) -> bool:
        return self.seq is None


def verify(log: LogFile) -> Verdict:
    """Check the whole log; the verdict names the first bad event, or carries the game if valid."""
    try:
        return Verdict(game=_walk(log.header, log.events))
    except Bad as bad:
        return Verdict(bad.seq, bad.reason)


def describe(event: LogEvent) -> str:
    """An event as the log writes it: ``CardDiscarded {"seat": 1, "card": "4H"}``."""
    fields = ", ".join(f'"{k}": {_json(v)}' for k, v in encode(event).items())
    return f"{name_of(event)} {{{fields}}}"


def _json(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_json(one) for one in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f'"{k}": {_json(v)}' for k, v in value.items()) + "}"
    return "null" if value is None else str(value)


def _walk(header: Header, stored: Sequence[StoredEvent]) -> Game:
    _check_numbering(stored)
    if not stored:
        raise Bad(1, "the log has no events: a game's log starts with GameOpened")
    game = _opening(header, stored[0])
    index = 1
    while index < len(stored):
        one = stored[index]
        if game.cancelled:
            raise Bad(one.seq, "nothing follows GameCancelled: the game was called off")
        check_time(game, one)
        if is_rules_event(one.event):
            count = _check_move(game, stored, index)
        else:
            check_game_event(game, one)
            check_clock(game, one)
            count = 1
            if isinstance(one.event, TurnTimedOut):
                count = _check_timeout(game, stored, index)
            elif isinstance(one.event, TALK_EVENTS):
                check_talk(game, one, one.event)
                if is_accepted_draw(game, one):
                    count = accepted_draw(game, list(stored[index : index + 2]))
        for step in stored[index : index + count]:
            if step is not one:
                check_time(game, step)
            game = apply(game, step)
        index += count
    _check_end(header, game, stored)
    return game


def _check_numbering(stored: Sequence[StoredEvent]) -> None:
    for expected, one in enumerate(stored, start=1):
        if one.seq > expected:
            before = f"event {expected - 1} is followed by" if expected > 1 else "the log starts at"
            raise Bad(expected, f"event {expected} is missing: {before} {one.seq}")
        if one.seq < expected:
            raise Bad(expected, f"event {expected} is numbered {one.seq}: numbers run 1, 2, 3 …")


def _opening(header: Header, first: StoredEvent) -> Game:
    event = first.event
    if not isinstance(event, GameOpened):
        raise Bad(1, f"a game's log starts with GameOpened, not {name_of(event)}")
    claimed_flags, logged_flags = header.variant.flags(), event.variant.flags()
    for field, claimed, logged in (
        ("game_id", header.game_id, event.game_id),
        ("host (first player)", header.players[0], event.host),
        ("terms", TERMS[0](header.terms), TERMS[0](event.terms)),
        *(
            (f"variant flag {flag}", claimed_flags[flag], logged_flags[flag])
            for flag in claimed_flags
        ),
    ):
        if claimed != logged:
            raise Bad(1, f"the header's {field} is {claimed!r} but GameOpened says {logged!r}")
    return opened(first)


def _check_move(game: Game, stored: Sequence[StoredEvent], index: int) -> int:
    """Re-derive the move that starts at ``index``; returns how many events it accounts for."""
    first = stored[index]
    action = action_for([one.event for one in stored[index : index + 2]])
    if action is None:
        raise Bad(first.seq, f"{name_of(first.event)} cannot begin a move: it only follows one")
    if isinstance(first.event, MatchStarted):
        _check_match_start(game, first.seq, first.event)
    try:
        expected = decide(game.rules, action)
    except IllegalAction as error:
        blamed = _blamed(game, action, stored[index : index + 2])
        raise Bad(blamed.seq, f"{name_of(blamed.event)} breaks the rules: {error}") from None
    for offset, want in enumerate(expected):
        if index + offset == len(stored):
            raise Bad(first.seq + offset, f"the log ends where {describe(want)} must follow")
        got = stored[index + offset]
        if got.event != want:
            raise Bad(
                got.seq, f"the rules give {describe(want)} here, the log has {describe(got.event)}"
            )
        if isinstance(want, DealStarted):
            check_deal_commitment(game, got.seq, want)
    return len(expected)


def _check_timeout(game: Game, stored: Sequence[StoredEvent], index: int) -> int:
    """A timeout and the move its policy makes, exactly as the service would have appended
    them (``timeouts.logged_timeouts``: one way, or under ``bot`` the move of the bot that
    played for absent players when the log was written); returns how many events that is."""
    ways = logged_timeouts(game)
    for way in ways:
        found = stored[index : index + len(way)]
        if [one.event for one in found] == way:
            return len(way)
    expected = ways[0]
    for offset, want in enumerate(expected):
        seq = stored[index].seq + offset
        if index + offset == len(stored):
            raise Bad(seq, f"the log ends where {describe(want)} must follow the timeout")
        got = stored[index + offset].event
        if got != want:
            raise Bad(
                seq, f"the timeout policy gives {describe(want)} here, the log has {describe(got)}"
            )
    return len(expected)


def _blamed(game: Game, action: Action, pair: Sequence[StoredEvent]) -> StoredEvent:
    """Which of a move's first two events is illegal: the second if the move is legal without it."""
    harmless = without_second(action, game.rules)
    if harmless is None or len(pair) < 2:
        return pair[0]
    try:
        decide(game.rules, harmless)
    except IllegalAction:
        return pair[0]
    return pair[1]


def _check_match_start(game: Game, seq: int, event: MatchStarted) -> None:
    if game.players[1] is None:
        raise Bad(seq, "the match starts before the second player joined")
    if (event.variant, event.terms) != (game.variant, game.terms):
        raise Bad(seq, "MatchStarted's variant or terms differ from those the game was opened with")


def _check_end(header: Header, game: Game, stored: Sequence[StoredEvent]) -> None:
    """A log that stops where the service would have gone on is cut short."""
    after = len(stored) + 1
    if header.events != len(stored):
        raise Bad(
            min(after, header.events + 1),
            f"the header counts {header.events} events but the log has {len(stored)}",
        )
    if header.players[1] != game.players[1]:
        joined = [one.seq for one in stored if isinstance(one.event, PlayerJoined)]
        raise Bad(
            joined[0] if joined else after,
            f"the header's second player is {header.players[1]!r} but the log's is "
            f"{game.players[1]!r}",
        )
    rules = game.rules
    if game.players[1] is not None and rules.phase is Phase.NEW:
        raise Bad(after, "the log ends before the match starts")
    if rules.deal_number and rules.phase in (Phase.DEALING, Phase.OVER):
        if rules.deal_number not in game.revealed:
            raise Bad(after, f"the log ends before deal {rules.deal_number}'s salt is revealed")
        if rules.phase is Phase.DEALING:
            raise Bad(after, f"the log ends before deal {rules.deal_number + 1} is dealt")
