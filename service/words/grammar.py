"""The text command grammar every channel shares (Telegram, email, web form, terminal).

    take 5c 5d discard ks            meld the center card with 5♣ 5♦, discard K♠
    take 5c 5d | kc kd ks discard 2h  groups between | are a hint for the arrangement
    take discard ks                  lay the center card off on your table alone
    pass                             refuse the center card   (also: refuse)
    pass meld ks kh kd               refuse and meld from hand (variant hand_meld_without_center)
    force / no force                 answer the opponent's refusal
    discard 2h [onto 7s]             after being forced: lay off (onto the 7♠ combination), discard
    hand, help, resign
    hint                             what the hard bot would do, and why (casual games against a bot)
    claim, extend 2h, vacation 3d, auto …   the time control's commands (``clock_commands.py``)
    settings, timezone …, quiet …, remind …  the player's own settings (``profiles.py``)

Words and cards are case-insensitive; cards are written as in ``notation.py``.  A player names only
hand cards; naming the center card or cards of their own table is allowed and read as a hint.
Parsing needs the player's ``PlayerView`` to tell hand cards from hints, and never looks further.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from service.language.notation import CardSpellingError, parse_card
from service.language.vocabulary import in_english, with_suits
from service.players.profiles import SETTING_VERBS, ChangeSetting, ShowSettings, setting_command
from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Resign, Take
from service.rules.cards import Card, CardSet
from service.rules.errors import N_, CardNotInHand, IllegalAction
from service.rules.melds import table_mask
from service.rules.seats import Seat
from service.rules.view import PlayerView
from service.words.time_commands import (
    ClaimWin,
    ClockCommand,
    ShowInstructions,
    TakeVacation,
    clock_command,
)


@dataclass(frozen=True, slots=True)
class ShowHand:
    """Show me my hand and the table again."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class ShowHelp:
    """List the commands."""

    seat: Seat


@dataclass(frozen=True, slots=True)
class AskForHint:
    """What would the hard bot do here, and why (``app/hinting.py``): appended, never a move."""

    seat: Seat


Query = ShowHand | ShowHelp | ShowInstructions | ShowSettings
Command = PlayerAction | Query | ClockCommand | TakeVacation | ChangeSetting | AskForHint


class CommandError(IllegalAction):
    """Text that is not a command; the message says what was expected."""

    code = "command_error"


class EmptyCommand(CommandError):
    code = "empty_command"
    template = N_("Type a command, for example: take 5c 5d discard ks, or pass. Type help for all.")


class CommandTooLong(CommandError):
    code = "command_too_long"
    template = N_("A command is at most {limit} characters; yours has {length}.")


class UnknownCommand(CommandError):
    code = "unknown_command"
    template = N_(
        "I don't know the command '{word}'. Commands: take …, pass, force, no force, "
        "discard …, hand, help, resign, claim, extend, vacation, auto, settings."
    )


class NotACard(CommandError):
    code = "not_a_card"
    template = N_("'{text}' is not a card: write the rank and then the suit, like 7h, jc or Q♠.")


class NoSuchRank(CommandError):
    code = "no_such_rank"
    template = N_(
        "'{text}' is not in the Conquian deck: it has no 8s, 9s or 10s (40 cards, A–7 and J Q K)."
    )


class RepeatedCard(CommandError):
    code = "repeated_card"
    template = N_("You named {card} twice.")


class DiscardMissing(CommandError):
    code = "discard_missing"
    template = N_("Name the card to discard after 'discard', for example: discard ks.")


class OneDiscardOnly(CommandError):
    code = "one_discard_only"
    template = N_("You discard exactly one card; you named {count}.")


class OntoMissing(CommandError):
    code = "onto_missing"
    template = N_("Name a card of the combination after 'onto', for example: discard 2h onto 7s.")


class UnexpectedWords(CommandError):
    code = "unexpected_words"
    template = N_("I don't understand '{words}' in that command.")


class OnOpponentTable(CommandError):
    code = "on_opponent_table"
    template = N_("{card} is on your opponent's table; you can never use their combinations.")


_BAR = re.compile(r"\|")
LONGEST_COMMAND = 500
"""Characters in a command: the longest real one is a tenth of that, and reading 64 KB of words
one by one took a tenth of a second, for an answer that could only be a refusal."""

_NO_FORCE = {"noforce", "no-force", "no_force", "decline"}
_VERBS = frozenset(
    {"take", "meld", "t", "pass", "refuse", "p", "force", "discard", "extend", "vacation"}
    | {"auto", "hand", "help", "?", "resign", "claim", "hint", *SETTING_VERBS, *_NO_FORCE}
)
"""The first words ``parse_command`` reads (``no`` too, before ``force``)."""


def knows_verb(text: str) -> bool:
    """Whether ``parse_command`` reads ``text`` as a command of the grammar, right or wrong,
    rather than refusing its first word as unknown (an empty or too long text is a command
    refused as such): what a channel asks before taking words as a message instead."""
    if len(text) > LONGEST_COMMAND:
        return True
    words = _tokens(text)
    if not words:
        return True
    return words[0] in _VERBS or words[:2] == ["no", "force"]


