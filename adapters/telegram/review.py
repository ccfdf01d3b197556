"""``/review [#game]``: the player's own review of a finished game (issue 38), the last one they
finished unless they name another, as the short summary the service words
(``service.words.reviews``).  Never the opponent's: the service refuses anyone but a player, and
each player's review is of their own decisions."""

from __future__ import annotations

from adapters.telegram.channel import Channel
from adapters.telegram.incoming import Said
from adapters.telegram.screens import Screens
from service.app.replies import Shown
from service.game.events import GameId
from service.rules.errors import IllegalAction
from service.words.refusals import Refused, refusal_text
from service.words.reviews import review_summary


def review(channel: Channel, screens: Screens, said: Said, game_id: GameId | None) -> None:
    service, tr = channel.service, said.tr
    try:
        game_id = game_id or service.reviewing.last(said.player)
        steps = service.reviewing.of(game_id, said.player)
        text = review_summary(steps, service.game(game_id).variant.deck_faces, tr)
        refused = False
    except IllegalAction as error:
        text, refused = refusal_text(Refused.of(error, game_id or GameId("")), tr), True
    channel.record(said.key, Shown("review", refused=refused))
    screens.say(said.chat_id, text)
