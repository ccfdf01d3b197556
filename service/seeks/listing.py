"""A listing of the lobby as one viewer asked for it (``SeekFilter``) and sees it (``Listed``):
values only, below the words, so every channel's words lay out the same listing."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from service.game.events import PlayerId
from service.rules.variants import Variant
from service.seeks.seeks import SeekId
from service.seeks.terms import SeekTerms


@dataclass(frozen=True, slots=True)
class SeekFilter:
    """What a viewer wants listed: None is any.  ``admitting_me`` keeps only the seeks whose
    rating range and reliability admit the viewer."""

    variant: Variant | None = None
    rated: bool | None = None
    shortest_move: int | None = None
    longest_move: int | None = None
    admitting_me: bool = True

    def shows(self, terms: SeekTerms) -> bool:
        move = terms.time_control.move_seconds
        return (
            (self.variant is None or terms.variant == self.variant)
            and (self.rated is None or terms.rated == self.rated)
            and (self.shortest_move is None or move >= self.shortest_move)
            and (self.longest_move is None or move <= self.longest_move)
        )


@dataclass(frozen=True, slots=True)
class Listed:
    """A seek as a viewer sees it in the lobby: ``owner`` is None for "a player" (private)."""

    seek_id: SeekId
    owner: PlayerId | None
    rating: int
    reliability: int | None
    terms: SeekTerms
    expires: datetime
    own: bool
