"""The options of a new game: one grammar for every channel, read and checked here once.

A channel hands over what its player wrote — option words (Telegram's ``/new bot deals=3
time=2d``, email's ``new game with … deals 3 target 100``, the web form's options box) or the
fields of the JSON API's body — and gets back a ``GameOptions`` or a refusal: an
``IllegalAction`` with a code and parameters that the channel words in its player's language.
Both spellings the channels have published are read: ``deals=3`` and ``deals 3``.

``rated`` or ``casual`` chooses whether the game counts for the ratings (not given: rated between
two people, casual against a bot; ``service.ratings``).

Terms not given take their defaults one by one (RULES.md A23): the deals default to one deal
unless a target is given, the target to none under ``scoring=stake`` and to 100 points under
``scoring=points``; so ``scoring=points deals=3`` is three deals or 100 points, whichever comes
first, on every channel.  Imports only the service's own values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from service.bots.levels import LEVELS
from service.clock.deadlines import SettingError, parse_offset
from service.clock.timeouts import check_time_control
from service.game.errors import BadSetting
from service.game.events import PlayerId, TimeControl
from service.language.numbers import DEALS, POSITIVE, STAKE, TARGET, Bounds, NotWithin, whole_number
from service.language.translation import Phrase
from service.rules.errors import N_, IllegalAction
from service.rules.variants import DEFAULT, MatchTerms, Variant, flag_choices

OPPONENTS: Mapping[str, PlayerId | None] = {
    "friend": None,
    **{level: PlayerId(player) for level, player in LEVELS.items()},
    "bot": PlayerId(LEVELS["medium"]),
    "greedy": PlayerId(LEVELS["medium"]),
    "random": PlayerId(LEVELS["easy"]),
}
"""The words that choose the opponent; a friend is whoever takes up the invitation.  The levels
``easy``, ``medium`` and ``hard`` name the bot's strength; ``bot``, ``greedy`` and ``random``,
published before the levels, stay as they were (``bot`` is the medium bot: see
docs/decisions/bots-levels-and-the-hard-bot.md)."""
LARGEST: Mapping[str, Bounds] = {"deals": DEALS, "target": TARGET, "stake": STAKE}
"""The bounds of each number of the match terms (the rules' own, ``MatchTerms``)."""
RATED = {"rated": True, "casual": False}
"""The words that choose whether the game counts for the ratings (``service.ratings``)."""
TIME = "time"
"""The option of the time per move, written ``12h``, ``30m`` or ``2d``."""
_VALUED = (*LARGEST, TIME)
"""The options that take a value: ``deals=3`` or ``deals 3``."""


@dataclass(frozen=True, slots=True)
class GameOptions:
    """What a new game is opened with; ``time_control`` None is the service's default."""

    variant: Variant = DEFAULT
    terms: MatchTerms = field(default_factory=MatchTerms)
    time_control: TimeControl | None = None
    opponent: PlayerId | None = None
    rated: bool | None = None
    """``rated`` or ``casual`` as written; None leaves the default (rated between people,
    casual against a bot)."""


class UnknownOption(IllegalAction):
    code = "unknown_option"
    template = N_("'{word}' is not an option of a new game.")


class BadNumber(IllegalAction):
    code = "bad_field"  # the JSON API's code for a field it cannot take, kept for every channel
    template = N_("{name} must be a whole number of at least 1, not '{value}'.")


class NumberTooLarge(IllegalAction):
    code = "bad_field"
    template = N_("{name} can be at most {most}.")


class UnknownFlag(IllegalAction):
    code = "bad_variant"
    template = N_("There is no variant flag '{flag}'; the flags are: {flags}.")


class BadFlagValue(IllegalAction):
    code = "bad_variant"
    template = N_("{flag} can be one of: {choices}; not '{value}'.")


class Listing(str):
    """Words of ours joined for a refusal, never cut short as a player's own text is."""


BAD_TIME = N_("time: write the time per move as a number with m, h or d, not '{value}'.")


def read_words(words: Iterable[str], *, name_opponent: bool = True) -> GameOptions:
    """Option words as a player types them (commas separate like spaces); ``name_opponent``
    False where the channel chooses the opponent itself (an email address, a form's button)."""
    pieces = [piece for word in words for piece in word.replace(",", " ").split()]
    given: dict[str, object] = {}
    flags: dict[str, str] = {}
    while pieces:
        word = pieces.pop(0)
        name, sep, value = word.partition("=")
        name = name.lower()
        if not sep and name in _VALUED:
            given[name] = pieces.pop(0) if pieces else ""
        elif not sep and name in OPPONENTS and name_opponent:
            given["opponent"] = name
        elif not sep and name in RATED:
            given["rated"] = name
        elif sep and name in _VALUED:
            given[name] = value
        elif sep:
            flags[name] = value
        else:
            raise UnknownOption(word=word)
    return read_fields({**given, "variant": flags})


def read_fields(fields: Mapping[str, object]) -> GameOptions:
    """Options as named fields: ``opponent``, ``deals``, ``target``, ``stake`` (whole numbers
    or their digits), ``time`` (``12h``) or ``move_seconds``, and ``variant`` (flag to value)."""
    flags = fields.get("variant") or {}
    assert isinstance(flags, Mapping), "the channel hands over the flags as a mapping"
    variant = _variant(flags)
    numbers = {name: _whole(name, fields[name]) for name in LARGEST if fields.get(name) is not None}
    default = MatchTerms.default_for(variant)
    terms = MatchTerms(
        numbers.get("deals", default.deals if "target" not in numbers else None),
        numbers.get("target", default.target),
        numbers.get("stake", default.stake),
    )
    return GameOptions(variant, terms, _time_control(fields), _opponent(fields), _rated(fields))


def _rated(fields: Mapping[str, object]) -> bool | None:
    """``rated`` / ``casual`` (a word, or the API's true / false); None when not given."""
    value = fields.get("rated")
    if value is None or isinstance(value, bool):
        return value
    if str(value).lower() not in RATED:
        raise UnknownOption(word=str(value))
    return RATED[str(value).lower()]


def _opponent(fields: Mapping[str, object]) -> PlayerId | None:
    word = str(fields.get("opponent") or "friend")
    if word not in OPPONENTS:
        raise UnknownOption(word=word)
    return OPPONENTS[word]


def _variant(flags: Mapping[str, object]) -> Variant:
    """The variant the flags name, each flag and value checked against RULES.md §3.1."""
    choices = flag_choices()
    for name, value in flags.items():
        if name not in choices:
            raise UnknownFlag(flag=name, flags=Listing(", ".join(choices)))
        if str(value).strip().lower() not in choices[name]:
            raise BadFlagValue(flag=name, choices=Listing(", ".join(choices[name])), value=value)
    return DEFAULT.with_flags({name: str(value) for name, value in flags.items()})


def _time_control(fields: Mapping[str, object]) -> TimeControl | None:
    """The time per move, from ``time`` (``12h``) or ``move_seconds``; None when not given."""
    seconds = fields.get("move_seconds")
    written = fields.get(TIME)
    if written is not None:
        try:
            seconds = int(parse_offset(str(written)).total_seconds())
        except SettingError:
            raise BadSetting(reason=Phrase(BAD_TIME, {"value": written})) from None
    if seconds is None:
        return None
    if _beyond(seconds, POSITIVE.most):  # past any count a database holds
        raise NumberTooLarge(name="move_seconds", most=POSITIVE.most)
    if isinstance(seconds, bool) or not isinstance(seconds, int):
        raise BadNumber(name="move_seconds", value=str(seconds))
    control = TimeControl(move_seconds=seconds)
    check_time_control(control)
    return control


def _whole(name: str, value: object) -> int:
    """A whole number within the option's bounds, from an int or its digits (``whole_number``,
    the one reader of numbers), refused as too large or as no number at all."""
    bounds = LARGEST[name]
    try:
        return whole_number(value, bounds)
    except NotWithin:
        if _beyond(value, bounds.most):
            raise NumberTooLarge(name=name, most=bounds.most) from None
        raise BadNumber(name=name, value=str(value)) from None


def _beyond(value: object, most: int) -> bool:
    """Whether ``value`` is a whole number past ``most``; digits are counted before any is
    converted, so thousands of them cost nothing."""
    if isinstance(value, str):
        digits = value.strip().lstrip("0")
        if not (digits.isascii() and digits.isdigit()):
            return False
        return len(digits) > len(str(most)) or int(digits) > most
    return isinstance(value, int) and not isinstance(value, bool) and value > most
