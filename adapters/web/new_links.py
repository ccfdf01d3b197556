"""Making new links for a player ("Someone else has this link?", or a new API token), and what
goes with the old ones.

Whoever held an old link could, with it alone, ask for turn notices: subscribe their own
browser to Web Push or confirm their own address.  Those would go on telling them of the
player's games after the owner made new links, so making new links forgets every browser and
the address the notices went to; the owner's own browser subscribes again from its new page
(``notices.js`` posts its subscription at each visit), and the owner asks for the address again.
"""

from __future__ import annotations

from adapters.web.context import web
from service.game.events import PlayerId


def make_new_links(player: PlayerId) -> None:
    """Revoke every link and key ``player`` was given, and forget where their notices went."""
    web().capabilities.revoke(player)
    desk = web().notices
    if desk is not None:
        desk.notices.unsubscribe(player)
        desk.notices.mail_off(player)
