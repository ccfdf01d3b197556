"""The use case of a hint (issue 38): a player of a casual game against a bot asks what the hard
bot would do at their decision.

The game decider refuses it anywhere else (``hint_rules``); otherwise the hard bot's search runs
on the player's own view (``bots/advice.py``: no hidden card, seeded from the position, so the
same position always gets the same hint) and ``HintGiven`` is appended like a time command,
never a move, with the reply in the same transaction.  The search runs in the request: at the
hard bot's budget it costs about a tenth of a second interpreted (docs/decisions/hints.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.app.intake import InboxKey
from service.app.journal import Journal
from service.app.outcome import Hinted
from service.app.replies import HintShown
from service.bots.advice import advise
from service.bots.levels import HARD_ROLLOUTS
from service.game.commands import AskHint
from service.game.decide import checked_seat, decide_game
from service.game.events import PlayerId
from service.game.state import Game
from service.language.notation import card_text
from service.rules.view import view_for
from service.words.prompts import action_text


@dataclass(frozen=True, slots=True)
class Hinting:
    journal: Journal
    rollouts: int = HARD_ROLLOUTS
    """Deal endings the search plays for one hint: the hard bot's own budget."""

    def hint(self, game: Game, player: PlayerId, inbox_key: InboxKey | None) -> Hinted:
        """The hint for ``player``'s decision in ``game``, its ``HintGiven`` appended."""
        events = decide_game(game, AskHint(player), self.journal.clock.now())
        advice = advise(view_for(game.rules, checked_seat(game, player)), self.rollouts)
        shown = HintShown(
            game.id,
            game.version + len(events),
            action_text(advice.best.action),
            tuple(card_text(one) for one in advice.melds),
            None if advice.fears is None else card_text(advice.fears),
            round(100 * advice.best.rate),
        )
        reply = None if inbox_key is None else inbox_key.reply(shown)
        after, stored = self.journal.append(game, events, actor=player, inbox_reply=reply)
        return Hinted(after, player, tuple(stored), shown)
