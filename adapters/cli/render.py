"""A player's view as text for the terminal, and as a JSON-ready dict for scripts."""

from __future__ import annotations

from adapters.view_fields import seat_number, view_fields
from service.language.translation import ENGLISH, Translator
from service.rules.view import PlayerView
from service.words.cast import anonymous, named
from service.words.position import position


def view_text(
    view: PlayerView, tr: Translator = ENGLISH, names: tuple[str, str] | None = None
) -> str:
    """The position as ``view.seat`` sees it (``service.words.position``), then what they can do, in
    ``tr``'s language; the seats are called by ``names``, by default by their numbers."""
    cast = anonymous(tr, view.seat) if names is None else named(names, tr, view.seat)
    seen = position(view, cast, tr)
    stake = tr.gettext(
        "Dealer: player {dealer} · stake ×{stake}",
        dealer=view.dealer.number,
        stake=view.match.multiplier,
    )
    return "\n".join([stake, *seen.all_lines])


def view_json(view: PlayerView, tr: Translator = ENGLISH) -> dict[str, object]:
    """Everything in the view (``view_fields``), the legal moves as English commands, with what
    only the terminal shows: the seat to play, the turns and each deal's result."""
    return {
        **view_fields(view, tr, commands=ENGLISH),
        "player": view.player.number,
        "turns": view.turns,
        "results": [
            {
                "deal": result.number,
                "dealer": result.dealer.number,
                "winner": seat_number(result.winner),
                "amount": result.amount,
            }
            for result in view.match.results
        ],
    }
