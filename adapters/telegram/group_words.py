"""What a command that belongs in the private chat says when it is sent in a group (issue 34
item 5): each in words that fit it — a player's data and rating are theirs alone, talk goes to
the opponent from the private chat — rather than one line about hands for all of them."""

from __future__ import annotations

from service.language.translation import Translator
from service.rules.errors import N_

IN_PRIVATE = {
    "privacy": N_(
        "Ask me /privacy in our private chat: I tell you there what I keep about you, and for "
        "how long."
    ),
    "mydata": N_("Ask me /mydata in our private chat: your data is yours alone."),
    "erase": N_("Ask me /erase in our private chat: only you can erase your data, and only there."),
    "stats": N_(
        "Ask me /stats in our private chat: your rating and record are shown to you there."
    ),
    "say": N_(
        "To talk to your opponent, write /say … in our private chat, or reply there to the "
        "game's message: your words go to them alone, never to the group."
    ),
}
"""The commands with words of their own; every other one gets ``PLAY_IN_PRIVATE``."""
PLAY_IN_PRIVATE = N_("Play in your private chat with me: your hand is shown only there.")


def in_private(name: str, tr: Translator) -> str:
    """What ``/name`` sent in a group is answered: where to send it, and why."""
    return tr.gettext(IN_PRIVATE.get(name, PLAY_IN_PRIVATE))
