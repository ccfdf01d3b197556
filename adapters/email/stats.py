"""A ``stats`` mail to the service's address: the sender's profile (``stats NAME``: a public
one; ``stats public|private|leave|join``: the sender's choices), answered to that address.

The answer goes to the ``From`` address only, so a forged ``From`` shows a profile to nobody but
its own player (docs/decisions/email-spoofing.md); an address that is no player is refused, as
any stranger's mail, within the error replies' limit.  The words are the service's
(``service.words.stats``).
"""

from __future__ import annotations

from adapters.email.desk import Desk
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from service.game.events import PlayerId
from service.ports.directory import Address
from service.words.stats import HIDDEN, read_stats, stats_lines


def stats(desk: Desk, inbound: Inbound, words: list[str]) -> str:
    player = desk.directory.player_at(Address("email", inbound.sender))
    ratings = desk.ratings
    tr = desk.tr_for(inbound)
    if player is None or ratings is None:
        return desk.notes.refuse(inbound, tr.gettext(HIDDEN))
    asked = read_stats(words)
    if asked.public is not None or asked.listed is not None:
        ratings.choose(player, asked.public, asked.listed)
    subject: PlayerId | None = player
    if asked.subject is not None:
        subject = ratings.find(asked.subject, lambda one: desk.mail.name(one, tr))
    shown = None if subject is None else ratings.stats(player, subject)
    if shown is None:
        text = tr.gettext(HIDDEN)
    else:
        name = desk.mail.name(shown.standing.player, tr)
        text = "\n".join(stats_lines(shown, name, desk.mail.name, tr))
    desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
    return "stats" if shown is not None else "stats: hidden"
