"""Why an action is illegal, as values a player can read.

Each rejection is its own class with a stable ``code`` and named ``params``, so a channel can
translate it (the English ``template``, marked with ``N_``, is its message id in the catalogs) and
tests can match on the kind of mistake.
Raising one never changes state (I8): ``decide`` raises before returning any event.
"""

from __future__ import annotations

from typing import ClassVar


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it: each channel translates the
    template for its own player (``service.language.translation``), so the rules stay free of languages."""
    return message


class IllegalAction(Exception):
    """An action the rules reject, with a message that says what was wrong."""

    code: ClassVar[str] = "illegal_action"
    template: ClassVar[str] = N_("That move is not allowed now.")

    def __init__(self, **params: object) -> None:
        # Unformatted (cards stay Card/CardSet) so a channel can spell them in the player's deck
        # faces and language; the English message uses the canonical spelling.  Text a player
        # wrote is echoed cut short: a refusal quotes the mistake, not the whole of a long input.
        self.params = {name: _cut(value) for name, value in params.items()}
        super().__init__(self.template.format(**self.params))

    @property
    def message(self) -> str:
        return str(self)


LONGEST_ECHO = 120
"""Characters of a text parameter a refusal repeats."""


def _cut(value: object) -> object:
    if type(value) is str and len(value) > LONGEST_ECHO:
        return value[: LONGEST_ECHO - 1] + "…"
    return value


class MatchNotStarted(IllegalAction):
    code = "match_not_started"
    template = N_("The match has not started yet.")


class MatchAlreadyStarted(IllegalAction):
    code = "match_already_started"
    template = N_("The match has already started.")


class MatchOver(IllegalAction):
    code = "match_over"
    template = N_("The match is over.")


class NoDealInPlay(IllegalAction):
    code = "no_deal_in_play"
    template = N_("No deal is being played: the next deal has not been dealt yet.")


class FlipPending(IllegalAction):
    code = "flip_pending"
    template = N_(
        "The top card of the stock has not been turned up yet. It turns up by itself; "
        "then you decide whether to take it."
    )


class NotYourTurn(IllegalAction):
    code = "not_your_turn"
    template = N_("It is not your turn: the game is waiting for player {seat}.")


class MustAnswerForce(IllegalAction):
    code = "must_answer_force"
    template = N_("Your opponent refused {card}, which fits their table: answer force or no force.")


class NothingToForce(IllegalAction):
    code = "nothing_to_force"
    template = N_("There is nothing to force now: forcing is only possible right after a refusal.")


class MustDiscardAfterForce(IllegalAction):
    code = "must_discard_after_force"
    template = N_(
        "You were forced to lay off {card}: now discard a card from your hand (discard …)."
    )


class ForcedLayOffOnly(IllegalAction):
    code = "forced_lay_off_only"
    template = N_(
        "When forced you only lay off {card} where it fits and discard; you can't put down "
        "other cards or regroup your table now."
    )


class DiscardWithoutTake(IllegalAction):
    code = "discard_without_take"
    template = N_(
        "You can't just discard: take {card} with cards from your hand (take … discard …) or pass."
    )


class CardNotInHand(IllegalAction):
    code = "card_not_in_hand"
    template = N_("You don't hold {card}.")


class CardOnYourTable(IllegalAction):
    code = "card_on_your_table"
    template = N_("{card} is already on your table; table cards never go back to your hand.")


class CenterCardInList(IllegalAction):
    code = "center_card_in_list"
    template = N_(
        "{card} is the center card: it goes onto your table by itself; name only hand cards."
    )


class DiscardRequired(IllegalAction):
    code = "discard_required"
    template = N_("After melding you must discard one card from your hand (… discard {example}).")


class CenterCardNotDiscardable(IllegalAction):
    code = "center_card_not_discardable"
    template = N_(
        "You can't discard {card}: taking the center card means melding it. To decline it, pass."
    )


class DiscardAlsoPutDown(IllegalAction):
    code = "discard_also_put_down"
    template = N_("You can't both put down and discard {card}.")


class TooFewCards(IllegalAction):
    code = "too_few_cards"
    template = N_(
        "{cards} can't make a combination: a set or sequence needs at least 3 cards, "
        "so put down at least two cards from your hand with {center}."
    )


class NoArrangement(IllegalAction):
    code = "no_arrangement"
    template = N_(
        "{cards} can't all be arranged into combinations with your table: every card must end "
        "in a set (3 or 4 of a rank) or a sequence (3 to 8 of one suit in order; "
        "A low, 7 next to J)."
    )


class NotTheSameCards(IllegalAction):
    code = "not_the_same_cards"
    template = N_(
        "That table must hold exactly your table cards, {center} and the cards you put down."
    )


class HandCardsWithCenterOnly(IllegalAction):
    code = "hand_cards_with_center_only"
    template = N_(
        "In this game every card you put down must join {center} in the same combination."
    )


class CombinationsOnlyGrow(IllegalAction):
    code = "combinations_only_grow"
    template = N_(
        "In this game your combinations may only grow: you can't split them, merge them or "
        "move their cards to another combination."
    )


class MeldNeedsCenter(IllegalAction):
    code = "meld_needs_center"
    template = N_("You can only put cards down when you take the center card.")


class HandMeldOnlyOnOwnFlip(IllegalAction):
    code = "hand_meld_only_on_own_flip"
    template = N_("You may meld from your hand only when you refuse a card you turned up yourself.")


class NotOnYourTable(IllegalAction):
    code = "not_on_your_table"
    template = N_("{card} is not on your table.")


class DoesNotFit(IllegalAction):
    code = "does_not_fit"
    template = N_("{card} doesn't fit the combination with {onto}.")


class BadDeck(IllegalAction):
    code = "bad_deck"
    template = N_("A deck order must hold each of the 40 cards exactly once.")


class BadStart(IllegalAction):
    code = "bad_start"
    template = N_("The match can't start this way: {reason}.")
