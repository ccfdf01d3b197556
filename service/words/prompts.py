"""What a player is told they can do: actions written back as commands, options and help.

Everything here is built from a ``PlayerView`` only, so it can never mention a hidden card.  Every
sentence is a catalog message in the reader's language (``tr``), and the commands it suggests are
written with that language's command words (``words.py``), which the grammar reads back.
"""

from __future__ import annotations

from service.game.instructions import PASS_UNMELDABLE, instruction_text, reveals
from service.language.notation import card_name, card_text, cards_text
from service.language.translation import ENGLISH, Translator
from service.language.vocabulary import word
from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Resign, Take
from service.rules.errors import N_
from service.rules.seats import Phase
from service.rules.variants import DeckFaces
from service.rules.view import PlayerView
from service.words.cast import anonymous


def action_text(
    action: PlayerAction, faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH
) -> str:
    """The command that asks for ``action``; ``parse_command`` reads it back as the same action."""
    match action:
        case Take(put_down=put_down, discard=discard):
            words = [word(tr, "take"), cards_text(put_down, faces)]
            if discard is not None:
                words += [word(tr, "discard"), card_text(discard, faces)]
            return " ".join(one for one in words if one)
        case Refuse(meld=meld):
            refuse = word(tr, "pass")
            return f"{refuse} {word(tr, 'meld')} {cards_text(meld, faces)}" if meld else refuse
        case Force():
            return word(tr, "force")
        case NoForce():
            return word(tr, "no force")
        case Discard(card=one, onto=onto):
            text = f"{word(tr, 'discard')} {card_text(one, faces)}"
            return text if onto is None else f"{text} {word(tr, 'onto')} {card_text(onto, faces)}"
        case Resign():
            return word(tr, "resign")
    raise TypeError(f"not a player action: {action!r}")


def options_text(
    view: PlayerView, tr: Translator = ENGLISH, names: tuple[str, str] | None = None
) -> str:
    """One or two sentences saying what this player can do now."""
    faces = view.variant.deck_faces
    center = "" if view.center is None else card_name(view.center, faces)
    if view.phase is Phase.OVER:
        return tr.gettext("The match is over.")
    if view.phase in (Phase.NEW, Phase.DEALING, Phase.FLIP):
        return tr.gettext("Waiting for the next deal.")
    if not view.is_my_decision:
        assert view.to_act is not None
        player = (names or anonymous(tr).names)[view.to_act]
        if view.phase is Phase.FORCE_WINDOW:
            return tr.gettext(
                "{player} is deciding whether to force {card} on you.", player=player, card=center
            )
        return tr.gettext("Waiting for {player}.", player=player)
    if view.phase is Phase.FORCE_WINDOW:
        return tr.gettext(
            "Your opponent refused {card}, which fits their table: force it on them ({force}) "
            "or let the refusal stand ({no_force}).",
            card=center,
            force=word(tr, "force"),
            no_force=word(tr, "no force"),
        )
    if view.phase is Phase.FORCED:
        return _forced_options(view, center, tr)
    return _decide_options(view, center, tr)


def _forced_options(view: PlayerView, center: str, tr: Translator) -> str:
    faces = view.variant.deck_faces
    example = action_text(view.legal_actions[0], faces, tr)
    text = tr.gettext(
        "You must lay off {card} and discard a card from your hand, for example: {example}.",
        card=center,
        example=example,
    )
    if any(isinstance(a, Discard) and a.onto is not None for a in view.legal_actions):
        text += " " + tr.gettext(
            "Add '{onto}' and a card to choose the combination {card} joins.",
            onto=word(tr, "onto"),
            card=center,
        )
    return text


def _decide_options(view: PlayerView, center: str, tr: Translator) -> str:
    faces = view.variant.deck_faces
    takes = [a for a in view.legal_actions if isinstance(a, Take)]
    melds = [a for a in view.legal_actions if isinstance(a, Refuse) and a.meld]
    text = _take_options(takes, center, faces, tr)
    if melds:
        text += " " + tr.gettext(
            "You may also meld from your hand as you pass: {example}.",
            example=action_text(melds[0], faces, tr),
        )
    return text


