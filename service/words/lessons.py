"""The guided first deal's prompts (issue 38), worded for their reader.

Which prompts a player sees is the log's (``game/lessons.py``); this words them from the
player's own view, with the cards of this decision ("You can take 7♣ with your 5♣ 6♣: …") and
the command that does it in the reader's command words, so the same sentence serves the page,
the chat and the mail.
"""

from __future__ import annotations

from collections.abc import Callable

from service.game.lessons import Lesson, prompts
from service.game.state import Game
from service.language.notation import card_name, card_names
from service.language.translation import ENGLISH, Translator
from service.language.vocabulary import word
from service.rules.actions import Discard, PlayerAction, Take
from service.rules.seats import Seat
from service.rules.view import PlayerView
from service.words.prompts import action_text


def lessons_now(game: Game, seat: Seat) -> tuple[Lesson, ...]:
    """The kinds of decision ``seat`` is prompted about now (none outside a practice game)."""
    return prompts(game.lessons, game.rules, seat)


def prompt_text(lessons: tuple[Lesson, ...], view: PlayerView, tr: Translator = ENGLISH) -> str:
    """The prompts of ``lessons`` as one short paragraph in the reader's language; empty for
    none."""
    return " ".join(lesson_line(one, view, tr) for one in lessons)


def lesson_line(lesson: Lesson, view: PlayerView, tr: Translator = ENGLISH) -> str:
    """One prompt, about this decision's cards."""
    faces = view.variant.deck_faces
    center = "" if view.center is None else card_name(view.center, faces)
    actions = view.legal_actions
    match lesson:
        case Lesson.OUT:
            out = _first(actions, lambda one: isinstance(one, Take) and one.discard is None)
            return tr.gettext(
                "You can go out now: take {card} with all your cards ({command}) and the deal "
                "is yours.",
                card=center,
                command=action_text(out, faces, tr),
            )
        case Lesson.TAKE:
            take = _first(actions, lambda one: isinstance(one, Take) and one.discard is not None)
            assert isinstance(take, Take)
            return tr.gettext(
                "You can take {card} with your {cards}: together they make a meld on your "
                "table ({command}).",
                card=center,
                cards=card_names(take.put_down, faces),
                command=action_text(take, faces, tr),
            )
        case Lesson.DISCARD:
            return tr.gettext(
                "A take ends with a discard: one card of your hand goes to your opponent, who "
                "may take it, so keep back the cards that fit their table."
            )
        case Lesson.PASS:
            return tr.gettext(
                "You can pass {card} ({command}): you refuse it and the game goes on.",
                card=center,
                command=word(tr, "pass"),
            )
        case Lesson.FORCE:
            return tr.gettext(
                "Your opponent refused {card}, which fits their table: you can force them to "
                "lay it off ({force}) or let it go ({no_force}).",
                card=center,
                force=word(tr, "force"),
                no_force=word(tr, "no force"),
            )
        case Lesson.FORCED:
            forced = _first(actions, lambda one: isinstance(one, Discard | Take))
            return tr.gettext(
                "You are forced: {card} goes on your table, and you discard a card of your "
                "hand ({command}).",
                card=center,
                command=action_text(forced, faces, tr),
            )


def _first(actions: tuple[PlayerAction, ...], fits: Callable[[PlayerAction], bool]) -> PlayerAction:
    """The first legal action ``fits``: the example a prompt gives."""
    return next(one for one in actions if fits(one))
