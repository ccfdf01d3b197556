"""The variant flags of RULES.md §3.1 and the terms of a match.

A ``Variant`` is a value recorded in ``MatchStarted``, so a replay always uses the rules the game
was started with.  Flags are named and spelled exactly as in RULES.md, because players, scripts and
exported logs use those names (``--variant force_scope=with_rearrangement``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from enum import StrEnum


class FirstTurn(StrEnum):
    NONDEALER_FLIPS = "nondealer_flips"
    DEALER_UPCARD = "dealer_upcard"


class FirstDealer(StrEnum):
    RANDOM = "random"
    CUT_LOW_DEALS = "cut_low_deals"


class HandCardsOnTake(StrEnum):
    ANY = "any"
    WITH_CENTER_ONLY = "with_center_only"


class Rearrange(StrEnum):
    ON_MELD_TURN = "on_meld_turn"
    ANY_TURN = "any_turn"
    EXTEND_ONLY = "extend_only"


class Forcing(StrEnum):
    ENABLED = "enabled"
    DISABLED = "disabled"


class ForceScope(StrEnum):
    DIRECT_LAYOFF = "direct_layoff"
    WITH_REARRANGEMENT = "with_rearrangement"


class ForceSources(StrEnum):
    ANY_CENTER = "any_center"
    DISCARDS_ONLY = "discards_only"


class ForcedTurn(StrEnum):
    DISCARD_ONLY = "discard_only"
    FULL_MELD_TURN = "full_meld_turn"


class DrawStakes(StrEnum):
    DOUBLE = "double"
    FOSTER_POOL = "foster_pool"
    NONE = "none"


class Scoring(StrEnum):
    STAKE = "stake"
    POINTS = "points"


class DeckFaces(StrEnum):
    FRENCH = "french"
    SPANISH = "spanish"


class VariantError(ValueError):
    """A variant flag or value that RULES.md does not define."""


@dataclass(frozen=True, slots=True)
class Variant:
    """One value per flag of RULES.md §3.1; the defaults make up the default ruleset."""

    first_turn: FirstTurn = FirstTurn.NONDEALER_FLIPS
    deal_batch: int = 1
    first_dealer: FirstDealer = FirstDealer.RANDOM
    hand_cards_on_take: HandCardsOnTake = HandCardsOnTake.ANY
    hand_meld_without_center: bool = False
    rearrange: Rearrange = Rearrange.ON_MELD_TURN
    forcing: Forcing = Forcing.ENABLED
    force_scope: ForceScope = ForceScope.DIRECT_LAYOFF
    force_sources: ForceSources = ForceSources.ANY_CENTER
    forced_turn: ForcedTurn = ForcedTurn.DISCARD_ONLY
    dead_pile_visible: bool = False
    draw_stakes: DrawStakes = DrawStakes.DOUBLE
    scoring: Scoring = Scoring.STAKE
    deck_faces: DeckFaces = DeckFaces.FRENCH

    def with_flags(self, flags: Mapping[str, str]) -> Variant:
        """This variant with the named flags set from their written values."""
        changes: dict[str, object] = {}
        for name, text in flags.items():
            changes[name] = _parse_value(name, text)
        return replace(self, **changes)  # type: ignore[arg-type]

    def flags(self) -> dict[str, str]:
        """Every flag with its value as written in RULES.md (the form logs and commands use)."""
        return {f.name: _format_value(getattr(self, f.name)) for f in fields(self)}

    def changed_flags(self) -> dict[str, str]:
        """Only the flags that differ from the default ruleset."""
        default = DEFAULT.flags()
        return {name: value for name, value in self.flags().items() if default[name] != value}


def flag_choices() -> dict[str, tuple[str, ...]]:
    """Every flag and every value it may take, in RULES.md order, the default first."""
    return {f.name: _choices(f.name) for f in fields(Variant)}


def _choices(name: str) -> tuple[str, ...]:
    default = getattr(DEFAULT, name)
    if isinstance(default, bool):
        return ("false", "true")
    if isinstance(default, int):
        return ("1", "2")
    return tuple(member.value for member in type(default))


def _parse_value(name: str, text: str) -> object:
    if name not in _FLAG_NAMES:
        known = ", ".join(sorted(_FLAG_NAMES))
        raise VariantError(f"unknown variant flag {name!r}; the flags are: {known}")
    value = text.strip().lower()
    allowed = _choices(name)
    if value not in allowed:
        raise VariantError(f"{name} can be {' or '.join(allowed)}, not {text!r}")
    default = getattr(DEFAULT, name)
    if isinstance(default, bool):
        return value == "true"
    if isinstance(default, int):
        return int(value)
    return type(default)(value)


def _format_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_assignments(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """``["flag=value", …]`` as a mapping; a malformed item raises ``VariantError``."""
    flags: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise VariantError(f"write a variant as flag=value, not {item!r}")
        flags[name.strip().lower()] = value
    return flags


DEFAULT = Variant()
_FLAG_NAMES = frozenset(f.name for f in fields(Variant))


MOST_DEALS = 99
MOST_TARGET = 10_000
MOST_STAKE = 1_000_000
"""The bounds of ``MatchTerms``, generous: a match past them would never end (10¹⁹ deals) or its
stakes outgrow every integer column once draws double them.  Module constants, not class
attributes: the compiled build (mypyc) makes a frozen dataclass's class attributes read-only
slots, and constructing one then fails."""


@dataclass(frozen=True, slots=True)
class MatchTerms:
    """How long a match lasts and what a deal is worth.

    The match ends after ``deals`` deals, or as soon as a player's score reaches ``target``,
    whichever comes first (at least one of them is set).  ``stake`` is the base unit b of R18.1.
    Under ``scoring=points`` the default is a race to 100 points (RULES A23).
    """

    deals: int | None = 1
    target: int | None = None
    stake: int = 1

    def __post_init__(self) -> None:
        if self.deals is None and self.target is None:
            raise VariantError("a match needs a number of deals or a target score")
        if self.deals is not None and not 1 <= self.deals <= MOST_DEALS:
            raise VariantError(f"a match has at least one deal and at most {MOST_DEALS}")
        if self.target is not None and not 1 <= self.target <= MOST_TARGET:
            raise VariantError(f"a target score is at least 1 and at most {MOST_TARGET:,}")
        if not 1 <= self.stake <= MOST_STAKE:
            raise VariantError(f"the stake is at least 1 and at most {MOST_STAKE:,}")

    @classmethod
    def default_for(cls, variant: Variant) -> MatchTerms:
        if variant.scoring is Scoring.POINTS:
            return cls(deals=None, target=100)
        return cls()
