"""Events as JSON objects: the one encoding shared by storage and exported logs.

Every event type has a stable name (its class name) and an explicit list of fields with their
kinds, so the stored and exported form never changes by accident when Python code is renamed.
Cards are written ``7H``, sets of cards as lists, seats as 1 and 2, variants as their flags
(docs/log-format.md).  ``SCHEMA_VERSION`` counts incompatible changes of this encoding.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any, TypeGuard

from service.game import events as game
from service.game import talk_events as talk
from service.game.events import GAME_EVENTS, GameEvent, TimeControl
from service.rules import events as rules
from service.rules.cards import DECK as DECK_ORDER
from service.rules.cards import Card, CardSet, card
from service.rules.events import Event
from service.rules.seats import Seat
from service.rules.variants import MatchTerms, Variant

SCHEMA_VERSION = 4
"""2 added ``QuietHoursSet`` (issue 23), 3 the talk at the table (``MessageSaid``, ``OfferMade``,
``OfferAnswered``, ``OfferWithdrawn``, ``MessagesMuted``, ``MessageReported``: issue 20), 4
``HintGiven`` (issue 38); every other event is encoded as in 1."""
READABLE_SCHEMAS = frozenset({1, 2, 3, 4})
"""The schema versions read: a version-1 event decodes as it always did (docs/log-format.md)."""

LogEvent = Event | GameEvent
Json = dict[str, Any]


class CodecError(ValueError):
    """A stored or exported event that does not decode: unknown name, missing or bad field."""


_CANONICAL: dict[str, Card] = {str(one): one for one in DECK_ORDER}
"""Cards as stored (``7H``): a lookup, where ``card`` would parse (decoding is on the replay path)."""
_SEATS: dict[Any, Seat] = {seat.number: seat for seat in Seat}


def _card(text: Any) -> Card:
    if type(text) is not str:
        raise TypeError(f"a card is written as text like 7H, not {text!r}")
    known = _CANONICAL.get(text)
    return card(text) if known is None else known


def _seat(number: Any) -> Seat:
    known = _SEATS.get(number) if type(number) is int else None
    return Seat(int(number) - 1) if known is None else known


_VARIANTS: dict[tuple[tuple[Any, Any], ...], Variant] = {}
"""Variants decoded so far, by their flags as stored: two per game log, each costly to parse."""
_KEPT_VARIANTS = 256


def _aware(text: Any) -> datetime:
    """A time with its zone, in UTC: a deadline is compared with the event times, which are."""
    at = datetime.fromisoformat(text)
    try:
        if at.tzinfo is not None:
            return at.astimezone(UTC)
    except OverflowError:  # out of the calendar once in UTC
        pass
    raise ValueError(f"a time within the calendar in UTC, with its time zone, not {text!r}")


def _variant(flags: Any) -> Variant:
    if type(flags) is not dict or not all(type(value) is str for value in flags.values()):
        raise TypeError(f"a variant is an object of flags with text values, not {flags!r}")
    key = tuple(flags.items())
    known = _VARIANTS.get(key)
    if known is None:
        known = Variant().with_flags(flags)
        if len(_VARIANTS) < _KEPT_VARIANTS:
            _VARIANTS[key] = known
    return known


def _card_list(value: Any) -> list[str]:
    return [str(one) for one in value]


def _deck(value: Any) -> tuple[Card, ...]:
    """A deck as stored, every card canonical: one lookup per card, without a call each (a deck
    is decoded for every deal of every game read); anything else card by card, to be checked."""
    try:
        return tuple(map(_CANONICAL.__getitem__, value))
    except (KeyError, TypeError):
        return tuple(_card(text) for text in value)


def _cards(value: Any) -> CardSet:
    return CardSet.of(_card(text) for text in value)


def _terms(value: Any) -> MatchTerms:
    return MatchTerms(value["deals"], value["target"], value["stake"])


def _time_control(value: Any) -> TimeControl:
    numbers = [value["move_seconds"], value["reserve_seconds"], value["max_timeouts"]]
    if any(type(number) is not int for number in numbers) or type(value["on_timeout"]) is not str:
        raise TypeError(f"a time control has whole numbers and a policy name, not {value!r}")
    return TimeControl(
        value["move_seconds"], value["reserve_seconds"], value["on_timeout"], value["max_timeouts"]
    )


def _whole(value: Any) -> int:
    if type(value) is not int:
        raise TypeError(f"expected a whole number, not {value!r}")
    return value


def _text(value: Any) -> str:
    if type(value) is not str:
        raise TypeError(f"expected text, not {value!r}")
    return value


def _optional(decode: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else decode(value)


Kind = tuple[Callable[[Any], Any], Callable[[Any], Any]]
"""How one field is written to JSON and read back."""

SEAT: Kind = (lambda s: s.number, _seat)
CARD: Kind = (str, _card)
CARDS: Kind = (_card_list, _cards)
DECK: Kind = (_card_list, _deck)
TABLE: Kind = (lambda t: [_card_list(c) for c in t], lambda v: tuple(_cards(c) for c in v))
INT: Kind = (int, _whole)
TEXT: Kind = (str, _text)
OPTIONAL_SEAT: Kind = (_optional(SEAT[0]), _optional(SEAT[1]))
OPTIONAL_TEXT: Kind = (_optional(str), _optional(_text))


def _flag(value: Any) -> bool:
    if type(value) is not bool:
        raise TypeError(f"expected true or false, not {value!r}")
    return value


OPTIONAL_FLAG: Kind = (_optional(bool), _optional(_flag))
FLAG: Kind = (bool, _flag)
VARIANT: Kind = (lambda v: v.flags(), _variant)
TERMS: Kind = (
    lambda t: {"deals": t.deals, "target": t.target, "stake": t.stake},
    _terms,
)
TIME_CONTROL: Kind = (lambda t: t.values(), _time_control)
SCORES: Kind = (list, lambda v: (_whole(v[0]), _whole(v[1])))
TIME: Kind = (lambda t: t.isoformat(), _aware)

SCHEMAS: dict[type, tuple[tuple[str, Kind], ...]] = {
    game.GameOpened: (
        ("game_id", TEXT),
        ("host", TEXT),
        ("variant", VARIANT),
        ("terms", TERMS),
        ("time_control", TIME_CONTROL),
        ("invitation", TEXT),
        ("rematch_of", OPTIONAL_TEXT),
        ("rated", OPTIONAL_FLAG),
        ("practice", OPTIONAL_FLAG),
    ),
    game.PlayerJoined: (("player", TEXT), ("seat", SEAT)),
    game.DealCommitted: (("number", INT), ("commitment", TEXT), ("salt", TEXT)),
    game.DealRevealed: (("number", INT), ("salt", TEXT)),
    game.GameCancelled: (("player", TEXT),),
    game.RematchOffered: (("player", TEXT),),
    game.RematchAccepted: (("player", TEXT), ("game_id", TEXT)),
    game.TurnTimedOut: (("seat", SEAT), ("policy", TEXT)),
    game.WinClaimed: (("seat", SEAT),),
    game.DeadlineExtended: (("seat", SEAT), ("until", TIME)),
    game.ClockPaused: (("seat", SEAT), ("until", TIME)),
    game.ClockResumed: (("seat", SEAT),),
    game.QuietHoursSet: (("seat", SEAT), ("timezone", TEXT), ("quiet", TEXT)),
    game.InstructionGiven: (("seat", SEAT), ("instruction", TEXT)),
    game.InstructionWithdrawn: (("seat", SEAT), ("instruction", TEXT)),
    game.HintGiven: (("seat", SEAT), ("version", INT)),
    talk.MessageSaid: (("seat", SEAT), ("text", TEXT), ("phrase", TEXT)),
    talk.OfferMade: (("seat", SEAT), ("kind", TEXT)),
    talk.OfferAnswered: (("seat", SEAT), ("accepted", FLAG)),
    talk.OfferWithdrawn: (("seat", SEAT),),
    talk.MessagesMuted: (("seat", SEAT), ("muted", FLAG)),
    talk.MessageReported: (("seat", SEAT), ("message", INT)),
    rules.MatchStarted: (
        ("variant", VARIANT),
        ("terms", TERMS),
        ("first_dealer", SEAT),
        ("cuts", DECK),
    ),
    rules.DealStarted: (("number", INT), ("dealer", SEAT), ("deck", DECK)),
    rules.UpcardTurned: (("seat", SEAT), ("card", CARD)),
    rules.CardTurnedUp: (("seat", SEAT), ("card", CARD)),
    rules.CenterCardTaken: (("seat", SEAT), ("card", CARD), ("put_down", CARDS), ("table", TABLE)),
    rules.CardDiscarded: (("seat", SEAT), ("card", CARD)),
    rules.CardRefused: (("seat", SEAT), ("card", CARD)),
    rules.HandMelded: (("seat", SEAT), ("put_down", CARDS), ("table", TABLE)),
    rules.ForceWindowOpened: (("seat", SEAT),),
    rules.ForceDeclined: (("seat", SEAT),),
    rules.CardForced: (("seat", SEAT),),
    rules.CardLaidOff: (("seat", SEAT), ("card", CARD), ("table", TABLE)),
    rules.CardBuried: (("card", CARD),),
    rules.CardPassed: (("seat", SEAT), ("card", CARD)),
    rules.DealWon: (("seat", SEAT), ("amount", INT)),
    rules.DealDrawn: (("number", INT),),
    rules.PlayerResigned: (("seat", SEAT),),
    rules.MatchForfeited: (("seat", SEAT), ("reason", TEXT)),
    rules.MatchEnded: (("winner", OPTIONAL_SEAT), ("scores", SCORES)),
}
OMITTED_WHEN_NONE: dict[type, frozenset[str]] = {game.GameOpened: frozenset({"rated", "practice"})}
"""Fields added after logs were written: left out while None, so an old log reads and writes
back byte for byte, and read as None when absent."""
_OMITTED_BY_NAME = {kind.__name__: names for kind, names in OMITTED_WHEN_NONE.items()}
BY_NAME: dict[str, type] = {kind.__name__: kind for kind in SCHEMAS}
_READERS: dict[str, tuple[type, tuple[tuple[str, Callable[[Any], Any]], ...]]] = {
    kind.__name__: (kind, tuple((field, codec[1]) for field, codec in schema))
    for kind, schema in SCHEMAS.items()
}


def is_rules_event(event: LogEvent) -> TypeGuard[Event]:
    """True for a move of the rules, false for a game event (players, fairness, rematch)."""
    return not isinstance(event, GAME_EVENTS)


def name_of(event: LogEvent) -> str:
    """The stable name an event is stored under."""
    return type(event).__name__


def encode(event: LogEvent) -> Json:
    """The event's fields as a JSON-ready object (without its name)."""
    schema = SCHEMAS[type(event)]
    written = {field: kind[0](getattr(event, field)) for field, kind in schema}
    for field in OMITTED_WHEN_NONE.get(type(event), ()):
        if written[field] is None:
            del written[field]
    return written


