"""What a seek's or a wait's JSON body says (issue 36): the terms as ``POST /api/v1/games`` takes
them (``bodies.game_options``, without an opponent: whoever accepts is the opponent), whom it
admits (``rating_range``, ``min_reliability``) and how long a seek lasts (``days``).  Each field
is refused by its own name (400); the lobby checks what the values mean (a range that runs
downwards, 400 ``bad_wanted``) before anything is written."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from adapters.web.api import bodies
from adapters.web.errors import bad_request
from service.language.numbers import Bounds
from service.seeks.seeks import LASTS
from service.seeks.terms import SeekTerms, Wanted

RATING = Bounds(0, 4000)
PERCENT = Bounds(0, 100)
DAYS = Bounds(1, 30)


def seek_terms(body: dict[str, Any]) -> SeekTerms:
    """The game a seek or a wait offers; rated unless ``"rated": false``."""
    if "opponent" in body:
        raise bad_request(
            "'opponent' is not a field of a seek: whoever accepts it is the opponent.",
            "bad_field",
        )
    options = bodies.game_options(body, ("friend",))
    rated = True if options.rated is None else options.rated
    return SeekTerms.of(options.variant, options.terms, options.time_control, rated)


def wanted(body: dict[str, Any]) -> Wanted:
    """Whom it admits: ``rating_range`` [low, high] (either null for open) and
    ``min_reliability`` (per cent of finished games not abandoned)."""
    given = body.get("rating_range")
    low = high = None
    if given is not None:
        if not isinstance(given, list) or len(given) != 2:
            raise bad_request(
                "'rating_range' must be [low, high], each a whole number or null.", "bad_field"
            )
        low = bodies.whole({"rating_range": given[0]}, "rating_range", RATING)
        high = bodies.whole({"rating_range": given[1]}, "rating_range", RATING)
    least = bodies.whole(body, "min_reliability", PERCENT)
    return Wanted(low, high, least or 0)


def lasts(body: dict[str, Any]) -> timedelta:
    """How long a seek stays in the lobby: ``days`` (a week unless given)."""
    days = bodies.whole(body, "days", DAYS)
    return LASTS if days is None else timedelta(days=days)


def no_days(body: dict[str, Any]) -> None:
    """A wait lasts until the player is paired or leaves: ``days`` is refused."""
    if "days" in body:
        raise bad_request(
            "'days' is not a field of a wait: it lasts until you are paired or leave.",
            "bad_field",
        )
