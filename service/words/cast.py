"""Who is who in a game, as one reader is told: the one place a player gets their name.

Every channel calls a player what ``player_name`` says: the name they gave, exactly as they gave
it (never lower-cased or capitalised differently in another message), the bot's name in the
reader's language, ``player 2`` for a seat whose player nobody knows, and one text for a seat that
is still open.  A ``Cast`` is the two seats' names with the reader's seat (None for a spectator, a
group or a replay), which is what the narrator and the position need to speak to their reader.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.bots.levels import LEVELS, bot_name
from service.game.events import PlayerId
from service.language.translation import ENGLISH, Translator
from service.ports.directory import Directory
from service.rules.errors import N_
from service.rules.seats import Seat

BOT_PREFIX = "bot:"
FORMER_PLAYER = N_("a former player")
"""What a player who had themselves erased is called, in the games they played."""


def seat_name(seat: Seat, tr: Translator = ENGLISH) -> str:
    """A seat called by its number, for a player nobody knows by name: ``player 2``."""
    return tr.gettext("player {number}", number=seat.number)


def player_name(
    player: PlayerId | None, directory: Directory | None, tr: Translator = ENGLISH
) -> str:
    """What everyone is told a player is called: their own name as they gave it, the bot's name
    in the reader's language, or the open seat's text for nobody."""
    if player is None:
        return tr.gettext("(nobody yet)")
    if player.startswith(BOT_PREFIX):
        return bot_name(player, tr)
    if directory is not None:
        try:
            profile = directory.profile(player)
        except KeyError:
            pass
        else:
            return tr.gettext(FORMER_PLAYER) if profile.former else profile.name
    return str(player)


def capitalized(sentence: str) -> str:
    """The sentence with its first letter a capital."""
    return sentence[:1].upper() + sentence[1:]


@dataclass(frozen=True, slots=True)
class Cast:
    """The seats' names as the reader is told them, and the reader's own seat."""

    names: tuple[str, str]
    reader: Seat | None = None
    given: tuple[bool, bool] = (False, False)
    """Whether each seat's name is the player's own: an own name is never re-capitalised."""
    players: tuple[PlayerId | None, PlayerId | None] = (None, None)

    def __getitem__(self, seat: Seat) -> str:
        return self.names[seat]

    def seat_of(self, player: PlayerId) -> Seat | None:
        for seat in Seat:
            if self.players[seat] == player:
                return seat
        return None

    def opening(self, sentence: str) -> str:
        """``sentence`` with a capital first letter when it opens with a name this product made up
        (``player 1 takes`` becomes ``Player 1 takes``); a player's own name, or id, is left as
        they wrote it (``bob takes 5H``)."""
        for seat in Seat:
            if not self.given[seat] and sentence.startswith(self.names[seat]):
                return capitalized(sentence)
        return sentence


def said(tr: Translator, cast: Cast, seat: Seat, you: str, them: str, **params: object) -> str:
    """``you`` when the reader is ``seat``, else ``them`` with ``{player}`` the seat's name."""
    if cast.reader is seat:
        return tr.gettext(you, **params)
    return tr.gettext(them, player=cast[seat], **params)


def said_between(
    tr: Translator, cast: Cast, seat: Seat, messages: tuple[str, str, str], **params: object
) -> str:
    """One of three messages about ``seat`` acting on the other seat: the reader is the actor,
    the reader is acted on, or the reader is neither; ``{player}`` acts, ``{other}`` is acted on."""
    actor, target, neither = messages
    if cast.reader is seat:
        return tr.gettext(actor, other=cast[seat.other], **params)
    if cast.reader is seat.other:
        return tr.gettext(target, player=cast[seat], **params)
    return tr.gettext(neither, player=cast[seat], other=cast[seat.other], **params)


def _generated(tr: Translator) -> frozenset[str]:
    """The names this product makes up, in ``tr``'s language (not a player's own)."""
    return frozenset(
        {
            seat_name(Seat.FIRST, tr),
            seat_name(Seat.SECOND, tr),
            player_name(None, None, tr),
            *(bot_name(player, tr) for player in LEVELS.values()),
            tr.gettext("your opponent"),
            tr.gettext(FORMER_PLAYER),
        }
    )


def named(
    names: tuple[str, str],
    tr: Translator = ENGLISH,
    reader: Seat | None = None,
    players: Sequence[PlayerId | None] = (),
) -> Cast:
    """A cast of ``names`` by seat, as ``player_name`` gave them, for ``reader``."""
    made_up = _generated(tr)
    seated = (*players, None, None)[:2]
    return Cast(
        names,
        reader,
        (names[0] not in made_up, names[1] not in made_up),
        (seated[0], seated[1]),
    )


def anonymous(tr: Translator = ENGLISH, reader: Seat | None = None) -> Cast:
    """A cast that knows no names: ``player 1`` and ``player 2``."""
    return named((seat_name(Seat.FIRST, tr), seat_name(Seat.SECOND, tr)), tr, reader)


def facing(opponent: str, reader: Seat, tr: Translator = ENGLISH) -> Cast:
    """The cast as the player in ``reader`` sees it when only the opponent's name is known (the
    reader is never called by name: they are "you")."""
    return named((opponent, opponent), tr, reader)


def cast_of(
    players: Sequence[PlayerId | None],
    directory: Directory | None,
    tr: Translator = ENGLISH,
    reader: PlayerId | None = None,
) -> Cast:
    """The cast of a game's ``players`` (by seat) for ``reader`` (None: a spectator)."""
    first, second = players[0], players[1]
    names = (player_name(first, directory, tr), player_name(second, directory, tr))
    seat = None if reader is None else next((s for s in Seat if players[s] == reader), None)
    return named(names, tr, seat, (first, second))
