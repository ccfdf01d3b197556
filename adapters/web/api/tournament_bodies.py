"""What a new tournament's JSON body says (issue 37): ``format`` (``swiss`` or ``round-robin``),
``size`` (its seats), ``rounds`` (Swiss), ``double`` (round-robin), and the terms of its games as
``POST /api/v1/games`` takes them (``bodies.game_options``, without an opponent: the pairing
names each one), with how long entries stay open (``entry_days``), late entries (``late_until``,
Swiss) and a round's deadline (``round_days``; without it a round ends when its matches do).
Each field is refused by its own name (400); ``decide.check_terms`` checks what they mean."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from adapters.web.api import bodies
from adapters.web.errors import bad_request
from service.game.events import TimeControl
from service.language.numbers import Bounds
from service.tournaments.events import Format, RoundEnd, Terms

SIZE = Bounds(2, 1000)
ROUNDS = Bounds(1, 100)
ENTRY_DAYS = Bounds(1, 60)
ROUND_DAYS = Bounds(1, 365)
FORMATS = tuple(one.value for one in Format)


def tournament_terms(body: dict[str, Any], now: datetime) -> Terms:
    """The tournament the body asks for; its games rated unless ``"rated": false``."""
    if "opponent" in body:
        raise bad_request(
            "'opponent' is not a field of a tournament: the pairing names each opponent.",
            "bad_field",
        )
    if body.get("format") not in FORMATS:
        raise bad_request("'format' must be swiss or round-robin.", "bad_field")
    chosen = Format(body["format"])
    double = body.get("double", False)
    if not isinstance(double, bool):
        raise bad_request("'double' must be true or false.", "bad_field")
    if chosen is Format.SWISS and double:
        raise bad_request("'double' is a field of a round-robin only.", "bad_field")
    size = bodies.whole(body, "size", SIZE, required=True)
    rounds = bodies.whole(body, "rounds", ROUNDS, required=chosen is Format.SWISS)
    if chosen is Format.ROUND_ROBIN and rounds is not None:
        raise bad_request(
            "'rounds' is a field of a Swiss only: a round-robin's table sets them.", "bad_field"
        )
    options = bodies.game_options(body, ("friend",))
    entry_days = bodies.whole(body, "entry_days", ENTRY_DAYS) or 7
    round_days = bodies.whole(body, "round_days", ROUND_DAYS)
    assert size is not None
    return Terms(
        chosen,
        size,
        rounds or 0,
        double,
        options.variant,
        options.terms,
        options.time_control or TimeControl(),
        True if options.rated is None else options.rated,
        now + timedelta(days=entry_days),
        bodies.whole(body, "late_until", ROUNDS) or 1,
        RoundEnd.ALL_OVER if round_days is None else RoundEnd.DEADLINE,
        round_days or 0,
    )
