"""What a seek offers and whom it admits: the terms a game is opened with (``open_game``'s) and a
rating range with a least reliability.  Values only; the lobby checks them when they are given."""

from __future__ import annotations

from dataclasses import dataclass, field

from service.game.events import TimeControl
from service.rules.variants import DEFAULT, MatchTerms, Variant


@dataclass(frozen=True, slots=True)
class SeekTerms:
    """The game a seek (or a waiting player) offers: what ``GameService.open_game`` takes.  Only
    terms: nothing a player typed, so a listing can never carry a message or an address."""

    variant: Variant = DEFAULT
    match: MatchTerms = field(default_factory=MatchTerms)
    time_control: TimeControl = field(default_factory=TimeControl)
    rated: bool = True

    @classmethod
    def of(
        cls,
        variant: Variant = DEFAULT,
        match: MatchTerms | None = None,
        time_control: TimeControl | None = None,
        rated: bool = True,
    ) -> SeekTerms:
        """The terms with the variant's own match terms and the standard clock where none given."""
        return cls(
            variant,
            match or MatchTerms.default_for(variant),
            time_control or TimeControl(),
            rated,
        )


@dataclass(frozen=True, slots=True)
class Wanted:
    """Whom a seek admits: a rating from ``lowest`` to ``highest`` (either open) and at least
    ``least_reliability`` per cent of finished games not abandoned.  A new player, who has no
    record yet, is admitted only where no reliability is asked for."""

    lowest: int | None = None
    highest: int | None = None
    least_reliability: int = 0

    def admits(self, rating: float, reliability: int | None) -> bool:
        if self.lowest is not None and rating < self.lowest:
            return False
        if self.highest is not None and rating > self.highest:
            return False
        if self.least_reliability == 0:
            return True
        return reliability is not None and reliability >= self.least_reliability
