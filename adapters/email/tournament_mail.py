"""Tournaments by mail (issue 37): to the service's address, the first line may be::

    tournaments                  the tournaments open for entries, each with its join line
    join tournament CODE         enter one
    withdraw tournament CODE     leave one
    tournament CODE              its standings

The words are the tournaments' one grammar (``service.words.tournament_words``), the answers the
tournaments' (``Tournaments.request``, once under the mail's ``Message-ID``), worded by
``tournament_replies``.  As for seeks (``seeking.py``), the ``From`` of a mail proves nothing: a
request is acted on only for a proven address; anyone else is mailed a confirmation and the
request is done when it is answered ``yes``.  A listing goes out (once a day to an unproven
address) with a confirmation token in its reply address, so replying ``join tournament CODE``
to it proves the address and enters at once.  Each round's game then comes as game mail.
"""

from __future__ import annotations

from adapters.email.desk import SOURCE, Desk
from adapters.email.inbound import Inbound
from adapters.email.invitations import CONFIRMING, Invitations
from adapters.email.letters import Letter
from adapters.mail.headers import SERVICE_NAME
from service.app.replies import Reply
from service.app.tournaments import Tournaments
from service.game.events import PlayerId
from service.language.translation import Translator
from service.language.vocabulary import word
from service.players.invitations import DAY, within
from service.ports.directory import Address
from service.rules.errors import N_, IllegalAction
from service.tournaments.requests import TournamentEntered, TournamentLeft, TournamentOpened
from service.words.refusals import Refused, refusal_text
from service.words.tournament_replies import (
    asked_words,
    listed_line,
    standings_lines,
    tournament_code,
    tournament_said,
)
from service.words.tournament_words import (
    LookAtTournaments,
    ShowStandings,
    read_tournament_command,
)

TOURNAMENT_HELP = N_(
    "To play in a tournament, write on the first line:\n"
    "  tournaments                          the tournaments open for entries\n"
    "  join tournament CODE                 enter one\n"
    "  withdraw tournament CODE             leave one\n"
    "  tournament CODE                      its standings"
)
CONFIRM = N_(
    "You asked Conquian's tournaments by email to {what}. Reply {yes} to this mail to do it. "
    "If you did not ask, ignore this mail: nothing will be done."
)


def is_tournament_mail(command: str) -> bool:
    """Whether the first line is a tournament command (words it cannot read included, to be
    refused in its words rather than as the lobby's ``withdraw``)."""
    try:
        return read_tournament_command(PlayerId(""), command) is not None
    except IllegalAction:
        return True


