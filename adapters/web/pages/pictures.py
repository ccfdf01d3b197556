"""What the table picture shows, from a player's view or from a finished game's whole state.

``player_picture`` reads nothing but the player's ``PlayerView``: the opponent's hand is a number
of backs until the deal is over (``revealed``); ``spectator_picture`` nothing but a
``SpectatorView``: both hands are backs until the deal is over (``shown``).  ``replay_picture`` shows a step of a finished
game, where both hands are public.
"""

from __future__ import annotations

from adapters.web.pages.drawing import Picture, Side
from service.game.state import Game
from service.language.translation import ENGLISH, Translator
from service.rules.cards import CardSet
from service.rules.seats import Phase, Seat
from service.rules.spectator import SpectatorView
from service.rules.view import PlayerView
from service.words.cast import Cast, anonymous
from service.words.narration import center_text


def player_picture(
    view: PlayerView, tr: Translator = ENGLISH, tappable: bool = False, opponent: str = ""
) -> Picture:
    """The table as ``view.seat`` sees it, their own side at the bottom, in ``tr``'s language;
    ``tappable`` when the player builds a move from their hand now; the opponent's side named
    ``opponent`` when given."""
    me, them = view.seat, view.opponent
    revealed = None if view.revealed is None else tuple(view.revealed)
    return _picture(
        view,
        Side(
            them.number,
            tr.gettext("Player {number} · {name}", number=them.number, name=opponent)
            if opponent
            else tr.gettext("Opponent · player {number}", number=them.number),
            revealed,
            view.hand_sizes[them] if revealed is None else len(revealed),
            view.tables[them],
        ),
        Side(
            me.number,
            tr.gettext("You · player {number}", number=me.number),
            tuple(view.hand),
            len(view.hand),
            view.tables[me],
            tappable,
        ),
        tr,
        anonymous(tr, me),
    )


def replay_picture(game: Game, names: tuple[str, str], tr: Translator = ENGLISH) -> Picture:
    """A finished game's table at one step: both hands face up, player 1 at the bottom, each
    side labelled with its player's ``names`` (by seat)."""
    rules = game.rules
    faces = game.variant.deck_faces

    def side(seat: Seat) -> Side:
        hand = tuple(CardSet(rules.hands[seat]))
        label = tr.gettext("Player {number} · {name}", number=seat.number, name=names[seat])
        return Side(seat.number, label, hand, len(hand), rules.tables[seat])

    note = (
        ""
        if rules.center is None or rules.source is None or not rules.deal_number
        else center_text(rules.center, rules.source, rules.player, faces, tr)
    )
    return Picture(
        top=side(Seat.SECOND),
        bottom=side(Seat.FIRST),
        center=rules.center,
        center_note=note,
        stock=rules.stock_size if rules.deal_number else 0,
        dead=len(rules.dead),
        dead_cards=tuple(rules.dead),
        faces=faces,
        tr=tr,
    )


def spectator_picture(
    view: SpectatorView, names: tuple[str, str], tr: Translator = ENGLISH
) -> Picture:
    """The table as a spectator sees it, player 1 at the bottom, each side labelled with its
    player's ``names`` (by seat): hands as backs until the deal has ended."""

    def side(seat: Seat) -> Side:
        hand = None if view.shown is None else tuple(view.shown[seat])
        label = tr.gettext("Player {number} · {name}", number=seat.number, name=names[seat])
        size = view.hand_sizes[seat] if hand is None else len(hand)
        return Side(seat.number, label, hand, size, view.tables[seat])

    return _picture(view, side(Seat.SECOND), side(Seat.FIRST), tr)


def _picture(
    view: PlayerView | SpectatorView,
    top: Side,
    bottom: Side,
    tr: Translator,
    cast: Cast | None = None,
) -> Picture:
    """A view's table between its two sides: the piles, and the center card with where it came
    from as the seat to decide on it is told it (``cast`` names the seats)."""
    faces = view.variant.deck_faces
    note = (
        ""
        if view.center is None or view.source is None
        else center_text(
            view.center,
            view.source,
            view.player,
            faces,
            tr,
            cast,
            refused=view.phase is Phase.FORCE_WINDOW,
        )
    )
    return Picture(
        top=top,
        bottom=bottom,
        center=view.center,
        center_note=note,
        stock=view.stock_size,
        dead=view.dead_size,
        dead_cards=view.dead,
        faces=faces,
        tr=tr,
    )
