"""The player decisions of a turn (RULES §2.7–§2.16): take, refuse, force or not, discard when forced.

Each function checks the whole action first and only then builds events, so a rejected action
changes nothing (I8).  The automatic steps that follow a decision — the next flip, burying a
refused card, passing a refused flip on, the end of the deal — are emitted here too, because
no player decides them (A20).
"""

from __future__ import annotations

from dataclasses import replace

from service.rules.actions import Discard, Refuse, Take
from service.rules.arrangements import (
    Rule,
    check_explicit,
    choose,
    forced_tables,
    is_forceable,
    refusal_meld_rule,
    take_rule,
)
from service.rules.cards import Card, CardSet, lowest
from service.rules.endings import deal_drawn, deal_won
from service.rules.errors import (
    CardNotInHand,
    CardOnYourTable,
    CenterCardInList,
    CenterCardNotDiscardable,
    CombinationsOnlyGrow,
    DiscardAlsoPutDown,
    DiscardRequired,
    DiscardWithoutTake,
    DoesNotFit,
    ForcedLayOffOnly,
    HandCardsWithCenterOnly,
    HandMeldOnlyOnOwnFlip,
    IllegalAction,
    MeldNeedsCenter,
    MustAnswerForce,
    MustDiscardAfterForce,
    NoArrangement,
    NothingToForce,
    NotOnYourTable,
    NotTheSameCards,
    TooFewCards,
)
from service.rules.events import (
    CardBuried,
    CardDiscarded,
    CardForced,
    CardLaidOff,
    CardPassed,
    CardRefused,
    CardTurnedUp,
    CenterCardTaken,
    Event,
    ForceDeclined,
    ForceWindowOpened,
    HandMelded,
)
from service.rules.melds import table_mask
from service.rules.seats import Phase, Seat, Source
from service.rules.state import GameState
from service.rules.variants import ForcedTurn, HandCardsOnTake

Table = tuple[CardSet, ...]


def take(state: GameState, action: Take) -> list[Event]:
    """Meld the center card, with hand cards, then discard or go out (R10, R11, R15)."""
    _expect_decision(state)
    if state.phase is Phase.FORCED and state.variant.forced_turn is ForcedTurn.DISCARD_ONLY:
        if action.put_down:
            raise ForcedLayOffOnly(card=state.center)
        if action.discard is None:
            raise DiscardRequired(example=lowest(state.hands[action.seat]))
        if action.arrangement is not None:
            return _forced_as_arranged(state, action.seat, action.arrangement, action.discard)
        return discard(state, Discard(action.seat, action.discard))
    seat, center = action.seat, _center(state)
    _check_hand_cards(state, seat, action.put_down)
    remaining = state.hands[seat] & ~action.put_down
    _check_discard(state, seat, action.put_down, remaining, action.discard)
    table = _take_table(state, action)
    events: list[Event] = [CenterCardTaken(seat, center, CardSet(action.put_down), table)]
    if action.discard is not None:
        return [*events, CardDiscarded(seat, action.discard)]
    return events + deal_won(state, seat)


def refuse(state: GameState, action: Refuse) -> list[Event]:
    """Decline the center card; the opponent may force it, else it dies or passes on (R9, R14)."""
    if state.phase is not Phase.DECIDE:
        _expect_decision(state)
        raise MustDiscardAfterForce(card=state.center)
    seat, center = action.seat, _center(state)
    events: list[Event] = [CardRefused(seat, center)]
    table = state.tables[seat]
    if action.meld:
        table = _refusal_meld_table(state, action)
        events.append(HandMelded(seat, CardSet(action.meld), table))
    if is_forceable(state.match.variant, table, center, state.source or Source.OWN_FLIP):
        return [*events, ForceWindowOpened(seat.other)]
    return events + _resolve_refusal(state, seat)


def force(state: GameState, seat: Seat) -> list[Event]:
    """Make the refuser lay the card off; with an empty hand that is going out (R14.4, R16.3)."""
    if state.phase is not Phase.FORCE_WINDOW:
        raise NothingToForce()
    forced, center = state.player, _center(state)
    if state.hands[forced]:
        return [CardForced(seat)]
    table = forced_tables(state.variant, state.tables[forced], center)[0]
    laid_off = CardLaidOff(forced, center, _cardsets(table))
    return [CardForced(seat), laid_off, *deal_won(state, forced)]


def no_force(state: GameState, seat: Seat) -> list[Event]:
    """Let the refusal stand; it is resolved as if no force window had opened (R14.3)."""
    if state.phase is not Phase.FORCE_WINDOW:
        raise NothingToForce()
    return [ForceDeclined(seat), *_resolve_refusal(state, state.player)]


def discard(state: GameState, action: Discard) -> list[Event]:
    """After a force: lay the card off where it fits (``onto`` picks the combination), then discard."""
    if state.phase is Phase.FORCE_WINDOW:
        raise MustAnswerForce(card=state.center)
    if state.phase is not Phase.FORCED:
        raise DiscardWithoutTake(card=state.center)
    seat, center = action.seat, _center(state)
    table = state.tables[seat]
    if action.onto is not None and not table_mask(table) >> action.onto & 1:
        raise NotOnYourTable(card=action.onto)
    if state.variant.forced_turn is ForcedTurn.FULL_MELD_TURN:
        hints = () if action.onto is None else (CardSet(1 << center | 1 << action.onto),)
        return take(state, Take(seat, discard=action.card, hints=hints))
    _check_discard(state, seat, CardSet(0), state.hands[seat], action.card)
    tables = forced_tables(state.variant, table, center)
    if action.onto is not None:
        tables = [t for t in tables if _together(t, center, action.onto)]
        if not tables:
            raise DoesNotFit(card=center, onto=action.onto)
    return [CardLaidOff(seat, center, _cardsets(tables[0])), CardDiscarded(seat, action.card)]


