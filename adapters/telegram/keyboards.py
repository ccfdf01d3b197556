"""Inline keyboards for a player's decision, built from their ``PlayerView`` only.

The turn keyboard offers the legal choices: *Take* (which opens the card chooser), *Pass*,
*Force* / *No force*, or each forced lay-off.  The chooser toggles hand cards, says whether the
chosen cards meld with the center card, and then offers each legal discard (or going out).
Every button carries the game, the version and the seat (``callbacks.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callbacks import Press, move
from service.game.events import GameId
from service.language.notation import card_text, cards_text
from service.language.translation import ENGLISH, Translator
from service.rules.actions import Discard, Force, NoForce, Refuse, Take
from service.rules.cards import DECK, CardSet
from service.rules.seats import Seat
from service.rules.view import PlayerView

PASS_MELDS_SHOWN = 3
"""Refusals with a hand meld get a button each, up to this many (more can be typed)."""


def turn_keyboard(
    game_id: GameId, version: int, view: PlayerView, tr: Translator = ENGLISH, hint: bool = False
) -> InlineKeyboardMarkup | None:
    """The buttons for the decision ``view.seat`` owes now, labelled in ``tr``'s language (with
    Hint where the player may ask for one); None when they owe none."""
    if not view.is_my_decision:
        return None
    faces = view.variant.deck_faces
    legal = view.legal_actions
    first: list[InlineKeyboardButton] = []
    rows: list[list[InlineKeyboardButton]] = []
    if any(isinstance(a, Take) for a in legal):
        center = "" if view.center is None else _card(view, view.center)
        chooser = Press("select", game_id, version, view.seat, "0")
        first.append(_button(tr.pgettext("button", "Take {card}…", card=center), chooser))
    for action in legal:
        if isinstance(action, Refuse) and not action.meld:
            first.append(_button(tr.pgettext("button", "Pass"), move(game_id, version, action)))
        elif isinstance(action, Force):
            first.append(_button(tr.pgettext("button", "Force"), move(game_id, version, action)))
        elif isinstance(action, NoForce):
            label = tr.pgettext("button", "No force")
            first.append(_button(label, move(game_id, version, action)))
    melds = [a for a in legal if isinstance(a, Refuse) and a.meld][:PASS_MELDS_SHOWN]
    for action in melds:
        label = tr.pgettext(
            "button", "Pass, meld {cards}", cards=cards_text(action.meld, faces, symbols=True)
        )
        rows.append([_button(label, move(game_id, version, action))])
    discards = [a for a in legal if isinstance(a, Discard)]
    rows += _rows(
        [_button(_discard_label(view, a, tr), move(game_id, version, a)) for a in discards], 2
    )
    if hint:
        rows.append([_button(tr.pgettext("button", "Hint"), Press("hint", game_id, version))])
    return InlineKeyboardMarkup([row for row in [first, *rows] if row])


def chooser_keyboard(
    game_id: GameId, version: int, view: PlayerView, chosen: CardSet, tr: Translator = ENGLISH
) -> InlineKeyboardMarkup:
    """Hand cards to toggle, whether they meld, then the discards (or going out)."""
    toggles = [
        _button(
            ("✓" if card in chosen else "") + _card(view, card),
            Press("select", game_id, version, view.seat, f"{int(chosen) ^ (1 << card):x}"),
        )
        for card in view.hand
    ]
    fitting = melds_with(view, chosen)
    check = Press("explain", game_id, version, view.seat, f"{int(chosen):x}")
    if fitting:
        status = [_button(_fit_label(view, chosen, tr), check)]
        finish = [_button(_take_label(view, a, tr), move(game_id, version, a)) for a in fitting]
    else:
        status = [_button(tr.pgettext("button", "✗ not a meld yet"), check)]
        finish = []
    back = [_button(tr.pgettext("button", "◀ Back"), Press("hand", game_id, 0))]
    return InlineKeyboardMarkup([*_rows(toggles, 5), status, *_rows(finish, 3), back])


def melds_with(view: PlayerView, chosen: CardSet) -> list[Take]:
    """The legal takes that put down exactly ``chosen``, going out first."""
    takes = [a for a in view.legal_actions if isinstance(a, Take) and a.put_down == chosen]
    return sorted(takes, key=lambda a: a.discard is not None)


def _fit_label(view: PlayerView, chosen: CardSet, tr: Translator) -> str:
    center = "" if view.center is None else _card(view, view.center)
    if not chosen:
        return tr.pgettext("button", "✓ {card} joins your table", card=center)
    cards = cards_text(chosen, view.variant.deck_faces, symbols=True)
    return tr.pgettext("button", "✓ {cards} + {card} meld", cards=cards, card=center)


def _take_label(view: PlayerView, action: Take, tr: Translator) -> str:
    if action.discard is None:
        return tr.pgettext("button", "Go out!")
    return tr.pgettext("button", "Discard {card}", card=_card(view, action.discard))


def _discard_label(view: PlayerView, action: Discard, tr: Translator) -> str:
    card = _card(view, action.card)
    if action.onto is None:
        return tr.pgettext("button", "Discard {card}", card=card)
    onto = _card(view, action.onto)
    return tr.pgettext("button", "Discard {card} (onto {onto})", card=card, onto=onto)


def _card(view: PlayerView, card: int) -> str:
    return card_text(DECK[card], view.variant.deck_faces, symbols=True)


def _button(label: str, press: Press) -> InlineKeyboardButton:
    return InlineKeyboardButton(label, callback_data=press.encode())


def _rows(buttons: Sequence[InlineKeyboardButton], width: int) -> list[list[InlineKeyboardButton]]:
    return [list(buttons[i : i + width]) for i in range(0, len(buttons), width)]


def with_offer_answers(
    markup: InlineKeyboardMarkup | None, game_id: GameId, version: int, seat: Seat, tr: Translator
) -> InlineKeyboardMarkup:
    """``markup`` with a row to accept or decline the opponent's standing offer (talk at the
    table: ``talk_commands``), under the move buttons if there are any."""
    row = [
        _button(tr.pgettext("button", "Accept"), Press("answer", game_id, version, seat, "A")),
        _button(tr.pgettext("button", "Decline"), Press("answer", game_id, version, seat, "D")),
    ]
    rows = [] if markup is None else [list(one) for one in markup.inline_keyboard]
    return InlineKeyboardMarkup([*rows, row])


def with_page(
    markup: InlineKeyboardMarkup | None, url: str, tr: Translator
) -> InlineKeyboardMarkup:
    """``markup`` with a last row that opens the player's private page of the game (issue 34
    item 6): a link, so it is pressed in the player's browser, never by the bot."""
    rows = [] if markup is None else [list(one) for one in markup.inline_keyboard]
    return InlineKeyboardMarkup(
        [*rows, [InlineKeyboardButton(tr.pgettext("button", "Your page"), url=url)]]
    )