def decode(name: str, data: Mapping[str, Any]) -> LogEvent:
    """The event stored under ``name`` with ``data``; raises ``CodecError`` if it does not fit."""
    reader = _READERS.get(name)
    if reader is None:
        raise CodecError(f"unknown event {name!r}")
    kind, fields = reader
    if type(data) is dict and len(data) == len(fields):
        # The common case, without building sets: as many keys as fields and none missing
        # means none extra.  A missing key is reported by the checks below.
        try:
            values = {field: read(data[field]) for field, read in fields}
        except KeyError:
            pass
        except (TypeError, ValueError, IndexError) as bad:
            raise CodecError(f"{name} has a bad field: {bad}") from None
        else:
            event: LogEvent = kind(**values)
            return event
    omitted = _OMITTED_BY_NAME.get(name)
    if omitted and type(data) is dict and not omitted <= data.keys():
        data = {**{field: None for field in omitted}, **data}
        return decode(name, data)
    extra = set(data) - {field for field, _ in fields}
    if extra:
        raise CodecError(f"{name} has unexpected fields: {', '.join(sorted(extra))}")
    try:
        values = {field: read(data[field]) for field, read in fields}
    except KeyError as missing:
        raise CodecError(f"{name} lacks the field {missing}") from None
    except (TypeError, ValueError, IndexError) as bad:
        raise CodecError(f"{name} has a bad field: {bad}") from None
    decoded: LogEvent = kind(**values)
    return decoded
