"""What happened, in a sentence per event, as both players may be told it.

Only public facts are narrated: a deal's deck order is never described, and every card named here
was face up when the event happened.  Each sentence is a catalog message in the reader's language
(``tr``), with the seats called by the names the channel knows (``player 1`` otherwise).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime

from service.game.codec import LogEvent, is_rules_event
from service.game.events import (
    ClockPaused,
    ClockResumed,
    DeadlineExtended,
    DealCommitted,
    DealRevealed,
    GameCancelled,
    GameOpened,
    InstructionGiven,
    InstructionWithdrawn,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TurnTimedOut,
    WinClaimed,
)
from service.language.notation import card_text, cards_text
from service.language.translation import ENGLISH, Translator
from service.rules.cards import Card, CardSet
from service.rules.events import (
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
from service.rules.seats import Seat, Source
from service.rules.variants import DeckFaces, Variant


def seat_names(tr: Translator = ENGLISH) -> tuple[str, str]:
    """How a narration names the seats when it knows no names: ``player 1``, ``player 2``."""
    return (
        tr.gettext("player {number}", number=1),
        tr.gettext("player {number}", number=2),
    )


def center_text(
    one: Card,
    source: Source,
    player: Seat,
    faces: DeckFaces = DeckFaces.FRENCH,
    tr: Translator = ENGLISH,
    names: tuple[str, str] | None = None,
) -> str:
    """The center card and where it came from, for ``player`` (P) to decide on: ``7C (discarded by
    player 2)``."""
    other = (names or seat_names(tr))[player.other]
    card = card_text(one, faces)
    match source:
        case Source.OWN_FLIP:
            return tr.gettext("{card} (turned up from the stock)", card=card)
        case Source.OFFERED_DISCARD:
            return tr.gettext("{card} (discarded by {player})", card=card, player=other)
        case Source.OFFERED_REFUSED_FLIP:
            return tr.gettext("{card} (turned up and refused by {player})", card=card, player=other)
        case Source.UPCARD:
            return tr.gettext("{card} (the upcard)", card=card)
    raise TypeError(f"not a source: {source!r}")


def table_text(
    table: tuple[CardSet, ...], faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH
) -> str:
    """A table as ``[5H 5C 5D] [AS 2S 3S]``, or ``(nothing)``."""
    return " ".join(f"[{cards_text(combo, faces)}]" for combo in table) or tr.gettext("(nothing)")


def narrate(
    event: Event,
    faces: DeckFaces = DeckFaces.FRENCH,
    tr: Translator = ENGLISH,
    names: tuple[str, str] | None = None,
) -> str:
    """One public sentence about ``event``, the seats called by ``names`` (``player 1`` …)."""
    names = names or seat_names(tr)
    return _opened(_narrated(event, faces, tr, names), names)


def _narrated(event: Event, faces: DeckFaces, tr: Translator, names: tuple[str, str]) -> str:
    def c(one: Card) -> str:
        return card_text(one, faces)

    def table(of: tuple[CardSet, ...]) -> str:
        return table_text(of, faces, tr)

    match event:
        case MatchStarted(first_dealer=dealer):
            return tr.gettext("The match begins; {player} deals first.", player=names[dealer])
        case DealStarted(number=number, dealer=dealer):
            return tr.gettext(
                "Deal {number}: {player} deals ten cards each.",
                number=number,
                player=names[dealer],
            )
        case UpcardTurned(seat=seat, card=one):
            return tr.gettext(
                "{player} turns up {card} as the upcard.", player=names[seat], card=c(one)
            )
        case CardTurnedUp(seat=seat, card=one):
            return tr.gettext("{player} turns up {card}.", player=names[seat], card=c(one))
        case CenterCardTaken(seat=seat, card=one, put_down=put_down, table=laid):
            if put_down:
                return tr.gettext(
                    "{player} takes {card} with {cards}: {table}.",
                    player=names[seat],
                    card=c(one),
                    cards=cards_text(put_down, faces),
                    table=table(laid),
                )
            return tr.gettext(
                "{player} takes {card}: {table}.",
                player=names[seat],
                card=c(one),
                table=table(laid),
            )
        case CardDiscarded(seat=seat, card=one):
            return tr.gettext("{player} discards {card}.", player=names[seat], card=c(one))
        case CardRefused(seat=seat, card=one):
            return tr.gettext("{player} refuses {card}.", player=names[seat], card=c(one))
        case HandMelded(seat=seat, put_down=put_down, table=laid):
            return tr.gettext(
                "{player} melds {cards} from hand: {table}.",
                player=names[seat],
                cards=cards_text(put_down, faces),
                table=table(laid),
            )
        case ForceWindowOpened(seat=seat):
            return tr.gettext(
                "It fits {other}'s table: {player} may force it.",
                other=names[seat.other],
                player=names[seat],
            )
        case ForceDeclined(seat=seat):
            return tr.gettext("{player} does not force.", player=names[seat])
        case CardForced(seat=seat):
            return tr.gettext(
                "{player} forces it on {other}.",
                player=names[seat],
                other=names[seat.other],
            )
        case CardLaidOff(seat=seat, card=one, table=laid):
            return tr.gettext(
                "{player} lays off {card}: {table}.",
                player=names[seat],
                card=c(one),
                table=table(laid),
            )
        case CardBuried(card=one):
            return tr.gettext("{card} is dead.", card=c(one))
        case CardPassed(seat=seat, card=one):
            return tr.gettext("{card} passes to {player}.", card=c(one), player=names[seat.other])
        case DealWon(seat=seat, amount=amount):
            return tr.gettext(
                "{player} goes out and wins {amount}.", player=names[seat], amount=amount
            )
        case DealDrawn(number=number):
            return tr.gettext("The stock is exhausted: deal {number} is a draw.", number=number)
        case MatchForfeited(seat=seat, reason=reason):
            if reason == "timeouts":
                return tr.gettext(
                    "{player} forfeits the match: too many turns ran out of time.",
                    player=names[seat],
                )
            return tr.gettext(
                "{player} forfeits the match: the win was claimed.", player=names[seat]
            )
        case PlayerResigned(seat=seat):
            return tr.gettext("{player} resigns.", player=names[seat])
        case MatchEnded(winner=winner, scores=scores):
            if winner is None:
                return tr.gettext(
                    "The match ends in a tie, {first} to {second}.",
                    first=scores[0],
                    second=scores[1],
                )
            return tr.gettext(
                "The match is over: {player} wins, {first} to {second}.",
                player=names[winner],
                first=scores[0],
                second=scores[1],
            )
    raise TypeError(f"not an event: {event!r}")


def capitalized(sentence: str) -> str:
    """The sentence with its first letter a capital (a name or ``player 1`` may open it)."""
    return sentence[:1].upper() + sentence[1:]


def _opened(sentence: str, names: tuple[str, str]) -> str:
    """A sentence that opens with a seat's name, capitalised (``Player 1 …``); one that opens
    with a player's id or name is left as written."""
    return capitalized(sentence) if sentence.startswith(names) else sentence


