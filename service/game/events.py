"""Events of a game that are not moves of the rules: who plays, fair deals, rematches.

A game's log is these events interleaved with the rules' events (``service.rules.events``).  Each
is a ``Record``, named in the past tense and stable: the names are written to the log and to
exported files (docs/log-format.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Final, NewType, get_args

from service.game.talk_events import OWN_TALK_EVENTS, TALK_EVENTS, TalkEvent
from service.rules.records import Record
from service.rules.seats import Seat
from service.rules.variants import MatchTerms, Variant

PlayerId = NewType("PlayerId", str)
GameId = NewType("GameId", str)


class TimeControl(Record):
    """How long each decision may take and what happens when it takes longer (issue: deadlines).

    Stored with the game from the start so the scheduler can enforce it; the rules ignore it.
    """

    __slots__ = ("max_timeouts", "move_seconds", "on_timeout", "reserve_seconds")
    __match_args__ = ("move_seconds", "reserve_seconds", "on_timeout", "max_timeouts")

    def __init__(
        self,
        move_seconds: int = 24 * 3600,
        reserve_seconds: int = 0,
        on_timeout: str = "auto",
        max_timeouts: int = 3,
    ) -> None:
        self.move_seconds: Final = move_seconds
        self.reserve_seconds: Final = reserve_seconds
        self.on_timeout: Final = on_timeout
        self.max_timeouts: Final = max_timeouts


class GameOpened(Record):
    """``host`` opened a game and takes the first seat; ``invitation`` lets one player join.

    ``rated`` is what the host chose (``rated`` or ``casual``); None, as in every log written
    before ratings, is the default: rated between two people, casual against a bot.
    ``practice``: the guided first deal (issue 38), casual against the easy bot, whose player
    is shown a prompt at each new kind of decision (``lessons``); None in every other log."""

    __slots__ = (
        "game_id",
        "host",
        "invitation",
        "practice",
        "rated",
        "rematch_of",
        "terms",
        "time_control",
        "variant",
    )
    __match_args__ = (
        "game_id",
        "host",
        "variant",
        "terms",
        "time_control",
        "invitation",
        "rematch_of",
        "rated",
        "practice",
    )

    def __init__(
        self,
        game_id: GameId,
        host: PlayerId,
        variant: Variant,
        terms: MatchTerms,
        time_control: TimeControl,
        invitation: str,
        rematch_of: GameId | None = None,
        rated: bool | None = None,
        practice: bool | None = None,
    ) -> None:
        self.game_id: Final = game_id
        self.host: Final = host
        self.variant: Final = variant
        self.terms: Final = terms
        self.time_control: Final = time_control
        self.invitation: Final = invitation
        self.rematch_of: Final = rematch_of
        self.rated: Final = rated
        self.practice: Final = practice


class PlayerJoined(Record):
    """``player`` took ``seat``; with both seats taken the match begins."""

    __slots__ = ("player", "seat")
    __match_args__ = ("player", "seat")

    def __init__(self, player: PlayerId, seat: Seat) -> None:
        self.player: Final = player
        self.seat: Final = seat


class DealCommitted(Record):
    """Before deal ``number`` is dealt: SHA-256 of its deck order and ``salt``, for both to see.

    The salt is hidden like the deck order in ``DealStarted``: kept in the log (so a restart loses
    nothing) but shown to nobody until ``DealRevealed``.
    """

    __slots__ = ("commitment", "number", "salt")
    __match_args__ = ("number", "commitment", "salt")

    def __init__(self, number: int, commitment: str, salt: str) -> None:
        self.number: Final = number
        self.commitment: Final = commitment
        self.salt: Final = salt


class DealRevealed(Record):
    """After deal ``number`` ended: the salt, so anyone can check the deck was fixed in advance."""

    __slots__ = ("number", "salt")
    __match_args__ = ("number", "salt")

    def __init__(self, number: int, salt: str) -> None:
        self.number: Final = number
        self.salt: Final = salt


class GameCancelled(Record):
    """The host called the game off before anyone joined it: its invitation no longer works."""

    __slots__ = ("player",)
    __match_args__ = ("player",)

    def __init__(self, player: PlayerId) -> None:
        self.player: Final = player


class RematchOffered(Record):
    __slots__ = ("player",)
    __match_args__ = ("player",)

    def __init__(self, player: PlayerId) -> None:
        self.player: Final = player


class RematchAccepted(Record):
    """The offer was accepted; ``game_id`` is the new game (opened with ``rematch_of`` this one)."""

    __slots__ = ("game_id", "player")
    __match_args__ = ("player", "game_id")

    def __init__(self, player: PlayerId, game_id: GameId) -> None:
        self.player: Final = player
        self.game_id: Final = game_id


class TurnTimedOut(Record):
    """``seat``'s decision ran past its deadline; ``policy`` says what was done about it: ``auto``
    (the safest legal choice), ``bot`` (the greedy bot's choice) or ``forfeit``.  The move (or the
    forfeit) follows in the same append."""

    __slots__ = ("policy", "seat")
    __match_args__ = ("seat", "policy")

    def __init__(self, seat: Seat, policy: str) -> None:
        self.seat: Final = seat
        self.policy: Final = policy


class WinClaimed(Record):
    """``seat`` claimed the win once the opponent's deadline had passed (the forfeit follows)."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class DeadlineExtended(Record):
    """``seat``, waiting, gave the opponent until ``until`` for a decision whose deadline passed."""

    __slots__ = ("seat", "until")
    __match_args__ = ("seat", "until")

    def __init__(self, seat: Seat, until: datetime) -> None:
        self.seat: Final = seat
        self.until: Final = until