def _forced_as_arranged(state: GameState, seat: Seat, table: Table, card: Card) -> list[Event]:
    """A forced lay-off spelled out as a whole table: only the tables R14.4 allows are accepted."""
    center = _center(state)
    wanted = set(table)
    if not any(
        set(allowed) == wanted
        for allowed in forced_tables(state.variant, state.tables[seat], center)
    ):
        raise ForcedLayOffOnly(card=center)
    _check_discard(state, seat, 0, state.hands[seat], card)
    return [CardLaidOff(seat, center, table), CardDiscarded(seat, card)]


def _resolve_refusal(state: GameState, seat: Seat) -> list[Event]:
    """RESOLVE_REFUSAL of §2.8: an own flip passes on; an offered card dies and P flips (or draws)."""
    center = _center(state)
    if is_own_flip(state, seat):
        return [CardPassed(seat, center)]
    buried: list[Event] = [CardBuried(center)]
    if state.source is Source.UPCARD:  # R8.6: the non-dealer's next turn starts with a flip
        return [*buried, CardTurnedUp(seat.other, state.deck[state.next_stock])]
    if state.next_stock == len(state.deck):
        return buried + deal_drawn(state)
    return [*buried, CardTurnedUp(seat, state.deck[state.next_stock])]


def is_own_flip(state: GameState, seat: Seat) -> bool:
    """True for a card ``seat`` turned up itself; the upcard counts as the non-dealer's own (R8.6)."""
    if state.source is Source.UPCARD:
        return seat == state.nondealer
    return state.source is Source.OWN_FLIP


def _expect_decision(state: GameState) -> None:
    if state.phase is Phase.FORCE_WINDOW:
        raise MustAnswerForce(card=state.center)


def _center(state: GameState) -> Card:
    assert state.center is not None, "a decision phase always has a center card"
    return state.center


def _check_hand_cards(state: GameState, seat: Seat, named: int) -> None:
    """Every card named to put down must be in the hand (R10.2)."""
    missing = named & ~state.hands[seat]
    if missing:
        raise _not_held(state, seat, lowest(missing))


def _not_held(state: GameState, seat: Seat, one: Card) -> IllegalAction:
    if one == state.center:
        return CenterCardInList(card=one)
    if table_mask(state.tables[seat]) >> one & 1:
        return CardOnYourTable(card=one)
    return CardNotInHand(card=one)


def _check_discard(
    state: GameState, seat: Seat, put_down: int, remaining: int, card: Card | None
) -> None:
    """R11: exactly one hand card is discarded unless the hand is empty, never the center card."""
    if card is None:
        if remaining:
            raise DiscardRequired(example=lowest(remaining))
        return
    if card == state.center:
        raise CenterCardNotDiscardable(card=card)
    if put_down >> card & 1:
        raise DiscardAlsoPutDown(card=card)
    if not state.hands[seat] >> card & 1:
        raise _not_held(state, seat, card)


def _take_table(state: GameState, action: Take) -> Table:
    """The player's whole table after the take, as spelled out or as the rules choose (A16)."""
    seat, center = action.seat, _center(state)
    old = state.tables[seat]
    cards = table_mask(old) | 1 << center | action.put_down
    rule = take_rule(state.match.variant, old, center, state.hands[seat])
    if action.arrangement is not None:
        if table_mask(action.arrangement) != cards:
            raise NotTheSameCards(center=center)
        if check_explicit(action.arrangement, cards, rule):
            return action.arrangement
        raise _meld_error(state, action, rule)
    table = choose(old, cards, rule, action.hints)
    if table is None:
        raise _meld_error(state, action, rule)
    return _cardsets(table)


def _meld_error(state: GameState, action: Take, rule: Rule) -> IllegalAction:
    """The most specific reason no arrangement exists: a variant's restriction, or too few cards."""
    center = _center(state)
    named = CardSet(action.put_down | 1 << center)
    old = state.tables[action.seat]
    cards = table_mask(old) | named
    variant = state.variant
    if variant.hand_cards_on_take is HandCardsOnTake.WITH_CENTER_ONLY:
        regrouping = take_rule(
            replace(variant, hand_cards_on_take=HandCardsOnTake.ANY), old, center, 0
        )
        if choose(old, cards, regrouping, ()) is not None:
            return HandCardsWithCenterOnly(center=center)
    if rule is not None and choose(old, cards, None, ()) is not None:
        return CombinationsOnlyGrow()
    if not old and len(named) < 3:
        return TooFewCards(cards=named, center=center)
    return NoArrangement(cards=named)


def _refusal_meld_table(state: GameState, action: Refuse) -> Table:
    """A22: melding from hand while refusing one's own flip, only under the variant."""
    if not state.variant.hand_meld_without_center:
        raise MeldNeedsCenter()
    if not is_own_flip(state, action.seat):
        raise HandMeldOnlyOnOwnFlip()
    _check_hand_cards(state, action.seat, action.meld)
    old = state.tables[action.seat]
    rule = refusal_meld_rule(state.variant, old)
    table = choose(old, table_mask(old) | action.meld, rule, action.hints)
    if table is None:
        raise NoArrangement(cards=CardSet(action.meld))
    return _cardsets(table)


def _together(table: tuple[int, ...], one: int, other: int) -> bool:
    pair = 1 << one | 1 << other
    return any(combo & pair == pair for combo in table)


def _cardsets(table: tuple[int, ...]) -> Table:
    return tuple(CardSet(combo) for combo in table)
