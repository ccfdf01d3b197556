"""Replies to a finished game's mail: ``rematch`` asks the opponent for another match (or
accepts theirs), and anything else is answered once — the game is over, its result from the
reader's side, the replay's link and how to ask for a rematch — so a late reply is never met
with silence, and a responder that quotes our mail cannot start a ping-pong.
"""

from __future__ import annotations

from datetime import timedelta

from adapters.email.desk import SOURCE, Desk
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from adapters.email.sender import ending_letter
from service.app.lobby_requests import Rematch
from service.app.replies import Rematched
from service.game.events import GameId, PlayerId
from service.words.refusals import Refused, refusal_text

ONCE = timedelta(days=7)
"""A finished game's late replies are answered once in this time (the quota's records are kept
a little longer, ``service/ports/quotas.py``): once, for any reply a person writes."""


def answer_over(desk: Desk, inbound: Inbound, game_id: GameId, player: PlayerId) -> str:
    """The one answer to a reply to a finished game."""
    now = desk.clock.now()
    if desk.quotas.take(f"email-over:{game_id}:{player}", 1, now - ONCE, now) is None:
        return "refused: the game is over (answered before)"
    game, view = desk.service.view(game_id, player)
    mail = desk.mail
    tr = mail.tr(player)
    lead = [tr.gettext("This game is over: nothing more can be played in it.")]
    replay = desk.composer.page(f"/games/{game_id}/replay")
    if replay is not None:
        lead.append(tr.gettext("Watch the replay: {link}", link=replay))
    opponent = mail.opponent(game, player)
    rematch = desk.service.may_rematch(game, player)
    result = mail.result(game, player, tr)
    letter = ending_letter(result, view, opponent, tr, lead=tuple(lead), rematch=rematch)
    desk.answer_in_game(inbound, game_id, player, letter)
    return "refused: the game is over"


def rematch(desk: Desk, inbound: Inbound, game_id: GameId, player: PlayerId) -> str:
    """``rematch`` to a finished game: offered to the opponent, or started when they offered
    one (the new game's first table comes in its own thread)."""
    mail = desk.mail
    tr = mail.tr(player)
    reply = desk.service.request(SOURCE, inbound.key, inbound.command, Rematch(player, game_id))
    if isinstance(reply, Refused):
        return desk.notes.refuse(inbound, refusal_text(reply, tr=tr))
    assert isinstance(reply, Rematched)
    if reply.started is None:
        said = tr.gettext(
            "You asked {name} for a rematch: the new game starts when they accept.",
            name=reply.to,
        )
        desk.answer_in_game(inbound, game_id, player, Letter((said,), replies=False, tr=tr))
        return "rematch offered"
    game, view = desk.service.view(reply.started, player)
    opponent = mail.opponent(game, player)
    intro = tr.gettext("The rematch with {name} has begun.", name=opponent)
    letter = Letter((intro,), view, opponent, deadline=mail.deadline(game, player), tr=tr)
    desk.answer_in_game(inbound, reply.started, player, letter)
    return f"rematch {reply.started}"
