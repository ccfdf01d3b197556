"""Where cards may go on a player's table under the match's variant flags.

``melds.py`` knows which groups of cards are combinations; this module applies the rules about
*whose* cards may be regrouped and when (R10.3, R10.4, R12, R14, variants ``rearrange``,
``hand_cards_on_take``, ``force_scope``), both to check one action and to list every legal one.
"""

from __future__ import annotations

from collections.abc import Callable

from service.rules.melds import (
    Partition,
    cover_uses,
    covers,
    is_valid_table,
    keeps_old_combinations,
    kept_whole,
    layoff_targets,
    lays_off,
    order_like,
    packing_masks,
    packings,
    partitions,
    preferred,
    table_mask,
    useful_cards,
)
from service.rules.seats import Source
from service.rules.variants import (
    ForceScope,
    ForceSources,
    Forcing,
    HandCardsOnTake,
    Rearrange,
    Variant,
)

Rule = Callable[[Partition], bool] | None
"""An extra condition on a new partition, or None when any partition will do."""


def _both(first: Rule, second: Rule) -> Rule:
    if first is None or second is None:
        return first or second
    return lambda partition: first(partition) and second(partition)


def _keeping(old: tuple[int, ...]) -> Rule:
    return keeps_old_combinations(old) if old else None


def _with_center(center_bit: int, hand: int) -> Rule:
    """``hand_cards_on_take=with_center_only``: hand cards only in the center card's combination."""

    def rule(partition: Partition) -> bool:
        return all(combo & center_bit or not combo & hand for combo in partition)

    return rule


def take_rule(variant: Variant, old: tuple[int, ...], center: int, hand: int) -> Rule:
    """The condition on a table after taking the center card (R10.3, R10.4)."""
    rule = _keeping(old) if variant.rearrange is Rearrange.EXTEND_ONLY else None
    if variant.hand_cards_on_take is HandCardsOnTake.WITH_CENTER_ONLY:
        rule = _both(rule, _with_center(1 << center, hand))
    return rule


def refusal_meld_rule(variant: Variant, old: tuple[int, ...]) -> Rule:
    """Hand melds on a refusal (A22) may regroup old combinations only under ``any_turn`` (R12.1)."""
    return None if variant.rearrange is Rearrange.ANY_TURN else _keeping(old)


def _allowed(candidates: list[Partition], rule: Rule) -> list[Partition]:
    return candidates if rule is None else [p for p in candidates if rule(p)]


def choose(
    old: tuple[int, ...], cards: int, rule: Rule, hints: tuple[int, ...]
) -> tuple[int, ...] | None:
    """The arrangement of ``cards`` the rules pick for the player (RULES A16), or None if none is legal."""
    return preferred(_allowed(partitions(cards), rule), old, hints)


def check_explicit(table: tuple[int, ...], cards: int, rule: Rule) -> bool:
    """True when a table the player spelled out holds exactly ``cards`` and obeys the rules."""
    return is_valid_table(table) and table_mask(table) == cards and (rule is None or rule(table))


def put_down_options(variant: Variant, old: tuple[int, ...], center: int, hand: int) -> list[int]:
    """Every distinct set of hand cards that can go down with the center card (R10)."""
    return _options(table_mask(old) | 1 << center, hand, take_rule(variant, old, center, hand))


def refusal_meld_options(variant: Variant, old: tuple[int, ...], hand: int) -> list[int]:
    """Every non-empty set of hand cards that may be melded along with a refusal (A22)."""
    options = _options(table_mask(old), hand, refusal_meld_rule(variant, old))
    return [option for option in options if option]


def _options(must: int, hand: int, rule: Rule) -> list[int]:
    """Sets of hand cards S such that ``must`` plus S can be arranged under ``rule``."""
    useful = useful_cards(must, hand)
    if useful is None:
        return []
    found: set[int] = set()
    if rule is None:
        for used in cover_uses(must, useful):
            found.update(used | extra for extra in packing_masks(useful & ~used))
    else:
        for cover in covers(must, useful):
            used = table_mask(cover) & hand
            for pack in packings(useful & ~used):
                if rule(cover + pack):
                    found.add(used | table_mask(pack))
    return sorted(found)


def is_forceable(variant: Variant, table: tuple[int, ...], center: int, source: Source) -> bool:
    """R14.1, R14.2, R14.7: may the opponent force the card just refused?"""
    if not table or variant.forcing is Forcing.DISABLED:
        return False
    if variant.force_sources is ForceSources.DISCARDS_ONLY and source is not Source.OFFERED_DISCARD:
        return False
    if variant.force_scope is ForceScope.DIRECT_LAYOFF:
        return lays_off(table, center)
    cards = table_mask(table) | 1 << center
    rule = _keeping(table) if variant.rearrange is Rearrange.EXTEND_ONLY else None
    return bool(_allowed(partitions(cards), rule))


def forced_tables(variant: Variant, table: tuple[int, ...], center: int) -> list[tuple[int, ...]]:
    """Every table the forced card can make without hand cards (R14.4), in the order offered.

    Under ``direct_layoff`` each is the old table with one fitting combination extended; under
    ``with_rearrangement`` only the regroupings that keep the most old combinations whole, so the
    player regroups no further than needed to take the card in (R14.4).
    """
    bit = 1 << center
    if variant.force_scope is ForceScope.DIRECT_LAYOFF:
        return [
            (*table[:i], table[i] | bit, *table[i + 1 :]) for i in layoff_targets(table, center)
        ]
    rule = _keeping(table) if variant.rearrange is Rearrange.EXTEND_ONLY else None
    candidates = _allowed(partitions(table_mask(table) | bit), rule)
    most = max((kept_whole(p, table) for p in candidates), default=0)
    return [order_like(p, table) for p in candidates if kept_whole(p, table) == most]
