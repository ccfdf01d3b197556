"""A refusal: what the service answers when it will not do what a player asked, and its wording.

A refusal is kept (in the inbox) as its code, its catalog message id and its parameters, never
as words, so the same stored refusal reads in whichever language its player has when it is shown.
``refusal_text`` is the one function that words a refusal, fresh (an ``IllegalAction``, cards
spelled in the player's deck faces) or stored (a ``Refused``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from service.game.events import GameId
from service.language.notation import card_name, card_names, parse_card
from service.language.translation import ENGLISH, Phrase, Translator
from service.rules.cards import Card, CardSet
from service.rules.errors import IllegalAction
from service.rules.variants import DeckFaces


@dataclass(frozen=True, slots=True)
class Reason:
    """A parameter of a refusal that is a sentence itself (a ``Phrase``): worded in turn."""

    template: str
    params: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Refused:
    """The reply to a request the service refused: its code and how to word it in any language.

    ``template`` is None only for a refusal stored before templates were (its ``message`` is
    then all there is to show)."""

    code: str
    template: str | None
    params: dict[str, str] = field(default_factory=dict)
    reasons: dict[str, Reason] = field(default_factory=dict)
    message: str = ""
    """In English, for logs and the JSON API."""
    game_id: GameId | None = None

    faces: DeckFaces = DeckFaces.FRENCH
    """The deck faces of the refused command's game: its cards are worded in them."""
    cards: tuple[str, ...] = ()
    """The parameters that are cards, kept as codes (``7H 7D``) and worded in ``faces`` as a
    sentence names cards (``7♥ 7♦``); empty for a game of French faces, whose cards are kept
    named."""

    @classmethod
    def of(
        cls,
        error: IllegalAction,
        game_id: GameId | None = None,
        faces: DeckFaces = DeckFaces.FRENCH,
    ) -> Refused:
        """``error`` as it is kept, for a game whose cards are spelled in ``faces``."""
        reasons = {
            name: Reason(value.template, {k: str(v) for k, v in value.params.items()})
            for name, value in error.params.items()
            if isinstance(value, Phrase)
        }
        cards = tuple(
            name for name, value in error.params.items() if isinstance(value, Card | CardSet)
        )
        if faces is DeckFaces.FRENCH or not cards:  # cards kept as a sentence names them
            params = {name: _kept(value) for name, value in error.params.items()}
            return cls(error.code, error.template, params, reasons, error.message, game_id)
        params = {name: str(value) for name, value in error.params.items()}
        return cls(
            error.code, error.template, params, reasons, error.message, game_id, faces, cards
        )


def refusal_text(
    error: IllegalAction | Refused, tr: Translator = ENGLISH, faces: DeckFaces = DeckFaces.FRENCH
) -> str:
    """The refusal in ``tr``'s language; a fresh one's cards spelled in the deck ``faces`` in use
    (a stored one's in the faces of its game, if it was stored with them; else as stored).  A
    parameter that is itself a sentence (a setting's reason) is translated too."""
    if isinstance(error, IllegalAction):
        params = {name: _spelled(value, faces, tr) for name, value in error.params.items()}
        return tr.gettext(error.template).format(**params)
    if error.template is None:
        return error.message
    worded: dict[str, object] = dict(error.params)
    for name in error.cards:  # kept as codes, worded in the game's faces
        codes = error.params[name].split()
        worded[name] = card_names((parse_card(code) for code in codes), error.faces)
    for name, reason in error.reasons.items():
        worded[name] = tr.gettext(reason.template, **reason.params)
    return tr.gettext(error.template).format(**worded)


def _kept(value: object) -> str:
    """A parameter as a stored refusal keeps it: cards as a sentence names them (``7♥``), the
    rest as text."""
    if isinstance(value, CardSet):
        return card_names(value)
    if isinstance(value, Card):
        return card_name(value)
    return str(value)


def _spelled(value: object, faces: DeckFaces, tr: Translator) -> object:
    if isinstance(value, CardSet):
        return card_names(value, faces)
    if isinstance(value, Card):
        return card_name(value, faces)
    if isinstance(value, Phrase):
        return tr.phrase(value)
    return value
