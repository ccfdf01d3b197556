"""Finding an opponent by mail (issue 36): to the service's address, the first line may be::

    seek [options of a new game] [rating 1400-1800] [reliable 80] [days 7]
    lobby [rated|casual]     the open seeks, each with its ``accept CODE`` line
    accept CODE              take a seek of the lobby: the answer is the game's first mail
    withdraw CODE            take one's own seek out
    pair [options]           wait to be paired with anyone whose terms fit
    unpair                   stop waiting

The words are the lobby's one grammar (``service.words.seek_words``), the answers the lobby's
(``Lobby.request``, once under the mail's ``Message-ID``), worded by ``seek_replies``; each answer
mail says what can be done next, and nothing else.

The ``From`` of a mail proves nothing, so (``asking.AskingMail``) a request that changes the lobby
is acted on only for a proven address (one that answered our mail with its token); anyone else is mailed a
confirmation, as a ``new game with`` is (``invitations``), and the request is done when it is
answered ``yes``.  A listing is sent (once a day to an unproven address) with a confirmation
token in its reply address, so replying ``accept CODE`` to it proves the address and accepts at
once.  A listing names an owner only where the service allows (a private player: "a player").
"""

from __future__ import annotations

from adapters.email.asking import AskingMail
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from adapters.mail.headers import SERVICE_NAME
from service.app.lobby import Lobby
from service.app.replies import Reply
from service.game.events import GameId, PlayerId
from service.language.translation import Translator
from service.ports.directory import Address
from service.rules.errors import N_, IllegalAction
from service.seeks.listing import SeekFilter
from service.seeks.requests import (
    PairingLeft,
    PairingWaited,
    SeekAccepted,
    SeekPublished,
    SeekReply,
    SeekRequest,
    SeekWithdrawn,
)
from service.words.refusals import Refused, refusal_text
from service.words.seek_replies import (
    LOBBY_AS_IT_IS,
    asked_words,
    listed_line,
    seek_code,
    seek_said,
)
from service.words.seek_words import VERBS, LookAtLobby, read_seek_command

LOBBY_HELP = N_(
    "To find an opponent, write on the first line:\n"
    "  seek deals 3 time 1d                 (an open challenge; add: rating 1400-1800, "
    "reliable 80, days 7)\n"
    "  lobby                                the open seeks\n"
    "  accept CODE                          take a seek of the lobby\n"
    "  pair                                 be paired with anyone whose terms fit\n"
    "  unpair                               stop waiting\n"
    "  withdraw CODE                        take your seek out"
)
CONFIRM = N_(
    "You asked the lobby of Conquian by email to {what}. Reply {yes} to this mail to do it. If "
    "you did not ask, ignore this mail: nothing will be done."
)


def is_lobby_mail(command: str) -> bool:
    first = command.split()[:1]
    return bool(first) and first[0].lower() in VERBS


class LobbyMail(AskingMail[SeekRequest]):
    confirm = CONFIRM
    quota = "lobby-mail"

    def way_in(self) -> Lobby | None:
        return self.desk.lobby

    def request_of(self, player: PlayerId, command: str) -> SeekRequest | None:
        request = read_seek_command(player, command)
        return None if isinstance(request, LookAtLobby) else request

    def handle(self, inbound: Inbound, earlier: str | None) -> str:
        """A lobby command mailed to the service's address, or in a reply to a listing."""
        desk, lobby = self.desk, self.desk.lobby
        assert lobby is not None  # the lobby's words are read only with a lobby
        tr = desk.tr_for(inbound)
        try:
            asked = read_seek_command(PlayerId(""), inbound.command)
        except IllegalAction as error:
            return desk.notes.refuse(inbound, _refused(Refused.of(error), tr))
        assert asked is not None  # ``is_lobby_mail`` let only the lobby's verbs through
        if isinstance(asked, LookAtLobby):
            return self._listing(lobby, inbound, SeekFilter(rated=asked.rated))
        return self.asked(inbound, earlier, asked_words(asked, tr))

    def answer(self, inbound: Inbound, player: PlayerId, reply: Reply) -> str:
        desk = self.desk
        tr = desk.mail.tr(player)
        match reply:
            case SeekAccepted(game_id=game_id):
                desk.answer_in_game(inbound, game_id, player, self._first(game_id, player, reply))
                return f"accepted {game_id}"
            case SeekPublished() | SeekWithdrawn() | PairingWaited() | PairingLeft():
                letter = Letter((seek_said(reply, tr), _next(reply, tr)), replies=False, tr=tr)
                desk.notes.note(inbound, letter)
                return type(reply).__name__
            case Refused():
                return desk.notes.refuse(inbound, _refused(reply, tr))
        return f"answered {type(reply).__name__}"

    def _first(self, game_id: GameId, player: PlayerId, reply: SeekAccepted) -> Letter:
        """The taker's first table, with their moves if it is their turn."""
        mail = self.desk.mail
        game, view = self.desk.service.view(game_id, player)
        tr = mail.tr(player)
        intro = seek_said(reply, tr)
        deadline = mail.deadline(game, player)
        opponent = mail.opponent(game, player)
        return Letter((intro,), view, opponent, deadline=deadline, commands=True, tr=tr)

    def _listing(self, lobby: Lobby, inbound: Inbound, wanted: SeekFilter) -> str:
        """The open seeks that admit the sender, each with the line that accepts it; sent with
        a reply address that proves the sender, so a reply accepts at once."""
        desk = self.desk
        if not self.may_show(inbound):
            return "lobby: not answered (one a day)"
        tr = desk.tr_for(inbound)
        viewer = desk.directory.player_at(Address("email", inbound.sender))
        listed = lobby.listing(viewer, wanted)
        name_of = lambda someone: desk.mail.name(someone, tr)  # noqa: E731
        lines = [
            f"{listed_line(one, name_of, tr)}\n  {'withdraw' if one.own else 'accept'} "
            + seek_code(one.seek_id)
            for one in listed
        ]
        intro = (
            tr.gettext("Open seeks. To accept one, reply to this mail with its accept line:")
            if lines
            else tr.gettext("No open seek fits you now.")
        )
        notes = ("\n".join(lines), tr.gettext(LOBBY_HELP)) if lines else (tr.gettext(LOBBY_HELP),)
        letter = Letter((intro,), notes=notes, tr=tr)
        self.send_listing(inbound, letter, tr.gettext("{service}: the lobby", service=SERVICE_NAME))
        return f"lobby: {len(listed)} listed"


def _refused(reply: Refused, tr: Translator) -> str:
    after = (
        LOBBY_HELP
        if reply.code not in LOBBY_AS_IT_IS
        else N_("To see the open seeks, write lobby.")
    )
    return f"{refusal_text(reply, tr)}\n\n{tr.gettext(after)}"


def _next(reply: SeekReply, tr: Translator) -> str:
    """What the player can write next, after a lobby request."""
    match reply:
        case SeekPublished(seek_id=seek_id):
            return tr.gettext(
                "To take it out of the lobby, write withdraw {code}.", code=seek_code(seek_id)
            )
        case PairingWaited():
            return tr.gettext("To stop waiting, write unpair.")
    return tr.gettext(
        "To publish a seek, write seek; to wait for anyone whose terms fit, pair; to see the "
        "open seeks, lobby."
    )
