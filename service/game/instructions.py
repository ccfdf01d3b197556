"""Standing instructions: decisions a player makes in advance, applied the moment they come.

A Conquian turn is several small decisions by both players; at a day per decision a deal would
take weeks.  A player may leave instructions in a game (``auto …`` in the grammar), each stored
canonically in an ``InstructionGiven`` event and revoked by ``InstructionWithdrawn``:

``pass unmeldable``
    Refuse the center card when no take of it is possible (the only legal choice anyway).
    *Reveals:* an instant pass tells the opponent the card was of no use to you: nothing in your
    hand melds with it.  A pass that waits for you tells them nothing.
``never force`` / ``always force``
    Answer the force window at once.  The two conflict: the one given later wins (giving one
    withdraws the other).  *Reveals:* an instant answer shows that you did not weigh this card,
    so the opponent may guess you will answer every window the same way, and plan their refusals
    around it.
``take 7H [with 5H 6H] [discard KS]``
    When 7H is the center card for you to decide on, take it putting down exactly the hand cards
    after ``with`` (without ``with``: the take putting down the most cards) and discard the card
    after ``discard`` (without it: the greedy bot's discard).  *Reveals:* an instant take shows you
    were waiting for that card, as the take itself largely does; while the instruction stands
    nothing is shown.  An instruction whose cards are no longer in your hand, or whose take is no
    longer legal, simply does not apply.

Without instructions nothing is played for a player before their deadline.  Instructions never
answer a forced lay-off.  The text of an instruction names the player's own cards, so it is never
narrated to the opponent (``news.describe`` says only that instructions changed).

Pure: parses text, picks the instructed action from a ``PlayerView``.  Imports the rules and
``bots`` (for the greedy discard), nothing with effects.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.bots.policies import NoChance, greedy_bot
from service.game.events import InstructionGiven, InstructionWithdrawn
from service.game.instruction_errors import (
    InstructionCardInHand,
    InstructionCardMissing,
    InstructionNotACard,
    InstructionOneCard,
    InstructionRepeatedCard,
    InstructionRepeatedWord,
    InstructionStanding,
    NoInstructions,
    NoSuchInstruction,
    UnknownInstruction,
)
from service.game.state import PASSES_COUNTED, Game
from service.language.notation import CardSpellingError, card_text, parse_card
from service.rules.actions import Force, NoForce, PlayerAction, Refuse, Take
from service.rules.cards import Card, CardSet
from service.rules.errors import N_, CardNotInHand
from service.rules.legal import only_pass
from service.rules.seats import Phase, Seat
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView

PASS_UNMELDABLE = "pass unmeldable"
NEVER_FORCE = "never force"
ALWAYS_FORCE = "always force"
_ALIASES = {
    "pass": PASS_UNMELDABLE,
    "pass unmeldable": PASS_UNMELDABLE,
    "refuse unmeldable": PASS_UNMELDABLE,
    "never force": NEVER_FORCE,
    "no force": NEVER_FORCE,
    "always force": ALWAYS_FORCE,
    "force": ALWAYS_FORCE,
}
_CONFLICTS = {NEVER_FORCE: ALWAYS_FORCE, ALWAYS_FORCE: NEVER_FORCE}

REVEALS = {
    PASS_UNMELDABLE: N_("an instant pass tells your opponent the card melds with nothing you hold"),
    NEVER_FORCE: N_("an instant answer tells your opponent you will never force"),
    ALWAYS_FORCE: N_("an instant answer tells your opponent you will always force"),
    "take": N_("an instant take tells your opponent you were waiting for that card"),
}
"""What each instruction shows the opponent when it applies (``prompts`` shows it to the player,
translated)."""


@dataclass(frozen=True, slots=True)
class TakeOrder:
    """``take <card> [with <cards>] [discard <card>]`` as values."""

    card: Card
    with_cards: CardSet | None = None
    discard: Card | None = None

    @property
    def text(self) -> str:
        """The canonical text (canonical card names, the cards in canonical order)."""
        words = ["take", str(self.card)]
        if self.with_cards is not None:
            words += ["with", *(str(one) for one in self.with_cards)]
        if self.discard is not None:
            words += ["discard", str(self.discard)]
        return " ".join(words)

    def named(self) -> CardSet:
        """The hand cards the instruction names (to put down or to discard)."""
        discard = 0 if self.discard is None else 1 << self.discard
        return CardSet((self.with_cards or 0) | discard)


def parse_instruction(text: str, faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """The canonical form of an instruction a player wrote (cards in the deck faces in use)."""
    words = text.replace(",", " ").lower().split()
    known = _ALIASES.get(" ".join(words))
    if known is not None:
        return known
    if words[:1] == ["take"]:
        return _take_order(words[1:], faces).text
    raise UnknownInstruction(text=text.strip())


def take_order(canonical: str) -> TakeOrder | None:
    """The take a canonical ``take …`` instruction stands for; None for the other instructions."""
    if not canonical.startswith("take "):
        return None
    return _take_order(canonical.lower().split()[1:], DeckFaces.FRENCH)


def conflicting(canonical: str) -> str | None:
    """The instruction that ``canonical`` replaces when given (``always`` / ``never force``)."""
    return _CONFLICTS.get(canonical)


def given(
    standing: tuple[str, ...], view: PlayerView, canonical: str
) -> list[InstructionGiven | InstructionWithdrawn]:
    """The events of ``view.seat`` leaving ``canonical``: a conflicting one is withdrawn first."""
    if canonical in standing:
        raise InstructionStanding(text=canonical)
    check_instruction(canonical, view)
    other = conflicting(canonical)
    replaced = [InstructionWithdrawn(view.seat, other)] if other in standing else []
    return [*replaced, InstructionGiven(view.seat, canonical)]


def withdrawn(
    standing: tuple[str, ...], seat: Seat, canonical: str | None
) -> list[InstructionWithdrawn]:
    """The events of ``seat`` withdrawing ``canonical``, or all its instructions (None)."""
    if canonical is None:
        if not standing:
            raise NoInstructions()
        return [InstructionWithdrawn(seat, one) for one in standing]
    if canonical not in standing:
        raise NoSuchInstruction(text=canonical)
    return [InstructionWithdrawn(seat, canonical)]


def check_instruction(canonical: str, view: PlayerView) -> None:
    """Refuse a take instruction that could never apply to this hand: the cards it puts down or
    discards must be in hand, and the card it takes must not be."""
    order = take_order(canonical)
    if order is None:
        return
    if view.hand >> order.card & 1:
        raise InstructionCardInHand(card=order.card)
    for one in order.named():
        if not view.hand >> one & 1:
            raise CardNotInHand(card=one)


def instructed(view: PlayerView, instructions: tuple[str, ...]) -> PlayerAction | None:
    """The action the first applicable instruction asks for in ``view``, or None."""
    if not view.is_my_decision:
        return None
    for canonical in _in_force(instructions):
        action = _applied(view, canonical)
        if action is not None:
            return action
    return None


def instruction_text(canonical: str, faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """A canonical instruction with its cards spelled in the deck faces in use."""
    order = take_order(canonical)
    if order is None or faces is DeckFaces.FRENCH:
        return canonical
    words = ["take", card_text(order.card, faces)]
    if order.with_cards is not None:
        words += ["with", *(card_text(one, faces) for one in order.with_cards)]
    if order.discard is not None:
        words += ["discard", card_text(order.discard, faces)]
    return " ".join(words)


SUGGEST_AFTER = PASSES_COUNTED - 1
"""Passes with no choice a player makes before ``auto pass`` is suggested to them, once."""


def suggests_auto_pass(game: Game, seat: Seat) -> bool:
    """Whether to suggest ``auto pass`` to ``seat`` now (issue 34): passing is all it can do, for
    the third time in this game, and no ``pass unmeldable`` stands.  Counted from the log
    (``Game.only_passes``), so it is said at one decision only: once a game, on every channel."""
    return (
        game.only_passes[seat] == SUGGEST_AFTER
        and PASS_UNMELDABLE not in game.clocks.instructions[seat]
        and only_pass(game.rules, seat)
    )


def reveals(canonical: str) -> str:
    """What the instruction shows the opponent when it applies (an English message id)."""
    return REVEALS["take" if canonical.startswith("take ") else canonical]


def _in_force(instructions: tuple[str, ...]) -> list[str]:
    """The instructions in order, without one overridden by a conflicting one given later."""
    return [
        one for at, one in enumerate(instructions) if conflicting(one) not in instructions[at + 1 :]
    ]


def _applied(view: PlayerView, canonical: str) -> PlayerAction | None:
    seat = view.seat
    if view.phase is Phase.FORCE_WINDOW:
        if canonical in (NEVER_FORCE, ALWAYS_FORCE):
            return NoForce(seat) if canonical == NEVER_FORCE else Force(seat)
        return None
    if view.phase is not Phase.DECIDE:
        return None
    if canonical == PASS_UNMELDABLE:
        only_refusal = all(isinstance(a, Refuse) and not a.meld for a in view.legal_actions)
        return Refuse(seat) if only_refusal else None
    order = take_order(canonical)
    return None if order is None else _take(view, order)


def _take(view: PlayerView, order: TakeOrder) -> Take | None:
    """The take ``order`` asks for, if ``order.card`` is the center card and the take is legal."""
    if view.center != order.card:
        return None
    takes = [a for a in view.legal_actions if isinstance(a, Take)]
    if order.with_cards is not None:
        takes = [a for a in takes if a.put_down == order.with_cards]
    elif takes:
        most = max(len(a.put_down) for a in takes)
        takes = [a for a in takes if len(a.put_down) == most]
    if order.discard is not None:
        takes = [a for a in takes if a.discard == order.discard]
    if not takes:
        return None
    chosen = greedy_bot(view._replace(legal_actions=tuple(takes)), NoChance())
    assert isinstance(chosen, Take)
    return chosen


def _take_order(words: list[str], faces: DeckFaces) -> TakeOrder:
    """``<card> [with <cards>] [discard <card>]`` after ``take`` (``with`` and ``discard`` in
    either order)."""
    parts = _sections(words)
    taken = _one(parts["take"], "take", faces)
    with_words = parts.get("with")
    if with_words is not None and not with_words:
        raise InstructionCardMissing(word="with")
    with_cards = None if with_words is None else [_card(word, faces) for word in with_words]
    discard_words = parts.get("discard")
    discard = None if discard_words is None else _one(discard_words, "discard", faces)
    named = [taken, *(with_cards or ()), *([] if discard is None else [discard])]
    for at, one in enumerate(named):
        if one in named[:at]:
            raise InstructionRepeatedCard(card=one)
    return TakeOrder(taken, None if with_cards is None else CardSet.of(with_cards), discard)


def _sections(words: list[str]) -> dict[str, list[str]]:
    """The words after ``take``, ``with`` and ``discard``, by keyword; each keyword once."""
    parts: dict[str, list[str]] = {"take": []}
    current = "take"
    for word in words:
        if word in ("with", "discard"):
            if word in parts:
                raise InstructionRepeatedWord(word=word)
            current = word
            parts[word] = []
        else:
            parts[current].append(word)
    return parts


def _one(words: list[str], keyword: str, faces: DeckFaces) -> Card:
    if not words:
        raise InstructionCardMissing(word=keyword)
    if len(words) > 1:
        raise InstructionOneCard(word=keyword, count=len(words))
    return _card(words[0], faces)


def _card(word: str, faces: DeckFaces) -> Card:
    try:
        return parse_card(word, faces)
    except CardSpellingError:
        raise InstructionNotACard(text=word) from None
