"""What happened, in a sentence per event, as both players may be told it.

Only public facts are narrated: a deal's deck order is never described, and every card named here
was face up when the event happened.  English for now.
"""

from __future__ import annotations

from datetime import UTC, datetime

from .codec import LogEvent, is_rules_event
from .game_events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    DealCommitted,
    DealRevealed,
    GameOpened,
    InstructionGiven,
    InstructionWithdrawn,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TurnTimedOut,
    WinClaimed,
)
from .notation import card_text, cards_text
from .rules.cards import Card, CardSet
from .rules.events import (
    CardBuried,
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    DealDrawn,
    DealStarted,
    DealWon,
    Event,
    ForceDeclined,
    ForceWindowOpened,
    HandMelded,
    MatchEnded,
    MatchForfeited,
    MatchStarted,
    PlayerResigned,
    UpcardTurned,
)
from .rules.seats import Seat, Source
from .rules.variants import DeckFaces, Variant

_SOURCES = {
    Source.OWN_FLIP: "turned up from the stock",
    Source.OFFERED_DISCARD: "discarded by player {other}",
    Source.OFFERED_REFUSED_FLIP: "turned up and refused by player {other}",
    Source.UPCARD: "the upcard",
}


def center_text(
    one: Card, source: Source, player: Seat, faces: DeckFaces = DeckFaces.FRENCH
) -> str:
    """The center card and where it came from, for ``player`` (P) to decide on: ``7C (discarded by
    player 2)``."""
    return f"{card_text(one, faces)} ({_SOURCES[source].format(other=player.other.number)})"


def table_text(table: tuple[CardSet, ...], faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """A table as ``[5H 5C 5D] [AS 2S 3S]``, or ``(nothing)``."""
    return " ".join(f"[{cards_text(combo, faces)}]" for combo in table) or "(nothing)"


def narrate(event: Event, faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """One public sentence about ``event``."""

    def c(one: Card) -> str:
        return card_text(one, faces)

    match event:
        case MatchStarted(first_dealer=dealer):
            return f"The match begins; player {dealer.number} deals first."
        case DealStarted(number=number, dealer=dealer):
            return f"Deal {number}: player {dealer.number} deals ten cards each."
        case UpcardTurned(seat=seat, card=one):
            return f"Player {seat.number} turns up {c(one)} as the upcard."
        case CardTurnedUp(seat=seat, card=one):
            return f"Player {seat.number} turns up {c(one)}."
        case CenterCardTaken(seat=seat, card=one, put_down=put_down, table=table):
            used = f" with {cards_text(put_down, faces)}" if put_down else ""
            return f"Player {seat.number} takes {c(one)}{used}: {table_text(table, faces)}."
        case CardDiscarded(seat=seat, card=one):
            return f"Player {seat.number} discards {c(one)}."
        case CardRefused(seat=seat, card=one):
            return f"Player {seat.number} refuses {c(one)}."
        case HandMelded(seat=seat, put_down=put_down, table=table):
            melded = cards_text(put_down, faces)
            return f"Player {seat.number} melds {melded} from hand: {table_text(table, faces)}."
        case ForceWindowOpened(seat=seat):
            return f"It fits player {seat.other.number}'s table: player {seat.number} may force it."
        case ForceDeclined(seat=seat):
            return f"Player {seat.number} does not force."
        case CardForced(seat=seat):
            return f"Player {seat.number} forces it on player {seat.other.number}."
        case CardLaidOff(seat=seat, card=one, table=table):
            return f"Player {seat.number} lays off {c(one)}: {table_text(table, faces)}."
        case CardBuried(card=one):
            return f"{c(one)} is dead."
        case CardPassed(seat=seat, card=one):
            return f"{c(one)} passes to player {seat.other.number}."
        case DealWon(seat=seat, amount=amount):
            return f"Player {seat.number} goes out and wins {amount}."
        case DealDrawn(number=number):
            return f"The stock is exhausted: deal {number} is a draw."
        case MatchForfeited(seat=seat, reason=reason):
            why = (
                "too many turns ran out of time" if reason == "timeouts" else "the win was claimed"
            )
            return f"Player {seat.number} forfeits the match: {why}."
        case PlayerResigned(seat=seat):
            return f"Player {seat.number} resigns."
        case MatchEnded(winner=winner, scores=scores):
            score = f"{scores[0]} to {scores[1]}"
            if winner is None:
                return f"The match ends in a tie, {score}."
            return f"The match is over: player {winner.number} wins, {score}."
    raise TypeError(f"not an event: {event!r}")


_TIMEOUT_POLICIES = {
    "auto": "the safest choice is made for them",
    "bot": "the bot moves for them",
    "forfeit": "they forfeit the match",
}


def _utc(at: datetime) -> str:
    return f"{at.astimezone(UTC):%Y-%m-%d %H:%M} UTC"


def describe(event: LogEvent, variant: Variant) -> str:
    """One public sentence about any event of a game's log, moves and game events alike.

    ``DealCommitted`` is described by its digest only: its salt stays hidden until the deal ends.
    A standing instruction is described without its text, which names the player's own cards.
    """
    if is_rules_event(event):
        return narrate(event, variant.deck_faces)
    match event:
        case GameOpened(host=host):
            flags = ", ".join(f"{k}={v}" for k, v in variant.changed_flags().items())
            return f"{host} opens the game ({flags or 'the default rules'})."
        case PlayerJoined(player=player, seat=seat):
            return f"{player} joins as player {seat.number}."
        case DealCommitted(number=number, commitment=digest):
            return f"Deal {number}'s deck order is committed: SHA-256 {digest}."
        case DealRevealed(number=number, salt=salt):
            return f"Deal {number} is over; its salt is revealed: {salt}."
        case RematchOffered(player=player):
            return f"{player} offers a rematch."
        case RematchAccepted(player=player, game_id=game_id):
            return f"{player} accepts the rematch: game {game_id}."
        case TurnTimedOut(seat=seat, policy=policy):
            return f"Player {seat.number} ran out of time: {_TIMEOUT_POLICIES[policy]}."
        case WinClaimed(seat=seat):
            return f"Player {seat.number} claims the win: the opponent's time ran out."
        case DeadlineExtended(seat=seat, until=until):
            return f"Player {seat.number} gives the opponent until {_utc(until)}."
        case ClockPaused(seat=seat, until=until):
            return f"Player {seat.number} is on vacation until {_utc(until)}; their clock stops."
        case ClockResumed(seat=seat):
            return f"Player {seat.number} is back from vacation; their clock runs again."
        case InstructionGiven(seat=seat) | InstructionWithdrawn(seat=seat):
            return f"Player {seat.number} changes their standing instructions."
    raise TypeError(f"not an event: {event!r}")
