"""A player's review after a game, in their words (issue 38): how many of their decisions were
reviewed, and each one marked as a mistake with the better move and what it cost.

The review is kept as facts (``ports.reviews.ReviewStep``: moves as English commands); the moves
are written here in the reader's command words and card faces (``hints.move_words``).
"""

from __future__ import annotations

from collections.abc import Sequence

from service.language.translation import ENGLISH, Translator
from service.ports.reviews import ReviewStep
from service.rules.variants import DeckFaces
from service.words.hints import move_words
from service.words.stats import per_cent


def review_summary(
    steps: Sequence[ReviewStep] | None,
    faces: DeckFaces = DeckFaces.FRENCH,
    tr: Translator = ENGLISH,
) -> str:
    """The short summary Telegram's ``/review`` and mail's ``review`` answer with."""
    if steps is None:
        return tr.gettext("Your review of this game is not ready yet: try again in a minute.")
    marked = [step for step in steps if step.mistake]
    lines = [
        tr.ngettext(
            "The hard bot reviewed your {count} decision: {marked} marked.",
            "The hard bot reviewed your {count} decisions: {marked} marked.",
            len(steps),
            count=len(steps),
            marked=len(marked),
        )
    ]
    lines += [step_line(step, faces, tr) for step in marked]
    return "\n".join(lines)


def step_line(
    step: ReviewStep, faces: DeckFaces = DeckFaces.FRENCH, tr: Translator = ENGLISH
) -> str:
    """One marked decision: the move made, the better one, and the share of the deal it cost."""
    return tr.gettext(
        "Move {number}: you played {chosen}; better was {best} (it cost about {share} of the deal).",
        number=step.seq,
        chosen=move_words(step.chosen, faces, tr),
        best=move_words(step.best, faces, tr),
        share=per_cent(step.loss, tr),
    )
