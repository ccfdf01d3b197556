"""The lobby in words, for every channel that writes text: a seek's line in a listing, its terms,
and the answer to each lobby request (``service.seeks.requests``).

A line names its owner only as the channel was allowed to (``Listed.owner`` None: "a player"),
and holds terms, a rating and a reliability: nothing a player typed.  The answers say what
happened, not which command to send next: each channel adds its own commands (``/lobby``, a
mail's ``lobby``), since only it knows how they are written there.
"""

from __future__ import annotations

from collections.abc import Callable

from service.game.events import PlayerId, TimeControl
from service.language.translation import Translator
from service.seeks import requests
from service.seeks.listing import Listed
from service.seeks.terms import SeekTerms
from service.words.seek_words import CODE_LENGTH
from service.words.stats import per_cent

HOUR, DAY = 3600, 86400


def seek_code(seek_id: str) -> str:
    """How a listing shows a seek and a player names it (``accept 3f9a2c``)."""
    return seek_id[:CODE_LENGTH]


def per_move(control: TimeControl, tr: Translator) -> str:
    seconds = control.move_seconds
    if seconds % DAY == 0:
        return tr.ngettext("{n} day a move", "{n} days a move", seconds // DAY)
    if seconds % HOUR == 0:
        return tr.ngettext("{n} hour a move", "{n} hours a move", seconds // HOUR)
    return tr.ngettext("{n} minute a move", "{n} minutes a move", seconds // 60)


def terms_words(terms: SeekTerms, tr: Translator) -> str:
    """``3 deals, 2 days a move, rated, forcing=disabled``: what a game on these terms is."""
    match = terms.match
    parts = []
    if match.deals is not None:
        parts.append(tr.ngettext("{n} deal", "{n} deals", match.deals))
    if match.target is not None:
        parts.append(tr.gettext("to {target} points", target=match.target))
    parts.append(per_move(terms.time_control, tr))
    parts.append(tr.gettext("rated") if terms.rated else tr.gettext("casual"))
    parts.extend(f"{flag}={value}" for flag, value in terms.variant.changed_flags().items())
    return ", ".join(parts)


def reliability_words(percent: int | None, tr: Translator) -> str:
    if percent is None:
        return tr.gettext("new player")
    return tr.gettext("{share} reliable", share=per_cent(percent, tr))


def listed_line(listed: Listed, name_of: Callable[[PlayerId], str], tr: Translator) -> str:
    """One seek of a listing: its code, who (by name only where the listing names them), their
    rating and reliability, and the terms."""
    who = tr.gettext("you") if listed.own else _who(listed, name_of, tr)
    return tr.gettext(
        "{code} · {who} ({rating}, {reliability}) · {terms}",
        code=seek_code(listed.seek_id),
        who=who,
        rating=listed.rating,
        reliability=reliability_words(listed.reliability, tr),
        terms=terms_words(listed.terms, tr),
    )


def _who(listed: Listed, name_of: Callable[[PlayerId], str], tr: Translator) -> str:
    return tr.gettext("a player") if listed.owner is None else name_of(listed.owner)


def seek_said(reply: requests.SeekReply, tr: Translator) -> str:
    """What a lobby request did, to the player who asked."""
    match reply:
        case requests.SeekPublished(seek_id=seek_id, expires=expires):
            return tr.gettext(
                "Your seek {code} is in the lobby until {when} (UTC). When someone accepts it, "
                "your game begins and I tell you.",
                code=seek_code(seek_id),
                when=tr.when(expires),
            )
        case requests.SeekAccepted(seek_id=seek_id):
            return tr.gettext(
                "You accepted seek {code}: your game begins.", code=seek_code(seek_id)
            )
        case requests.SeekWithdrawn(seek_id=seek_id):
            return tr.gettext("Your seek {code} is out of the lobby.", code=seek_code(seek_id))
        case requests.PairingWaited():
            return tr.gettext(
                "You are waiting to be paired with a player whose terms fit yours. When I find "
                "one, your game begins and I tell you."
            )
        case requests.PairingLeft(was_waiting=True):
            return tr.gettext("You are no longer waiting to be paired.")
        case requests.PairingLeft():
            return tr.gettext("You were not waiting to be paired.")


LOBBY_AS_IT_IS = frozenset(
    {
        "seek_gone",
        "own_seek",
        "not_your_seek",
        "not_wanted",
        "too_many_games",
        "too_many_seeks",
        "too_many_accepts",
    }
)
"""Refusals of a lobby request because of the lobby as it is (a seek gone, a limit reached),
not of its words: a channel follows the others with its lobby's commands, these with the
listing's."""


def asked_words(asked: requests.SeekRequest, tr: Translator) -> str:
    """What a request asks of the lobby, in the service's words (terms, never the sender's
    text): for a channel that asks its sender to confirm it (mail from an unproven address)."""
    match asked:
        case requests.PublishSeek(terms=terms):
            return tr.gettext("publish a seek ({terms})", terms=terms_words(terms, tr))
        case requests.WaitForPairing(terms=terms):
            return tr.gettext("pair you with a player ({terms})", terms=terms_words(terms, tr))
        case requests.AcceptSeek():
            return tr.gettext("accept a seek")
        case requests.WithdrawSeek():
            return tr.gettext("withdraw your seek")
        case requests.LeavePairing():
            return tr.gettext("stop waiting to be paired")
