"""Generated patterns of duplicate, stale and racing inbound messages, one per decision.

A pattern is everything that reaches the service while one player owes a decision at version V:
the mover's own command on their channel (Ana's button press or typed text on Telegram, Ben's
reply to his latest mail) delivered one to three times — the same update id again, the same
message under a new update id, the same mail (same ``Message-ID``) again — web API submissions
racing it from threads with the same V (the same move, another legal move, or the other
player's), and noise from the past: a press of a button drawn for an older position, a reply to
an older mail's address, an earlier update's message or an earlier mail delivered again.  The deliveries are
shuffled, and copies may come while the original is being handled.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

PRIMARY = ("press", "text", "reply")
NOISE = ("old_press", "old_reply", "old_update", "old_mail")


@dataclass(frozen=True)
class Racer:
    """A web submission: by the mover or the other player; the mover's move or another one."""

    by_mover: bool
    same_move: bool


@dataclass(frozen=True)
class Pattern:
    number: int
    primary: str
    """``press``/``text`` when Ana moves (Telegram), ``reply`` when Ben does (email), ``none``
    when only the web moves."""
    copies: int
    """How often the primary message is delivered."""
    same_id: bool
    """Telegram: a copy is the same update id again (else the same message, a new update id)."""
    late: bool
    """The copies arrive while the channels are handling the original (else before)."""
    racers: tuple[Racer, ...]
    noise: tuple[str, ...]
    seed: int


def generate(rng: random.Random, number: int, ana_moves: bool) -> Pattern:
    """A pattern for a decision that Ana (or Ben) owes."""
    if rng.random() < 0.1:
        primary = "none"
    else:
        primary = rng.choice(("press", "press", "text")) if ana_moves else "reply"
    racers = tuple(
        Racer(by_mover=rng.random() < 0.8, same_move=rng.random() < 0.5)
        for _ in range(rng.choice((0, 1, 2, 3, 4)))
    )
    if primary == "none" and not racers:
        racers = (Racer(True, True),)
    noise = tuple(rng.sample(NOISE, rng.choice((0, 0, 1, 2))))
    return Pattern(
        number,
        primary,
        copies=rng.choice((1, 2, 2, 3)),
        same_id=rng.random() < 0.5,
        late=rng.random() < 0.5,
        racers=racers,
        noise=noise,
        seed=rng.randrange(2**32),
    )
