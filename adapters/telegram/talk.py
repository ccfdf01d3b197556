"""Talk at the table costs no board (issue 34 item 4).

Words alone — a ``/say`` or a reply to the game's message, ``MessageSaid`` and nothing else —
go to the opponent as one small message of their own, without a table or buttons, and leave
both players' boards as they were: a board is for a decision.  The writer is not answered with
a message at all (they can read what they wrote): their message gets a reaction, which says it
was heard without posting or notifying.  Other talk (an offer, its answer, a mute) still shows
on the board, since it changes the board's buttons or is the writer's own setting.
"""

from __future__ import annotations

import logging

from adapters.telegram.api import Refused
from adapters.telegram.channel import Channel
from service.delivery.dispatch import TryLater
from service.delivery.notices import Notice
from service.game.talk_events import MessageSaid

log = logging.getLogger(__name__)
HEARD = "👍"
"""The reaction on the writer's own words (one of the emoji Telegram allows for reactions)."""


def words_only(notice: Notice, first: int, last: int) -> bool:
    """Whether events ``first`` … ``last`` are messages said and nothing else."""
    lines = notice.between(first, last)
    return bool(lines) and all(line.kind is MessageSaid for line in lines)


def acknowledge(channel: Channel, chat: int, message_id: int) -> None:
    """The writer's words were said: a reaction on their message.  A chat where reactions are
    off refuses it, which costs nothing: the words went out all the same."""
    try:
        channel.api.react(chat, message_id, HEARD)
    except (Refused, TryLater) as error:
        log.debug("no reaction on message %d in %d: %s", message_id, chat, error)
