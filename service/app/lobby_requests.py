"""Typed requests of the lobby — open a game, join one, call one off, a rematch — and their
handling once per inbox key (``GameService.request``; a rematch is ``Rematches.requested``).

A channel parses its input into one of these and renders the typed reply.  Joining and calling
off record the reply in the same append as their events (``EventStore.append(inbox_reply=…)``),
as a move does; opening is idempotent by the request's key, so it is recorded right after.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from service.app.intake import InboxKey, Intake
from service.app.replies import Cancelled, Joined, Opened, Reply
from service.app.seating import Seating
from service.game.events import GameId, PlayerId, TimeControl
from service.rules.errors import IllegalAction
from service.rules.variants import DEFAULT, MatchTerms, Variant
from service.words.refusals import Refused


@dataclass(frozen=True, slots=True)
class OpenGame:
    host: PlayerId
    variant: Variant = DEFAULT
    terms: MatchTerms | None = None
    time_control: TimeControl | None = None
    opponent: PlayerId | None = None
    rated: bool | None = None
    """``rated`` or ``casual`` as asked; None for the default (``service.ratings.finished``)."""


@dataclass(frozen=True, slots=True)
class JoinGame:
    player: PlayerId
    invitation: str


@dataclass(frozen=True, slots=True)
class CallOff:
    player: PlayerId
    game_id: GameId


@dataclass(frozen=True, slots=True)
class Rematch:
    """Offer (or accept) a new game against the opponent of ``game_id``; None: of the player's
    last finished game."""

    player: PlayerId
    game_id: GameId | None = None


LobbyRequest = OpenGame | JoinGame | CallOff | Rematch


def handled_once(
    intake: Intake,
    at: InboxKey,
    payload: str,
    handle: Callable[[], Reply],
    game_id: GameId | None = None,
) -> Reply:
    """A request's reply: the one recorded under ``at``, or ``handle``'s now (a refusal, if it
    refuses, about ``game_id``), recorded unless ``handle`` recorded it with its events."""
    earlier = intake.earlier(at, payload)
    if earlier is not None:
        return earlier
    try:
        reply = handle()
    except IllegalAction as error:
        reply = Refused.of(error, game_id)
    return intake.record(at, reply)  # the reply a join or call-off recorded, if it did


Asked_contra = TypeVar("Asked_contra", contravariant=True)


class WayIn(Protocol[Asked_contra]):
    """A facade's way in for channels (``Lobby.request``, ``Tournaments.request``): a typed
    request handled once under its inbox key, so a channel's part that asks it is written once."""

    def request(self, source: str, key: str, payload: str, asked: Asked_contra, /) -> Reply: ...


def requested(
    intake: Intake | None, source: str, key: str, payload: str, answer: Callable[[str], Reply]
) -> Reply:
    """A channel's request of a facade (the lobby's seeks, the tournaments), handled once however
    often it is delivered: the same typed reply each time (a refusal too), recorded in the inbox
    under ``source``/``key``; ``answer`` is given that key, to make what it creates once."""
    assert intake is not None, "request() needs an inbox"
    return handled_once(intake, InboxKey(source, key), payload, lambda: answer(f"{source}:{key}"))


def lobby_reply(seating: Seating, at: InboxKey, request: OpenGame | JoinGame | CallOff) -> Reply:
    match request:
        case OpenGame(host, variant, terms, time_control, opponent, rated):
            key = f"{at.source}:{at.key}"  # handled again after a crash: the same game
            return Opened(
                seating.open_game(host, variant, terms, time_control, opponent, key, rated)
            )
        case JoinGame(player, invitation):
            game_id = seating.store_game_of(invitation)
            joined = Joined(game_id)
            seating.join(invitation, player, at.reply(joined))
            return joined
        case CallOff(player, game_id):
            cancelled = Cancelled(game_id)
            seating.cancel(game_id, player, at.reply(cancelled))
            return cancelled
