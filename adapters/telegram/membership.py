"""The bot's own membership of a chat changed (``my_chat_member`` updates).

In a private chat, status ``kicked`` means the person blocked the bot: they are marked
unreachable at once, so the outbox stops sending to them (``sender.py``) instead of learning it
from a refused send; ``member`` again means they unblocked it: reachable, and shown what they
missed.  In a group, ``left`` or ``kicked`` means the bot was removed: the group's games stop
being told there; being added needs nothing (a ``/new`` in the group links a game to it).
Each update is recorded in the inbox like any other, so a repeated one changes nothing twice.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import ChatMemberUpdated

from adapters.telegram.channel import Channel
from service.app.replies import Ignored
from service.game.events import PlayerId

log = logging.getLogger(__name__)
GONE = ("kicked", "left")


def membership_changed(
    channel: Channel,
    key: str,
    changed: ChatMemberUpdated,
    welcome_back: Callable[[PlayerId], None],
) -> None:
    """Record what the change means for sending (see the module's docstring)."""
    status = changed.new_chat_member.status
    chat = changed.chat
    if chat.type == "private":
        user = changed.from_user
        player = channel.player_of(user.id, user.first_name, user.language_code)
        if status in GONE:
            channel.records.mark_unreachable(player, channel.clock.now(), "blocked the bot")
            log.info("%s blocked the bot", player)
        elif channel.records.mark_reachable(player):
            welcome_back(player)
    elif status in GONE:
        unlinked = channel.records.unlink_groups(chat.id)
        log.info("removed from group %d: %d games no longer told there", chat.id, unlinked)
    channel.record(key, Ignored())
