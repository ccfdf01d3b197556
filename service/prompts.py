"""What a player is told they can do: actions written back as commands, options and help.

Everything here is built from a ``PlayerView`` only, so it can never mention a hidden card.
English for now; every channel shows these same sentences.
"""

from __future__ import annotations

from .instructions import instruction_text, reveals
from .notation import card_text, cards_text
from .rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Resign, Take
from .rules.cards import Card, CardSet
from .rules.errors import IllegalAction
from .rules.seats import Phase
from .rules.variants import DeckFaces
from .rules.view import PlayerView


def action_text(action: PlayerAction, faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """The command that asks for ``action``; ``parse_command`` reads it back as the same action."""
    match action:
        case Take(put_down=put_down, discard=discard):
            words = ["take", cards_text(put_down, faces)]
            if discard is not None:
                words += ["discard", card_text(discard, faces)]
            return " ".join(word for word in words if word)
        case Refuse(meld=meld):
            return f"pass meld {cards_text(meld, faces)}" if meld else "pass"
        case Force():
            return "force"
        case NoForce():
            return "no force"
        case Discard(card=one, onto=onto):
            text = f"discard {card_text(one, faces)}"
            return text if onto is None else f"{text} onto {card_text(onto, faces)}"
        case Resign():
            return "resign"
    raise TypeError(f"not a player action: {action!r}")


def error_text(error: IllegalAction, faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """The rejection's message with its cards spelled in the deck faces in use."""
    params = {name: _spelled(value, faces) for name, value in error.params.items()}
    return error.template.format(**params)


def _spelled(value: object, faces: DeckFaces) -> object:
    if isinstance(value, CardSet):
        return cards_text(value, faces)
    if isinstance(value, Card):
        return card_text(value, faces)
    return value


def options_text(view: PlayerView) -> str:
    """One or two sentences saying what this player can do now."""
    faces = view.variant.deck_faces
    center = "" if view.center is None else card_text(view.center, faces)
    if view.phase is Phase.OVER:
        return "The match is over."
    if view.phase in (Phase.NEW, Phase.DEALING, Phase.FLIP):
        return "Waiting for the next deal."
    if not view.is_my_decision:
        assert view.to_act is not None
        if view.phase is Phase.FORCE_WINDOW:
            return f"Player {view.to_act.number} is deciding whether to force {center} on you."
        return f"Waiting for player {view.to_act.number}."
    if view.phase is Phase.FORCE_WINDOW:
        return (
            f"Your opponent refused {center}, which fits their table: "
            "force it on them (force) or let the refusal stand (no force)."
        )
    if view.phase is Phase.FORCED:
        return _forced_options(view, center)
    return _decide_options(view, center)


def _forced_options(view: PlayerView, center: str) -> str:
    faces = view.variant.deck_faces
    example = action_text(view.legal_actions[0], faces)
    text = f"You must lay off {center} and discard a card from your hand, for example: {example}."
    if any(isinstance(a, Discard) and a.onto is not None for a in view.legal_actions):
        text += f" Add 'onto' and a card to choose the combination {center} joins."
    return text


def _decide_options(view: PlayerView, center: str) -> str:
    faces = view.variant.deck_faces
    takes = [a for a in view.legal_actions if isinstance(a, Take)]
    melds = [a for a in view.legal_actions if isinstance(a, Refuse) and a.meld]
    also = (
        f" You may also meld from your hand as you pass: {action_text(melds[0], faces)}."
        if melds
        else ""
    )
    if not takes:
        return f"{center} doesn't fit anything you hold: pass.{also}"
    going_out = [a for a in takes if a.discard is None]
    if going_out:
        return f"You can go out: {action_text(going_out[0], faces)}. Or pass.{also}"
    example = max(takes, key=lambda a: len(a.put_down))
    return (
        f"Take {center} with cards from your hand, for example: {action_text(example, faces)}; "
        f"or pass.{also}"
    )


HELP = """Commands (any case; cards like 7h, jc, Q♠ — there are no 8s, 9s or 10s):
  take 5c 5d discard ks    meld the center card with 5C 5D from your hand, then discard KS
  take 5c 5d | kc kd ks discard 2h
                           put down several groups at once; '|' shows how you want them grouped
  take discard ks          add the center card to your table on its own, then discard
  take 7c 7d               melding your last cards with the center card goes out (no discard)
  force / no force         after your opponent refuses a card that fits their table
  discard 2h [onto 7s]     after being forced: the card joins your table, you discard 2H
  pass (or refuse)         refuse the center card
  hand                     show your hand and the table again
  help                     this list
  resign                   give up the match
  claim                    win the match once your opponent's deadline has passed
  extend [2h]              give your opponent more time instead (24 hours unless you say)
  vacation 3d              pause the clocks of all your games (14 days a year)
  auto                     list your standing instructions in this game
  settings                 your time zone, quiet hours and reminders: timezone Europe/Madrid,
                           quiet 22:00-08:00 (or off), remind half 1h (or off)
  auto never force         decide in advance: pass unmeldable, never force, always force,
                           take 7h [with 5h 6h] [discard ks]; 'auto off …' withdraws
Name only cards from your hand: the center card goes down by itself, and your table is rearranged
for you when needed."""


def help_text(view: PlayerView) -> str:
    """The command list, with the variant's extra command when it is on."""
    if view.variant.hand_meld_without_center:
        return (
            HELP + "\n  pass meld ks kh kd       refuse a card you turned and meld from your hand"
        )
    return HELP


def instructions_text(standing: tuple[str, ...], faces: DeckFaces = DeckFaces.FRENCH) -> str:
    """A player's standing instructions in a game, each with what it shows the opponent."""
    if not standing:
        return (
            "You have no standing instructions here: nothing is played for you before your "
            "deadline. Leave one with auto, for example: auto pass unmeldable."
        )
    lines = [f"  {instruction_text(one, faces)} — {reveals(one)}" for one in standing]
    return "Your standing instructions here (auto off … withdraws one):\n" + "\n".join(lines)
