"""Who may see a player's name: the one rule every reader goes through (issue 31).

A player's profile is private until they make it public (docs/decisions/ratings-fair-play.md),
and the privacy page tells them that their *opponents* see their name.  So a name is shown to:

- the player themselves;
- their opponent, about the game they play or played together (the table, its news, its mail,
  its replay opened by either of them);
- anyone, once the profile is public; and a bot's name is always shown.

Everyone else — a visitor of a bot's or another player's profile, an anonymous replay, the JSON
API — is told "a player", and is never given the private player's id (an id leads to a profile
and ties their games together).  In one game seen from outside, where two seats must be told
apart, a hidden seat is called by its number (``player 2``), as a game with unknown players is.
``Ratings.stats`` applies the rule to a profile's lists, ``cast_for`` to a game; the operators'
tools are not readers here (they see everything, as the privacy page says).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from service.game.events import PlayerId
from service.language.translation import Translator
from service.ports.directory import Directory
from service.rules.errors import N_
from service.rules.seats import Seat
from service.words.cast import BOT_PREFIX, Cast, named, player_name, seat_name

A_PLAYER = N_("a player")
"""What a player whose name the reader may not see is called in a list."""

Public = Callable[[PlayerId], bool]
"""Whether a player's profile is public (``Ratings.is_public``)."""


def may_see(
    reader: PlayerId | None,
    player: PlayerId,
    public: Public,
    table: Sequence[PlayerId | None] = (),
) -> bool:
    """Whether ``reader`` may see ``player``'s name (and id); ``table`` is the game's players when
    the name is read about one game."""
    if player.startswith(BOT_PREFIX) or reader == player:
        return True
    if reader is not None and reader in table and player in table:
        return True  # they play, or played, this game together
    return public(player)


def listed_name(player: PlayerId | None, directory: Directory | None, tr: Translator) -> str:
    """A name in a list a reader was given by ``Ratings.stats``: None is a player they may not
    see."""
    if player is None:
        return tr.gettext(A_PLAYER)
    return player_name(player, directory, tr)


def cast_for(
    players: Sequence[PlayerId | None],
    directory: Directory | None,
    tr: Translator,
    reader: PlayerId | None,
    public: Public,
) -> Cast:
    """``cast_of`` for a reader who may not see every name: a hidden seat is called by its
    number."""
    table = tuple(players[:2])
    names = tuple(
        player_name(player, directory, tr)
        if player is None or may_see(reader, player, public, table)
        else seat_name(seat, tr)
        for seat, player in zip(Seat, table, strict=True)
    )
    seat = next((s for s in Seat if reader is not None and table[s] == reader), None)
    return named((names[0], names[1]), tr, seat, table)


def shown_players(
    players: Sequence[PlayerId | None], reader: PlayerId | None, public: Public
) -> tuple[PlayerId | None, ...]:
    """A game's players by seat as ``reader`` may list them (a link to a profile): None for a seat
    whose player they may not see."""
    table = tuple(players[:2])
    return tuple(
        player if player is not None and may_see(reader, player, public, table) else None
        for player in table
    )
