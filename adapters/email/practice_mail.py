"""The guided first deal by mail (issue 38): ``practice`` and ``skip practice``, and the offer of
the deal in a newcomer's first answer.

The ``From`` of a mail to the service's address proves nothing, so each follows the rule its
kind of request follows elsewhere.  ``practice`` opens a game against a bot and answers with its
first table, as ``new game with the bot`` does (``bot_games``): at once, and to an unproven
address at most as often as a confirmation (once a day).  ``skip practice`` changes a setting of
the player at the address, which a forged ``From`` must not do (as ``my data`` and ``erase``
are not done on a ``From`` alone): it is done only on a mail that proves its sender — a reply
to the offer's mail, whose reply address carries a confirmation token (as a listing's does), or
a ``yes`` to the confirmation any other ``skip practice`` is mailed (at most one a day an
address, ``invitations.ask``).  Until then nobody is registered and nothing is recorded.
"""

from __future__ import annotations

from adapters.email.bot_games import BotGames
from adapters.email.desk import SOURCE, Desk
from adapters.email.inbound import Inbound
from adapters.email.invitations import CONFIRMING, Invitations
from adapters.email.letters import Letter
from adapters.mail.headers import SERVICE_NAME
from service.app.practising import SkipPractice
from service.language.vocabulary import word
from service.rules.errors import N_
from service.words.lobby import read_words

PRACTICE_OFFER = N_(
    "New to Conquian? Write practice on the first line for a practice deal against the easy "
    "bot, with a short prompt at each new kind of move; skip practice if you know the game."
)
LEARN_HELP = N_(
    "To learn the game, write on the first line:\n"
    "  practice                             a practice deal against the easy bot, with prompts\n"
    "  review                               your review of your last finished game "
    "(review GAME: another)"
)
"""The help's lines for learning, after ``requests.HELP``."""
NO_PRACTICE = N_("No practice deal, then: write new game with the bot to play the bot.")
CONFIRM_SKIP = N_(
    "You asked Conquian by email not to offer you the practice deal again. Reply {yes} to this "
    "mail to do it. If you did not ask, ignore this mail: nothing will be changed."
)
PRACTICE = "practice"
SKIP = "skip practice"


def practice_command(command: str) -> str | None:
    """``practice`` or ``skip practice`` if the first line is one, else None."""
    said = " ".join(command.lower().split())
    return said if said in (PRACTICE, SKIP) else None


class PracticeMail:
    def __init__(self, desk: Desk, invitations: Invitations, bot_games: BotGames) -> None:
        self.desk = desk
        self.invitations = invitations
        self.bot_games = bot_games

    def handle(self, inbound: Inbound, earlier: str | None) -> str:
        """Either, to the service's address: ``practice`` starts the deal (the bot games' rule),
        ``skip practice`` is confirmed first."""
        if practice_command(inbound.command) == PRACTICE:
            return self.bot_games.open(inbound, read_words([]), practice=True)
        tr = self.desk.tr_for(inbound)
        question = tr.gettext(CONFIRM_SKIP, yes=word(tr, "yes"))
        subject = tr.gettext("{service}: confirm your request", service=SERVICE_NAME)
        return self.invitations.ask(inbound, "", earlier, question, subject)

    def proven(self, asked: Inbound, answering: Inbound) -> str:
        """Either, from a sender ``answering`` proved (a reply to the offer or a listing, or the
        ``yes`` to a confirmation of ``asked``): done now, once under ``asked``'s key."""
        if practice_command(asked.command) == PRACTICE:
            return self.bot_games.open(asked, read_words([]), practice=True)
        desk = self.desk
        player = desk.player_for(asked.sender, asked.sender_name, asked.language)
        reply = desk.service.request(SOURCE, asked.key, asked.command, SkipPractice(player))
        if answering is not asked:
            desk.record(answering, reply)
        tr = desk.mail.tr(player)
        desk.notes.note(answering, Letter((tr.gettext(NO_PRACTICE),), replies=False, tr=tr))
        return "practice skipped"

    def offer_reply_to(self, inbound: Inbound) -> str:
        """The reply address of an answer that offers the deal: a confirmation token for the
        sender, so ``practice`` or ``skip practice`` replied to it proves them and acts at once."""
        desk = self.desk
        stored = desk.store.message(inbound.key)
        assert stored is not None  # handled from the store
        token = desk.keys.issue(stored.number, CONFIRMING, inbound.sender.lower(), 0)
        return desk.addresses.confirm(token)
