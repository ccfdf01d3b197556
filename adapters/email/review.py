"""A ``review`` mail to the service's address: the sender's own review of their last finished game
(``review GAME`` for another of theirs), the short summary the service words
(``service.words.reviews``, issue 38).

As ``stats``, it is answered to the ``From`` address only, so a forged ``From`` shows a review to
nobody but its own player; an address that is no player is refused like any stranger's mail.
"""

from __future__ import annotations

from adapters.email.desk import Desk
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from service.game.errors import NoSuchGame, NotAPlayer
from service.game.events import GameId
from service.game.stored import UnknownGame
from service.ports.directory import Address
from service.rules.errors import IllegalAction
from service.words.refusals import Refused, refusal_text
from service.words.reviews import review_summary


def review(desk: Desk, inbound: Inbound, words: list[str]) -> str:
    player = desk.directory.player_at(Address("email", inbound.sender))
    tr = desk.tr_for(inbound)
    service = desk.service
    try:
        if player is None:
            raise NotAPlayer()
        game_id = GameId(words[0]) if words else service.reviewing.last(player)
        try:
            steps = service.reviewing.of(game_id, player)
        except UnknownGame:
            raise NoSuchGame() from None
        text = review_summary(steps, service.game(game_id).variant.deck_faces, tr)
    except IllegalAction as error:
        return desk.notes.refuse(inbound, refusal_text(Refused.of(error), tr))
    desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
    return "review" if steps is not None else "review: not ready"