class ClockPaused(Record):
    """``seat``'s clock stops until ``until`` (the player is on vacation)."""

    __slots__ = ("seat", "until")
    __match_args__ = ("seat", "until")

    def __init__(self, seat: Seat, until: datetime) -> None:
        self.seat: Final = seat
        self.until: Final = until


class ClockResumed(Record):
    """``seat``'s pause ended early: the player is back."""

    __slots__ = ("seat",)
    __match_args__ = ("seat",)

    def __init__(self, seat: Seat) -> None:
        self.seat: Final = seat


class QuietHoursSet(Record):
    """From now on in this game, ``seat``'s deadlines that would fall in their quiet hours
    ``quiet`` (``22:00-08:00`` in the time zone ``timezone``; empty for none) move to the hours'
    end (``deadlines.after_quiet_hours``).  Recorded when the player sits down and whenever they
    change the setting, so that the log alone gives every deadline (issue 23)."""

    __slots__ = ("quiet", "seat", "timezone")
    __match_args__ = ("seat", "timezone", "quiet")

    def __init__(self, seat: Seat, timezone: str, quiet: str) -> None:
        self.seat: Final = seat
        self.timezone: Final = timezone
        self.quiet: Final = quiet


class InstructionGiven(Record):
    """``seat`` left a standing instruction (``instructions.py``), applied whenever it fits."""

    __slots__ = ("instruction", "seat")
    __match_args__ = ("seat", "instruction")

    def __init__(self, seat: Seat, instruction: str) -> None:
        self.seat: Final = seat
        self.instruction: Final = instruction


class InstructionWithdrawn(Record):
    __slots__ = ("instruction", "seat")
    __match_args__ = ("seat", "instruction")

    def __init__(self, seat: Seat, instruction: str) -> None:
        self.seat: Final = seat
        self.instruction: Final = instruction


class HintGiven(Record):
    """``seat`` asked what the hard bot would do at the position of ``version`` and was told
    (issue 38): never a move, allowed only in a casual game against a bot (``hint_rules``)."""

    __slots__ = ("seat", "version")
    __match_args__ = ("seat", "version")

    def __init__(self, seat: Seat, version: int) -> None:
        self.seat: Final = seat
        self.version: Final = version


GameEvent = (
    GameOpened
    | PlayerJoined
    | DealCommitted
    | DealRevealed
    | GameCancelled
    | RematchOffered
    | RematchAccepted
    | TurnTimedOut
    | WinClaimed
    | DeadlineExtended
    | ClockPaused
    | ClockResumed
    | QuietHoursSet
    | InstructionGiven
    | InstructionWithdrawn
    | HintGiven
    | TalkEvent
)
GAME_EVENTS: tuple[type, ...] = get_args(GameEvent)
"""The event types that are not the rules' own."""

PRIVATE_EVENTS = (InstructionGiven, InstructionWithdrawn, HintGiven, *OWN_TALK_EVENTS)
"""Events only their seat is told of: an instruction names the player's own cards, and that one
was given is itself a hint (``instructions.py``); a hint is the asker's own business (its
opponent is a bot).  An append of these alone notifies nobody."""
CLOCK_ONLY_EVENTS = (
    DeadlineExtended,
    ClockPaused,
    ClockResumed,
    QuietHoursSet,
    *PRIVATE_EVENTS,
    *TALK_EVENTS,
)
"""Events that change no position: a move made on the position before them is not stale."""