def _utc(at: datetime, tr: Translator) -> str:
    return tr.gettext("{when} UTC", when=tr.when(at.astimezone(UTC)))


def describe(
    event: LogEvent,
    variant: Variant,
    tr: Translator = ENGLISH,
    names: tuple[str, str] | None = None,
    players: Sequence[PlayerId | None] = (),
) -> str:
    """One public sentence about any event of a game's log, moves and game events alike.

    ``DealCommitted`` is described by its digest only: its salt stays hidden until the deal ends.
    A standing instruction is described without its text, which names the player's own cards.
    With the game's ``players`` by seat, an event that records a player by id (the opening, a
    join, a rematch) calls them by their seat's name in ``names``, as moves do, not by the id.
    """
    if is_rules_event(event):
        return narrate(event, variant.deck_faces, tr, names)
    seated = zip(players, names or (), strict=False)  # no players: nobody is called by name
    called = {player: name for player, name in seated if player is not None}
    names = names or seat_names(tr)
    return _opened(_described(event, variant, tr, names, called), names)


def _described(
    event: LogEvent,
    variant: Variant,
    tr: Translator,
    names: tuple[str, str],
    called: Mapping[PlayerId, str],
) -> str:
    match event:
        case GameOpened(host=host):
            host_name = called.get(host, host)
            flags = ", ".join(f"{k}={v}" for k, v in variant.changed_flags().items())
            if not flags:
                return tr.gettext("{host} opens the game (the default rules).", host=host_name)
            return tr.gettext("{host} opens the game ({flags}).", host=host_name, flags=flags)
        case PlayerJoined(player=player, seat=seat):
            seat_name = tr.gettext("player {number}", number=seat.number)
            return tr.gettext(
                "{name} joins as {player}.", name=called.get(player, player), player=seat_name
            )
        case DealCommitted(number=number, commitment=digest):
            return tr.gettext(
                "Deal {number}'s deck order is committed: SHA-256 {digest}.",
                number=number,
                digest=digest,
            )
        case DealRevealed(number=number, salt=salt):
            return tr.gettext(
                "Deal {number} is over; its salt is revealed: {salt}.", number=number, salt=salt
            )
        case GameCancelled(player=player):
            return tr.gettext("{name} calls the game off.", name=called.get(player, player))
        case RematchOffered(player=player):
            return tr.gettext("{name} offers a rematch.", name=called.get(player, player))
        case RematchAccepted(player=player, game_id=game_id):
            return tr.gettext(
                "{name} accepts the rematch: game {game}.",
                name=called.get(player, player),
                game=game_id,
            )
        case TurnTimedOut(seat=seat, policy=policy):
            return _timed_out(names[seat], policy, tr)
        case WinClaimed(seat=seat):
            return tr.gettext(
                "{player} claims the win: the opponent's time ran out.", player=names[seat]
            )
        case DeadlineExtended(seat=seat, until=until):
            return tr.gettext(
                "{player} gives the opponent until {when}.",
                player=names[seat],
                when=_utc(until, tr),
            )
        case ClockPaused(seat=seat, until=until):
            return tr.gettext(
                "{player} is on vacation until {when}; their clock stops.",
                player=names[seat],
                when=_utc(until, tr),
            )
        case ClockResumed(seat=seat):
            return tr.gettext(
                "{player} is back from vacation; their clock runs again.", player=names[seat]
            )
        case InstructionGiven(seat=seat) | InstructionWithdrawn(seat=seat):
            return tr.gettext("{player} changes their standing instructions.", player=names[seat])
    raise TypeError(f"not an event: {event!r}")


def _timed_out(player: str, policy: str, tr: Translator) -> str:
    if policy == "auto":
        return tr.gettext(
            "{player} ran out of time: the safest choice is made for them.", player=player
        )
    if policy == "bot":
        return tr.gettext("{player} ran out of time: the bot moves for them.", player=player)
    return tr.gettext("{player} ran out of time: they forfeit the match.", player=player)