class TournamentMail:
    def __init__(self, desk: Desk, invitations: Invitations) -> None:
        self.desk = desk
        self.invitations = invitations

    def handle(self, inbound: Inbound, earlier: str | None) -> str:
        """A tournament command mailed to the service's address, or in a reply to a listing."""
        desk, tournaments = self.desk, self.desk.tournaments
        assert tournaments is not None  # their words are read only with tournaments
        tr = desk.tr_for(inbound)
        try:
            asked = read_tournament_command(PlayerId(""), inbound.command)
        except IllegalAction as error:
            return desk.notes.refuse(inbound, _refused(Refused.of(error), tr))
        assert asked is not None  # ``is_tournament_mail`` let only these through
        if isinstance(asked, LookAtTournaments):
            return self._listing(tournaments, inbound)
        if isinstance(asked, ShowStandings):
            return self._standings(tournaments, inbound, asked.code)
        if not desk.consent.proven(inbound.sender):
            question = tr.gettext(CONFIRM, what=asked_words(asked, tr), yes=word(tr, "yes"))
            subject = tr.gettext("{service}: confirm your request", service=SERVICE_NAME)
            return self.invitations.ask(inbound, "", earlier, question, subject)
        return self.confirmed(inbound, inbound)

    def confirmed(self, asked: Inbound, answering: Inbound) -> str:
        """Do what the proven ``asked`` mail asked, once under its key, and answer
        ``answering`` (the mail itself, or the ``yes`` to its confirmation)."""
        desk, tournaments = self.desk, self.desk.tournaments
        assert tournaments is not None
        player = desk.player_for(asked.sender, asked.sender_name, asked.language)
        request = read_tournament_command(player, asked.command)
        if request is None or isinstance(request, LookAtTournaments | ShowStandings):
            return "ignored: a listing is not confirmed"  # a "yes" to a listing
        reply = tournaments.request(SOURCE, asked.key, asked.command, request)
        if answering is not asked:
            desk.record(answering, reply)
        return self._answer(answering, player, reply)

    def _answer(self, inbound: Inbound, player: PlayerId, reply: Reply) -> str:
        tr = self.desk.mail.tr(player)
        match reply:
            case TournamentEntered() | TournamentLeft() | TournamentOpened():
                letter = Letter(
                    (tournament_said(reply, tr), _next(reply, tr)), replies=False, tr=tr
                )
                self.desk.notes.note(inbound, letter)
                return type(reply).__name__
            case Refused():
                return self.desk.notes.refuse(inbound, _refused(reply, tr))
        return f"answered {type(reply).__name__}"

    def _standings(self, tournaments: Tournaments, inbound: Inbound, code: str) -> str:
        """One tournament's standings (once a day to an unproven address, as a listing)."""
        desk = self.desk
        if not desk.consent.proven(inbound.sender) and not _once_a_day(desk, inbound):
            return "tournament: not answered (one a day)"
        tr = desk.tr_for(inbound)
        try:
            tournament = tournaments.found(code)
        except IllegalAction as error:
            return desk.notes.refuse(inbound, _refused(Refused.of(error), tr))
        viewer = desk.directory.player_at(Address("email", inbound.sender))
        lines = standings_lines(
            tournament,
            lambda player: tournaments.shown_as(viewer, player),
            lambda player: desk.mail.name(player, tr),
            tr,
        )
        desk.notes.note(inbound, Letter(("\n".join(lines),), replies=False, tr=tr))
        return f"tournament: {len(lines) - 1} standing"

    def _listing(self, tournaments: Tournaments, inbound: Inbound) -> str:
        """The tournaments open for entries, each with the line that enters it; sent with a
        reply address that proves the sender, so a reply enters at once."""
        desk = self.desk
        if not desk.consent.proven(inbound.sender) and not _once_a_day(desk, inbound):
            return "tournaments: not answered (one a day)"
        tr = desk.tr_for(inbound)
        shown = tournaments.open_ones()
        lines = [
            f"{listed_line(one, tr)}\n  join tournament {tournament_code(one.tournament_id)}"
            for one in shown
        ]
        intro = (
            tr.gettext("Tournaments open for entries. To enter one, reply with its join line:")
            if lines
            else tr.gettext("No tournament takes entries now.")
        )
        help_ = tr.gettext(TOURNAMENT_HELP)
        notes = ("\n".join(lines), help_) if lines else (help_,)
        letter = Letter((intro,), notes=notes, tr=tr)
        stored = desk.store.message(inbound.key)
        assert stored is not None  # handled from the store
        token = desk.keys.issue(stored.number, CONFIRMING, inbound.sender.lower(), 0)
        subject = tr.gettext("{service}: tournaments", service=SERVICE_NAME)
        desk.notes.note_to(inbound, letter, subject, desk.addresses.confirm(token))
        return f"tournaments: {len(shown)} listed"


def _once_a_day(desk: Desk, inbound: Inbound) -> bool:
    """A listing to an address that may be forged goes out once a day (backscatter)."""
    key = f"tournaments-mail:{inbound.sender.lower()}"
    return within(desk.quotas, key, 1, DAY, desk.clock.now())


def _refused(reply: Refused, tr: Translator) -> str:
    return f"{refusal_text(reply, tr)}\n\n{tr.gettext(TOURNAMENT_HELP)}"


def _next(reply: TournamentEntered | TournamentLeft | TournamentOpened, tr: Translator) -> str:
    """What the player can write next, after a tournament request."""
    if isinstance(reply, TournamentEntered):
        return tr.gettext(
            "To leave it, write withdraw tournament {code}.",
            code=tournament_code(reply.tournament_id),
        )
    return tr.gettext("To see the tournaments open for entries, write tournaments.")