def _take_options(takes: list[Take], center: str, faces: DeckFaces, tr: Translator) -> str:
    refuse = word(tr, "pass")
    if not takes:
        return tr.gettext(
            "{card} doesn't fit anything you hold: {refuse}.", card=center, refuse=refuse
        )
    going_out = [a for a in takes if a.discard is None]
    if going_out:
        return tr.gettext(
            "You can go out: {example}. Or {refuse}.",
            example=action_text(going_out[0], faces, tr),
            refuse=refuse,
        )
    example = max(takes, key=lambda a: len(a.put_down))
    return tr.gettext(
        "Take {card} with cards from your hand, for example: {example}; or {refuse}.",
        card=center,
        example=action_text(example, faces, tr),
        refuse=refuse,
    )


HELP = N_(
    """Commands (any case; cards like 7h, jc, Q♠ — there are no 8s, 9s or 10s):
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
  lang es                  the language I write to you in: en, es, fil, uk, ms, hi
  faces spanish            show and read cards as the Spanish deck (1–7, 10 sota, 11 caballo,
                           12 rey; O oros, C copas, E espadas, B bastos); faces game undoes it
  auto never force         decide in advance: pass unmeldable, never force, always force,
                           take 7h [with 5h 6h] [discard ks]; 'auto off …' withdraws
Name only cards from your hand: the center card goes down by itself, and your table is rearranged
for you when needed."""
)
"""The command list; a translation writes its language's command words (context ``command``)."""


HINT_HELP = N_(
    "  hint                     what the hard bot would play now (casual games against a bot)"
)
"""The hint's line of the command list, only where a hint may be asked for (``rules.hints``)."""


def help_text(view: PlayerView, tr: Translator = ENGLISH, may_hint: bool = False) -> str:
    """The command list, with the variant's extra command when it is on, and ``hint`` where the
    player may ask for one."""
    text = tr.gettext(HELP)
    if view.variant.hand_meld_without_center:
        text += "\n" + tr.gettext(
            "  pass meld ks kh kd       refuse a card you turned and meld from your hand"
        )
    if may_hint:
        text += "\n" + tr.gettext(HINT_HELP)
    return text


def instructions_text(
    standing: tuple[str, ...], faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH
) -> str:
    """A player's standing instructions in a game, each with what it shows the opponent."""
    if not standing:
        return tr.gettext(
            "You have no standing instructions here: nothing is played for you before your "
            "deadline. Leave one with auto, for example: auto pass unmeldable."
        )
    lines = [f"  {instruction_text(one, faces)} — {tr.gettext(reveals(one))}" for one in standing]
    return (
        tr.gettext("Your standing instructions here (auto off … withdraws one):")
        + "\n"
        + "\n".join(lines)
    )


AUTO_PASS_HINT = N_(
    "Passing is all you can do here, again. Send {command} to have moves with no choice made "
    "for you at once in this game; {reveals}."
)


def auto_pass_hint(tr: Translator = ENGLISH) -> str:
    """The one suggestion of ``auto pass`` (``instructions.suggests_auto_pass``): the command
    in the reader's words, and what it shows the opponent."""
    command = f"{word(tr, 'auto')} {word(tr, 'pass')}"
    return tr.gettext(AUTO_PASS_HINT, command=command, reveals=tr.gettext(reveals(PASS_UNMELDABLE)))


RULES = N_(
    """Conquian, two players, 40 cards (no 8s, 9s, 10s; 7 and J are neighbours).
• Ten cards each. Melds are sets (3–4 of a rank) or sequences (3–8 of a suit, ace low).
• On your turn a card is face up in the center: turned from the stock, or your opponent's
  discard or refusal. Take it only to meld it at once, with hand cards, on your table — then
  discard. Or pass: then the next card is turned up.
• You may rearrange your own table when you meld, as long as every group stays valid.
• If you refuse a card that fits your own table, your opponent may force you to lay it off.
• Go out with 11 cards on your table (the ten of your hand plus the center card). If the stock
  runs out first, the deal is a draw."""
)
"""The rules in short, as ``/rules`` and the other channels' rules answer give them."""


def rules_text(tr: Translator = ENGLISH) -> str:
    """The rules in short, in ``tr``'s language."""
    return tr.gettext(RULES)
