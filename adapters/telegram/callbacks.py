"""The ``callback_data`` of our inline buttons: what a press asks for, in at most 64 bytes.

Every button names its game, the version of the position it was drawn for and the seat it was
drawn for, so a press on an old message, or by someone else, is recognised before anything is
done.  The forms (``<game>`` is the game id, ``<v>`` the version)::

    m<seat>:<game>:<v>:<move>    a move: P pass, F force, N no force, R<mask> pass and meld,
                                 T<mask>.<discard> take, D<card>.<onto> forced lay-off
    s<seat>:<game>:<v>:<mask>    choosing the hand cards of a take (no move yet)
    x<seat>:<game>:<v>:<mask>    whether the chosen cards meld, and why not
    i<seat>:<game>:<v>:          what the hard bot would do here, as ``hint``
    p0:-:0:go|skip               the guided first deal: start it, or No thanks (``practice.py``)
    h0:<game>:0:                 show this game's table again
    l0:<game>:<step>:            the replay of the game at a step
    r0:<game>:0:                 a rematch of this (finished) game, as ``/rematch``
    n0:<game>:0:                 a new game, as ``/new`` (under a finished game)
    o<seat>:<game>:<v>:A|D       accept or decline the opponent's standing offer, as ``/accept``
    z0:<game>:0:<zone>           this time zone for the player (``zones.py``)
    k0:<seek>:0:                 accept this seek of the lobby (``seeking.py``; a seek's id in
                                 the game's place)
    t0:<tournament>:0:           enter this tournament (``tournaments.py``; its id in the
                                 game's place)

A mask is the hex bit mask of hand cards (``CardSet``), a card its number (0–39), ``-`` none.
A move press becomes the shared text command (``prompts.action_text``), so buttons are
shortcuts for what a player could type.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.events import GameId
from service.rules.actions import Discard, Force, NoForce, PlayerAction, Refuse, Take
from service.rules.cards import DECK, Card, CardSet
from service.rules.seats import Seat

LIMIT = 64
KINDS = {
    "m": "move",
    "s": "select",
    "x": "explain",
    "h": "hand",
    "l": "log",
    "r": "rematch",
    "n": "new",
    "o": "answer",
    "z": "zone",
    "k": "seek",
    "t": "tournament",
    "i": "hint",
    "p": "practice",
}
_CODES = {name: code for code, name in KINDS.items()}


class TooLong(ValueError):
    """Telegram refuses ``callback_data`` over 64 bytes."""


@dataclass(frozen=True, slots=True)
class Press:
    kind: str
    game_id: GameId
    number: int
    """The version a move or selection was drawn for; the step of a replay."""
    seat: Seat | None = None
    arg: str = ""

    def encode(self) -> str:
        seat = 0 if self.seat is None else self.seat.number
        data = f"{_CODES[self.kind]}{seat}:{self.game_id}:{self.number}:{self.arg}"
        if len(data.encode()) > LIMIT:
            raise TooLong(data)
        return data


def decode(data: str) -> Press | None:
    """The press a button's data stands for; None for data we never wrote."""
    parts = data.split(":")
    if len(parts) != 4 or len(parts[0]) != 2 or parts[0][0] not in KINDS:
        return None
    code, seat_text = parts[0][0], parts[0][1]
    if seat_text not in "012" or not _is_number(parts[2]) or not parts[1] or "\x00" in parts[1]:
        return None  # (no game id of ours holds a NUL, which PostgreSQL could not even look up)
    seat = None if seat_text == "0" else Seat(int(seat_text) - 1)
    return Press(KINDS[code], GameId(parts[1]), int(parts[2]), seat, parts[3])


def _is_number(text: str) -> bool:
    """Digits ``int`` reads: ``str.isdigit`` also accepts superscripts such as ``²``."""
    return text.isascii() and text.isdigit() and len(text) <= 18


def move(game_id: GameId, version: int, action: PlayerAction) -> Press:
    """The press that asks for ``action`` at ``version``."""
    return Press("move", game_id, version, action.seat, _move_arg(action))


def _move_arg(action: PlayerAction) -> str:
    match action:
        case Take(put_down=put_down, discard=discard):
            return f"T{int(put_down):x}.{_card(discard)}"
        case Refuse(meld=meld):
            return f"R{int(meld):x}" if meld else "P"
        case Force():
            return "F"
        case NoForce():
            return "N"
        case Discard(card=one, onto=onto):
            return f"D{_card(one)}.{_card(onto)}"
    raise ValueError(f"no button for {action!r}")


def action_of(press: Press) -> PlayerAction | None:
    """The action a move press asks for; None if its data is malformed."""
    if press.kind != "move" or press.seat is None or not press.arg:
        return None
    seat, code, rest = press.seat, press.arg[0], press.arg[1:]
    try:
        if code == "P" and not rest:
            return Refuse(seat)
        if code == "F" and not rest:
            return Force(seat)
        if code == "N" and not rest:
            return NoForce(seat)
        if code == "R":
            return Refuse(seat, _mask(rest))
        if code in "TD":
            first, second = rest.split(".")
            if code == "T":
                return Take(seat, _mask(first), _read_card(second))
            one = _read_card(first)
            return None if one is None else Discard(seat, one, _read_card(second))
    except ValueError:
        return None
    return None


def selection(press: Press) -> CardSet | None:
    """The hand cards chosen so far in a selection press."""
    try:
        return _mask(press.arg) if press.kind in ("select", "explain") else None
    except ValueError:
        return None


def _mask(text: str) -> CardSet:
    mask = int(text, 16)
    if not 0 <= mask < 1 << len(DECK) or text.startswith(("+", "-", "0x")):
        raise ValueError(text)
    return CardSet(mask)


def _card(one: Card | None) -> str:
    return "-" if one is None else str(int(one))


def _read_card(text: str) -> Card | None:
    if text == "-":
        return None
    number = int(text)
    if not 0 <= number < len(DECK):
        raise ValueError(text)
    return DECK[number]
