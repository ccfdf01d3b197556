"""Any event of a game's log told to one reader, and a run of them told as the news.

``describe`` words one event of the log, moves (``narration.narrate``) and game events alike, for
the cast's reader: the reader's own doings in the second person, others' in the third.  ``news``
tells a run of stored events and finds what single events leave out: a force names the refused
card, which only the events around it (the refusal before it, the lay-off after it) or the
position (the center card while the forced player lays off) say.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime

from service.game.codec import LogEvent, is_rules_event
from service.game.events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    DealCommitted,
    DealRevealed,
    GameCancelled,
    GameOpened,
    InstructionGiven,
    InstructionWithdrawn,
    PlayerId,
    PlayerJoined,
    QuietHoursSet,
    RematchAccepted,
    RematchOffered,
    TurnTimedOut,
    WinClaimed,
)
from service.game.instructions import instruction_text, reveals
from service.game.talk_events import TALK_EVENTS
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card
from service.rules.errors import N_
from service.rules.events import CardForced, CardLaidOff, CardRefused, ForceWindowOpened
from service.rules.seats import Phase, Seat
from service.rules.state import GameState
from service.rules.variants import Variant
from service.words.cast import Cast, anonymous, named, said, said_between, seat_name
from service.words.narration import narrate
from service.words.talk_news import deafness, talk_sentence


def news(
    events: Sequence[LogEvent],
    variant: Variant,
    cast: Cast,
    tr: Translator = ENGLISH,
    center: Card | None = None,
    told: int | None = None,
    muted: bool = False,
) -> list[str]:
    """A sentence per event of ``events[:told]`` (all of them by default) for the cast's reader.

    The events after ``told`` are read only to name a forced card: the forced player's lay-off
    names it.  ``center`` is the card being forced now (``forced_card``), if any.  ``events``
    run to now, when the reader has ``muted`` the opponent or not: each message the reader had
    muted when it was written gets an empty sentence (``heard``, ``deafness``)."""
    told = len(events) if told is None else told
    sentences = []
    refused: Card | None = None
    cause: LogEvent | None = None
    deaf = deafness(events, cast.reader, muted)
    for index, event in enumerate(events[:told]):
        if isinstance(event, CardRefused):
            refused = event.card
        elif isinstance(event, ForceWindowOpened | CardForced) and refused is None:
            refused = _laid_off(events[index + 1 :]) or center
        if deaf[index] and isinstance(event, TALK_EVENTS):
            sentences.append(talk_sentence(event, tr, cast, muted=True))
            continue
        sentences.append(describe(event, variant, tr, cast=cast, refused=refused, cause=cause))
        cause = event
    return sentences


def without_salts(events: Sequence[LogEvent], lines: Sequence[str]) -> list[str]:
    """``lines``, the news of ``events``, but none for a deal's revealed salt, nor an empty one
    (a muted message's): a string of hex in every list of news helps nobody, and a finished
    game's replay checks every deal against its commitment (issue 34)."""
    return [
        line
        for event, line in zip(events, lines, strict=False)
        if line and not isinstance(event, DealRevealed)
    ]


def forced_card(rules: GameState) -> Card | None:
    """The card being forced now: the center card while the forced player is to lay it off."""
    return rules.center if rules.phase is Phase.FORCED else None


def _laid_off(later: Sequence[LogEvent]) -> Card | None:
    """The card of the first lay-off in ``later``: the forced card, laid off by the forced player."""
    return next((event.card for event in later if isinstance(event, CardLaidOff)), None)


def describe(
    event: LogEvent,
    variant: Variant,
    tr: Translator = ENGLISH,
    names: tuple[str, str] | None = None,
    players: Sequence[PlayerId | None] = (),
    cast: Cast | None = None,
    refused: Card | None = None,
    cause: LogEvent | None = None,
) -> str:
    """One public sentence about any event of a game's log, moves and game events alike, for the
    cast's reader (``names`` and ``players`` make a spectator's cast when no ``cast`` is given).

    ``DealCommitted`` is described by its digest only: its salt stays hidden until the deal ends.
    A standing instruction is described without its text, which names the player's own cards.
    An event that records a player by id (the opening, a join, a rematch) calls them by their
    seat's name, as moves do, not by the id.  ``cause`` is the event before (``endings``).
    """
    cast = cast or (anonymous(tr) if names is None else named(names, tr, players=players))
    if is_rules_event(event):
        return narrate(event, variant.deck_faces, tr, cast, refused, cause)
    return cast.opening(_described(event, variant, tr, cast))


def _by_id(tr: Translator, cast: Cast, who: PlayerId, you: str, them: str, **params: object) -> str:
    """``you`` when the reader is ``who``, else ``them`` with ``{name}`` the player's name."""
    seat = cast.seat_of(who)
    if seat is not None and seat is cast.reader:
        return tr.gettext(you, **params)
    return tr.gettext(them, name=who if seat is None else cast[seat], **params)


def _described(event: LogEvent, variant: Variant, tr: Translator, cast: Cast) -> str:
    match event:
        case GameOpened(host=host, variant=opened):  # the game's rules, not the reader's faces
            flags = ", ".join(f"{k}={v}" for k, v in opened.changed_flags().items())
            if not flags:
                return _by_id(
                    tr,
                    cast,
                    host,
                    N_("You open the game (the default rules)."),
                    N_("{name} opens the game (the default rules)."),
                )
            return _by_id(
                tr,
                cast,
                host,
                N_("You open the game ({flags})."),
                N_("{name} opens the game ({flags})."),
                flags=flags,
            )
        case PlayerJoined(player=player, seat=seat):
            return _by_id(
                tr,
                cast,
                player,
                N_("You join as {player}."),
                N_("{name} joins as {player}."),
                player=seat_name(seat, tr),
            )
        case DealCommitted(number=number, commitment=digest):
            return tr.gettext(
                "Deal {number}'s deck order is committed: SHA-256 {digest}.",
                number=number,
                digest=digest,
            )
        case DealRevealed(number=number, salt=salt):
            return tr.gettext(
                "Deal {number} is over; its salt is revealed: {salt}.", number=number, salt=salt
            )
        case GameCancelled(player=player):
            return _by_id(
                tr, cast, player, N_("You call the game off."), N_("{name} calls the game off.")
            )
        case RematchOffered(player=player):
            return _by_id(
                tr, cast, player, N_("You offer a rematch."), N_("{name} offers a rematch.")
            )
        case RematchAccepted(player=player, game_id=game_id):
            return _by_id(
                tr,
                cast,
                player,
                N_("You accept the rematch: game {game}."),
                N_("{name} accepts the rematch: game {game}."),
                game=game_id,
            )
    return _clock(event, tr, cast, variant)


def _utc(at: datetime, tr: Translator) -> str:
    return tr.gettext("{when} UTC", when=tr.when(at.astimezone(UTC)))


def _clock(event: LogEvent, tr: Translator, cast: Cast, variant: Variant) -> str:
    """The events of the clock: a timeout, a claim, more time, a vacation, instructions."""
    match event:
        case TurnTimedOut(seat=seat, policy=policy):
            return _timed_out(seat, policy, tr, cast)
        case WinClaimed(seat=seat):
            return said_between(
                tr,
                cast,
                seat,
                (
                    N_("You claim the win: your opponent's time ran out."),
                    N_("{player} claims the win: your time ran out."),
                    N_("{player} claims the win: the opponent's time ran out."),
                ),
            )
        case DeadlineExtended(seat=seat, until=until):
            return said_between(
                tr,
                cast,
                seat,
                (
                    N_("You give {other} until {when}."),
                    N_("{player} gives you until {when}."),
                    N_("{player} gives the opponent until {when}."),
                ),
                when=_utc(until, tr),
            )
        case ClockPaused(seat=seat, until=until):
            return said(
                tr,
                cast,
                seat,
                N_("You are on vacation until {when}; your clock stops."),
                N_("{player} is on vacation until {when}; their clock stops."),
                when=_utc(until, tr),
            )
        case ClockResumed(seat=seat):
            return said(
                tr,
                cast,
                seat,
                N_("You are back from vacation; your clock runs again."),
                N_("{player} is back from vacation; their clock runs again."),
            )
        case QuietHoursSet(seat=seat, timezone=timezone, quiet=quiet) if quiet:
            return said(
                tr,
                cast,
                seat,
                N_("From your next turn, no deadline of yours falls in {hours} ({zone})."),
                N_("From their next turn, no deadline of {player}'s falls in {hours} ({zone})."),
                hours=quiet,
                zone=timezone,
            )
        case QuietHoursSet(seat=seat):
            return said(
                tr,
                cast,
                seat,
                N_("From your next turn, your deadlines may fall at any hour."),
                N_("From their next turn, {player}'s deadlines may fall at any hour."),
            )
        case InstructionGiven(seat=seat, instruction=text) if seat is cast.reader:
            return tr.gettext(
                "You leave the standing instruction auto {instruction}: {reveals}.",
                instruction=instruction_text(text, variant.deck_faces),
                reveals=tr.gettext(reveals(text)),
            )  # said where it is turned on: what it will show the opponent (issue 34)
        case InstructionWithdrawn(seat=seat, instruction=text) if seat is cast.reader:
            return tr.gettext(
                "You withdraw the standing instruction auto {instruction}.",
                instruction=instruction_text(text, variant.deck_faces),
            )
        case InstructionGiven(seat=seat) | InstructionWithdrawn(seat=seat):
            return said(
                tr,
                cast,
                seat,
                N_("You change your standing instructions."),
                N_("{player} changes their standing instructions."),
            )
    if isinstance(event, TALK_EVENTS):
        return talk_sentence(event, tr, cast)
    raise TypeError(f"not an event: {event!r}")


def _timed_out(seat: Seat, policy: str, tr: Translator, cast: Cast) -> str:
    if policy == "auto":
        return said(
            tr,
            cast,
            seat,
            N_("You ran out of time: the safest choice is made for you."),
            N_("{player} ran out of time: the safest choice is made for them."),
        )
    if policy == "bot":
        return said(
            tr,
            cast,
            seat,
            N_("You ran out of time: the bot moves for you."),
            N_("{player} ran out of time: the bot moves for them."),
        )
    return said(
        tr,
        cast,
        seat,
        N_("You ran out of time: you forfeit the match."),
        N_("{player} ran out of time: they forfeit the match."),
    )