def command_words(text: str) -> list[str]:
    """``text``'s words as ``parse_command`` reads them (every language's command words as the
    English ones): for what asks which command words are before a game reads them."""
    return _tokens(text)


def parse_command(text: str, view: PlayerView) -> Command:
    """The action or query that ``text`` asks for, from the point of view of ``view.seat``."""
    if len(text) > LONGEST_COMMAND:
        raise CommandTooLong(limit=LONGEST_COMMAND, length=len(text))
    words = _tokens(text)
    if not words:
        raise EmptyCommand()
    verb, rest = words[0], words[1:]
    seat = view.seat
    if verb in ("take", "meld", "t"):
        return _take(rest, view)
    if verb in ("pass", "refuse", "p"):
        return _pass(rest, view)
    if verb == "force":
        _no_more(rest)
        return Force(seat)
    if verb in _NO_FORCE or (verb == "no" and rest[:1] == ["force"]):
        _no_more(rest[1:] if verb == "no" else rest)
        return NoForce(seat)
    if verb == "discard":
        return _discard(rest, view)
    if verb in ("extend", "vacation", "auto"):
        return clock_command(verb, rest, view)
    if verb in SETTING_VERBS:
        return setting_command(verb, rest, seat)
    simple: dict[str, Command] = {
        "hand": ShowHand(seat),
        "help": ShowHelp(seat),
        "?": ShowHelp(seat),
        "resign": Resign(seat),
        "claim": ClaimWin(seat),
        "hint": AskForHint(seat),
    }
    if verb in simple:
        _no_more(rest)
        return simple[verb]
    raise UnknownCommand(word=verb)


def _tokens(text: str) -> list[str]:
    """Lower-case words, every language's command words read as the English ones, and cards
    written with a suit's name (``7 copas``) as one word."""
    spaced = _BAR.sub(" | ", text.replace(",", " "))
    return in_english(with_suits([word.lower() for word in spaced.split()]))


def _no_more(words: list[str]) -> None:
    if words:
        raise UnexpectedWords(words=" ".join(words))


def _card(word: str, view: PlayerView) -> Card:
    try:
        return parse_card(word, view.variant.deck_faces)
    except CardSpellingError as error:
        if error.missing_rank:
            raise NoSuchRank(text=word) from None
        raise NotACard(text=word) from None


def _groups(words: list[str], view: PlayerView) -> list[list[Card]]:
    """Cards separated by ``|`` into groups; each card named once."""
    groups: list[list[Card]] = [[]]
    seen: set[Card] = set()
    for word in words:
        if word == "|":
            groups.append([])
            continue
        one = _card(word, view)
        if one in seen:
            raise RepeatedCard(card=one)
        seen.add(one)
        groups[-1].append(one)
    return [group for group in groups if group]


def _hand_cards(groups: list[list[Card]], view: PlayerView) -> tuple[CardSet, tuple[CardSet, ...]]:
    """The named hand cards, and the groups as hints when the player wrote more than one."""
    own_table = table_mask(view.tables[view.seat])
    their_table = table_mask(view.tables[view.opponent])
    put_down = 0
    for one in (one for group in groups for one in group):
        if one in view.hand:
            put_down |= 1 << one
        elif one != view.center and not own_table >> one & 1:
            if their_table >> one & 1:
                raise OnOpponentTable(card=one)
            raise CardNotInHand(card=one)
    hints = tuple(CardSet.of(group) for group in groups) if len(groups) > 1 else ()
    return CardSet(put_down), hints


def _split_at(words: list[str], keyword: str) -> tuple[list[str], list[str] | None]:
    if keyword not in words:
        return words, None
    at = words.index(keyword)
    return words[:at], words[at + 1 :]


def _take(words: list[str], view: PlayerView) -> Take:
    named, after = _split_at(words, "discard")
    put_down, hints = _hand_cards(_groups(named, view), view)
    discard = None
    if after is not None:
        named_discards = [word for word in after if word != "discard"]
        if not named_discards:
            raise DiscardMissing()
        if len(named_discards) > 1:
            raise OneDiscardOnly(count=len(named_discards))
        discard = _card(named_discards[0], view)
        if view.tables[view.opponent] and table_mask(view.tables[view.opponent]) >> discard & 1:
            raise OnOpponentTable(card=discard)
    return Take(view.seat, put_down, discard, hints)


def _pass(words: list[str], view: PlayerView) -> Refuse:
    if not words:
        return Refuse(view.seat)
    if words[0] != "meld":
        raise UnexpectedWords(words=" ".join(words))
    meld, hints = _hand_cards(_groups(words[1:], view), view)
    return Refuse(view.seat, meld, hints)


def _discard(words: list[str], view: PlayerView) -> Discard:
    named, onto_words = _split_at(words, "onto")
    if not named:
        raise DiscardMissing()
    if len(named) > 1:
        raise OneDiscardOnly(count=len(named))
    onto = None
    if onto_words is not None:
        if len(onto_words) != 1:
            raise OntoMissing()
        onto = _card(onto_words[0], view)
    return Discard(view.seat, _card(named[0], view), onto)
