"""A position in words, as its player sees it: the one description every channel lays out.

Telegram puts the lines in a message, email in a mail, the web page under its picture and the
terminal on the screen; each only adds its own frame (a game's short id, a deadline, markup).
The lines come from the player's ``PlayerView`` alone, so they cannot show the opponent's hidden
cards, and they speak to the player: "Your hand", "Ana's table", a score read from their side.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from service.language.notation import card_names, signed
from service.language.translation import ENGLISH, Translator
from service.rules.seats import Phase
from service.rules.view import PlayerView
from service.words.cast import Cast, seat_name
from service.words.narration import center_text, table_text
from service.words.prompts import options_text


@dataclass(frozen=True, slots=True)
class Position:
    lines: tuple[str, ...]
    """The deal, the score, both tables, the center card, the dead cards, the hands."""
    turn: str
    """Whose turn it is and what the player can do now."""

    @property
    def all_lines(self) -> tuple[str, ...]:
        return (*self.lines, self.turn)


def score_text(view: PlayerView, cast: Cast, tr: Translator = ENGLISH) -> str:
    """The match score from the player's side: ``Score: you 1, Ana −1``."""
    scores = view.match.scores
    return tr.gettext(
        "Score: you {mine}, {name} {theirs}",
        mine=signed(scores[view.seat]),
        name=cast[view.opponent],
        theirs=signed(scores[view.opponent]),
    )


def turn_text(view: PlayerView, cast: Cast, tr: Translator = ENGLISH) -> str:
    """What the player can do now, opened by ``Your turn.`` when the decision is theirs."""
    options = options_text(view, tr, cast.names)
    return tr.gettext("Your turn. {options}", options=options) if view.is_my_decision else options


def _deal_text(view: PlayerView, cast: Cast, tr: Translator) -> str:
    """The deal, the seats, the stock and the dead cards; an opponent called by their seat's
    number is not named twice."""
    me, them = view.seat, view.opponent
    if cast[them] == seat_name(them, tr):
        return tr.ngettext(
            "Deal {deal} · you are player {me} · stock {n} card · dead {dead}",
            "Deal {deal} · you are player {me} · stock {n} cards · dead {dead}",
            view.stock_size,
            deal=view.deal_number,
            me=me.number,
            dead=view.dead_size,
        )
    return tr.ngettext(
        "Deal {deal} · you are player {me}, {name} is player {them} · stock {n} card · dead {dead}",
        "Deal {deal} · you are player {me}, {name} is player {them} · stock {n} cards · "
        "dead {dead}",
        view.stock_size,
        deal=view.deal_number,
        me=me.number,
        name=cast[them],
        them=them.number,
        dead=view.dead_size,
    )


def position(view: PlayerView, cast: Cast, tr: Translator = ENGLISH) -> Position:
    """The position as ``view.seat`` sees it, the opponent called as ``cast`` says."""
    cast = replace(cast, reader=view.seat)
    faces = view.variant.deck_faces
    me, them = view.seat, view.opponent
    empty = tr.gettext("(empty)")
    lines = [
        _deal_text(view, cast, tr),
        score_text(view, cast, tr),
        cast.opening(
            tr.ngettext(
                "{name}'s table: {table}   ({n} card in hand)",
                "{name}'s table: {table}   ({n} cards in hand)",
                view.hand_sizes[them],
                name=cast[them],
                table=table_text(view.tables[them], faces, tr),
            )
        ),
        tr.gettext("Your table: {table}", table=table_text(view.tables[me], faces, tr)),
    ]
    if view.center is not None and view.source is not None:
        refused = view.phase is Phase.FORCE_WINDOW
        center = center_text(view.center, view.source, view.player, faces, tr, cast, refused)
        lines.append(tr.gettext("Center card: {card}", card=center))
    if view.dead:
        lines.append(tr.gettext("Dead cards: {cards}", cards=card_names(view.dead, faces)))
    lines.append(tr.gettext("Your hand: {cards}", cards=card_names(view.hand, faces) or empty))
    if view.revealed is not None:
        revealed = card_names(view.revealed, faces) or empty
        lines.append(
            cast.opening(tr.gettext("{name}'s hand was: {cards}", name=cast[them], cards=revealed))
        )
    return Position(tuple(lines), turn_text(view, cast, tr))
