"""``/stats``: my profile, ``/stats @name`` someone's public one, ``/stats public|private|leave|join``
my choices.  The words and the rules are the service's (``service.words.stats``,
``service.app.ratings``); this lays them out for a chat."""

from __future__ import annotations

from adapters.telegram.channel import Channel
from adapters.telegram.incoming import Said
from adapters.telegram.screens import Screens
from service.app.replies import Shown
from service.game.events import PlayerId
from service.words.stats import HIDDEN, read_stats, stats_lines


def stats(channel: Channel, screens: Screens, said: Said, args: list[str]) -> None:
    ratings, tr = channel.ratings, said.tr
    asked = read_stats(args)
    shown = None
    if ratings is not None:
        if asked.public is not None or asked.listed is not None:
            ratings.choose(said.player, asked.public, asked.listed)
        player: PlayerId | None = said.player
        if asked.subject is not None:
            player = ratings.find(asked.subject, lambda one: channel.name(one, tr))
        shown = None if player is None else ratings.stats(said.player, player)
    if shown is None:
        text = tr.gettext(HIDDEN)
    else:
        name = channel.name(shown.standing.player, tr)
        text = "\n".join(stats_lines(shown, name, channel.name, tr))
    channel.record(said.key, Shown("stats", refused=shown is None))
    screens.say(said.chat_id, text)
