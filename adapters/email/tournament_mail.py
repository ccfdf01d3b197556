"""Tournaments by mail (issue 37): to the service's address, the first line may be::

    tournaments                  the tournaments open for entries, each with its join line
    join tournament CODE         enter one
    withdraw tournament CODE     leave one
    tournament CODE              its standings

The words are the tournaments' one grammar (``service.words.tournament_words``), the answers the
tournaments' (``Tournaments.request``, once under the mail's ``Message-ID``), worded by
``tournament_replies``.  As for seeks (``asking.py``), the ``From`` of a mail proves nothing: a
request is acted on only for a proven address; anyone else is mailed a confirmation and the
request is done when it is answered ``yes``.  A listing goes out (once a day to an unproven
address) with a confirmation token in its reply address, so replying ``join tournament CODE``
to it proves the address and enters at once.  Each round's game then comes as game mail.
"""

from __future__ import annotations

from adapters.email.asking import AskingMail
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from adapters.mail.headers import SERVICE_NAME
from service.app.replies import Reply
from service.app.tournaments import Tournaments
from service.game.events import PlayerId
from service.language.translation import Translator
from service.ports.directory import Address
from service.rules.errors import N_, IllegalAction
from service.tournaments.requests import (
    TournamentEntered,
    TournamentLeft,
    TournamentOpened,
    TournamentReply,
    TournamentRequest,
)
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


class TournamentMail(AskingMail[TournamentRequest]):
    confirm = CONFIRM
    quota = "tournaments-mail"

    def way_in(self) -> Tournaments | None:
        return self.desk.tournaments

    def request_of(self, player: PlayerId, command: str) -> TournamentRequest | None:
        request = read_tournament_command(player, command)
        return None if isinstance(request, LookAtTournaments | ShowStandings) else request

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
        return self.asked(inbound, earlier, asked_words(asked, tr))

    def answer(self, inbound: Inbound, player: PlayerId, reply: Reply) -> str:
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
        if not self.may_show(inbound):
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
        if not self.may_show(inbound):
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
        self.send_listing(
            inbound, letter, tr.gettext("{service}: tournaments", service=SERVICE_NAME)
        )
        return f"tournaments: {len(shown)} listed"


def _refused(reply: Refused, tr: Translator) -> str:
    return f"{refusal_text(reply, tr)}\n\n{tr.gettext(TOURNAMENT_HELP)}"


def _next(reply: TournamentReply, tr: Translator) -> str:
    """What the player can write next, after a tournament request."""
    if isinstance(reply, TournamentEntered):
        return tr.gettext(
            "To leave it, write withdraw tournament {code}.",
            code=tournament_code(reply.tournament_id),
        )
    return tr.gettext("To see the tournaments open for entries, write tournaments.")
