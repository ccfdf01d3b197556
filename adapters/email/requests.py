"""Mail that is not a reply to a game's mail: requests to the service's own address, and the
answer to an invitation.

To the service's address (``CONQUIAN_MAIL_FROM``), the first line may be::

    new game with bob@example.org [deals 3] [target 100] [stake 2] [time 12h] [flag=value …]
    new game with the bot [easy|medium|hard] [the same options]
    join CODE            join the game of an invitation made on another channel (the code, or
                         the whole invitation link, e.g. ``https://t.me/<bot>?start=CODE``)
    link                 a code to type on another channel, to play there as this player
    link CODE            this address joins the player who asked for CODE elsewhere

The sender is registered as a player on first use (the From name, cleaned, or the address's
local part).  ``new game with`` from a proven address opens the game and mails the invitation,
within the limits on invitations; from any other address it is first confirmed by mail
(``invitations``).  The invited player replies ``join`` or ``decline`` (or ``stop``); until someone joins, the host may reply ``cancel`` to call the game off
(``handling``).  ``join CODE`` is how a friend on email takes up a Telegram player's ``/new``:
the answer is their first table, in the game's thread, and they play by replying to it.
Anything else is answered with these lines, at most once an hour per sender.
"""

from __future__ import annotations

import re

from adapters.email.bot_games import BotGames
from adapters.email.desk import SOURCE, Desk
from adapters.email.inbound import Inbound, answer_word
from adapters.email.invitations import Invitations
from adapters.email.letters import Letter
from adapters.email.review import review
from adapters.email.seeking import LOBBY_HELP, LobbyMail, is_lobby_mail
from adapters.email.stats import stats
from adapters.email.tournament_mail import TOURNAMENT_HELP, TournamentMail, is_tournament_mail
from adapters.email.your_data import ABOUT_YOU
from service.app.link_requests import ConfirmLink, OfferLink
from service.app.lobby_requests import JoinGame
from service.app.replies import Joined, Linked, LinkOffered, Opened, Shown
from service.game.events import GameId, PlayerId
from service.language.vocabulary import word
from service.players.linking import valid_for_text
from service.ports.directory import Address
from service.rules.errors import N_, IllegalAction
from service.words.lobby import GameOptions, read_words
from service.words.refusals import Refused, refusal_text

CALL_OFF = N_("To call the game off before anyone joins, reply {cancel}.")
HELP = N_(
    "This address starts games of Conquian by email. Write on the first line:\n"
    "  new game with bob@example.org        (add: deals 3, target 100, stake 2, time 12h, flag=value)\n"
    "  new game with the bot hard           (easy, medium or hard; the same options)\n"
    "  join CODE                            join a game you were invited to on another channel\n"
    "  link                                 get a code to play as you on another channel\n"
    "  link CODE                            use a code from another channel here\n"
    "To play a move, reply to the latest mail of your game."
)
PRACTICE_OFFER = N_(
    "New to Conquian? Write practice on the first line for a practice deal against the easy "
    "bot, with a short prompt at each new kind of move; skip practice if you know the game."
)
NO_PRACTICE = N_("No practice deal, then: write new game with the bot to play the bot.")
_BOT_GAME = re.compile(r"^new game with\s+(?:the\s+)?bot\b(.*)$", re.IGNORECASE)
_NEW_GAME = re.compile(r"^new game with\s+(\S+@\S+)(.*)$", re.IGNORECASE)
_JOIN = re.compile(r"^join\s+(?:\S*[?&]start=)?([0-9a-z]+)\W*$", re.IGNORECASE)


class ServiceRequests:
    def __init__(self, desk: Desk, invitations: Invitations) -> None:
        self.desk = desk
        self.invitations = invitations
        self.bot_games = BotGames(desk)
        self.lobby = LobbyMail(desk, invitations)
        self.tournaments = TournamentMail(desk, invitations)

    def handle(self, inbound: Inbound, earlier: str | None = None) -> str:
        command = inbound.command
        against_bot = _BOT_GAME.match(command)
        if against_bot is not None:
            return self._bot_game(inbound, against_bot.group(1))
        found = _NEW_GAME.match(command)
        if found is not None:
            guest = _guest(found.group(1))
            refused = self._invalid(inbound, guest, found.group(2))
            if refused is not None:
                return refused
            if not self.desk.consent.proven(inbound.sender):
                return self.invitations.ask(inbound, guest, earlier)
            return self.new_game(inbound, inbound)
        if command.lower().split() in (["practice"], ["skip", "practice"]):
            return self._practice(inbound, command.lower().startswith("skip"))
        if answer_word(command) == "stop" and not self.desk.consent.proven(inbound.sender):
            # without a token only a stranger's: a forged stop must not silence a player's games
            return self.desk.stop(inbound.sender)
        if self._tournament_mail(command):  # before the lobby's: it has "withdraw" too
            return self.tournaments.handle(inbound, earlier)
        if self.desk.lobby is not None and is_lobby_mail(command):
            return self.lobby.handle(inbound, earlier)
        joining = _JOIN.match(command)
        if joining is not None:
            return self._join(inbound, joining.group(1).lower())
        words = command.lower().split()
        if words[:1] == ["link"] and len(words) <= 2:
            return self._link(inbound, words[1] if len(words) == 2 else None)
        if words[:1] == ["stats"]:
            return stats(self.desk, inbound, command.split()[1:])
        if words[:1] == ["review"] and len(words) <= 2:
            return review(self.desk, inbound, command.split()[1:])
        tr = self.desk.tr_for(inbound)
        about_you = tr.gettext(ABOUT_YOU)
        lobby = "" if self.desk.lobby is None else f"\n{tr.gettext(LOBBY_HELP)}"
        if self.desk.tournaments is not None:
            lobby += f"\n{tr.gettext(TOURNAMENT_HELP)}"
        known = self.desk.directory.player_at(Address("email", inbound.sender))
        if self.desk.service.practising.offered(known):  # a newcomer's first answer (issue 38)
            lobby += f"\n\n{tr.gettext(PRACTICE_OFFER)}"
        return self.desk.notes.refuse(inbound, f"{tr.gettext(HELP)}{lobby}\n{about_you}")

    def _practice(self, inbound: Inbound, skip: bool) -> str:
        """``practice``: the guided first deal against the easy bot; ``skip practice``: it is
        not offered again (both once per mail, through the intake)."""
        if not skip:
            return self.bot_games.open(inbound, read_words([]), practice=True)
        player = self.desk.player_for(inbound.sender, inbound.sender_name, inbound.language)
        if self.desk.earlier(inbound) is None:
            self.desk.service.practising.skip(player)
            self.desk.record(inbound, Shown("skip practice"))
        tr = self.desk.tr_for(inbound)
        return self.desk.notes.refuse(inbound, tr.gettext(NO_PRACTICE))

    def confirmed(self, asked: Inbound, answering: Inbound) -> str:
        """A request confirmed by its sender's ``yes`` (``invitations``)."""
        if self._tournament_mail(asked.command):
            return self.tournaments.confirmed(asked, answering)
        if self.desk.lobby is not None and is_lobby_mail(asked.command):
            return self.lobby.confirmed(asked, answering)
        return self.new_game(asked, answering)

    def in_reply(self, inbound: Inbound) -> str | None:
        """A lobby or tournament request in a reply to a listing, whose token proved its
        sender."""
        if self._tournament_mail(inbound.command):
            return self.tournaments.handle(inbound, None)
        if self.desk.lobby is not None and is_lobby_mail(inbound.command):
            return self.lobby.handle(inbound, None)
        return None

    def _tournament_mail(self, command: str) -> bool:
        return self.desk.tournaments is not None and is_tournament_mail(command)

    # -- new games -------------------------------------------------------------------------------

    def _invalid(self, inbound: Inbound, guest_address: str, rest: str) -> str | None:
        """The refusal of a ``new game with`` that cannot be played, before anything is sent."""
        desk = self.desk
        tr = desk.tr_for(inbound)
        try:
            _options(rest)
        except IllegalAction as error:
            return desk.notes.refuse(inbound, f"{refusal_text(error, tr=tr)}\n\n{tr.gettext(HELP)}")
        if guest_address == inbound.sender or desk.addresses.is_ours(guest_address):
            return desk.notes.refuse(
                inbound, tr.gettext("Invite someone else:") + " " + tr.gettext(HELP)
            )
        return None

    def new_game(self, asked: Inbound, answering: Inbound) -> str:
        """Open the game ``asked`` for (by a proven sender) and invite the guest, within the
        limits; ``answering`` is the mail answered: ``asked`` itself, or the confirmation's reply.
        The game opened is recorded as the reply of both in the service's inbox."""
        desk = self.desk
        found = _NEW_GAME.match(asked.command)
        assert found is not None
        guest_address, options = _guest(found.group(1)), _options(found.group(2))
        earlier = desk.earlier(answering)
        if isinstance(earlier, Opened):
            game_id = earlier.game_id  # opened before a crash: only the mail is left
            host = self.desk.player_for(asked.sender, asked.sender_name, asked.language)
        else:
            refused = self.invitations.refusal(answering, guest_address)
            if refused is not None:
                return refused
            host = self.desk.player_for(asked.sender, asked.sender_name, asked.language)
            request = f"email:{asked.key}"  # handled again after a crash: the same game
            game_id = desk.service.open_game(
                host,
                options.variant,
                options.terms,
                options.time_control,
                request=request,
                rated=options.rated,
            )
            for one in {asked.key: asked, answering.key: answering}.values():
                desk.record(one, Opened(game_id))
        guest = self.desk.player_for(guest_address, "")
        mail = desk.mail
        game = desk.service.game(game_id)
        guest_tr = mail.tr(guest)
        invitation = Letter(
            (
                guest_tr.gettext(
                    "{address} invites you to a game of Conquian by email: two-player rummy "
                    "with 40 cards, played one move at a time by replying to mail.",
                    address=asked.sender,
                ),
                guest_tr.gettext("Reply join to play, or decline."),
            ),
            replies=True,
            tr=guest_tr,
        )
        note_id = desk.composer.notification_id(game_id, guest, "invitation")
        mail.send(game_id, guest, guest_address, invitation, game.version, note_id)
        tr = mail.tr(host)
        opened = Letter(
            (
                tr.gettext(
                    "Your game is open and {address} is invited. You will hear from us when "
                    "they join.",
                    address=guest_address,
                ),
                tr.gettext(CALL_OFF, cancel=word(tr, "cancel")),
            ),
            replies=False,
            tr=tr,
        )
        desk.answer_in_game(answering, game_id, host, opened)
        return f"opened {game_id}"

    def _bot_game(self, inbound: Inbound, rest: str) -> str:
        """``new game with the bot [level] [options]`` (``bot_games``); options it cannot read
        are refused here, with the help."""
        tr = self.desk.tr_for(inbound)
        try:
            options = read_words([rest])
        except IllegalAction as error:
            text = f"{refusal_text(error, tr=tr)}\n\n{tr.gettext(HELP)}"
            return self.desk.notes.refuse(inbound, text)
        return self.bot_games.open(inbound, options)

    def _join(self, inbound: Inbound, invitation: str) -> str:
        """``join CODE``: the sender takes up an invitation made on another channel."""
        desk = self.desk
        guest = self.desk.player_for(inbound.sender, inbound.sender_name, inbound.language)
        joined = self._joined_once(inbound, invitation, guest)
        if isinstance(joined, Refused):
            tr = desk.mail.tr(guest)
            why = tr.gettext("You cannot join: {reason}", reason=refusal_text(joined, tr))
            return desk.notes.refuse(inbound, why)
        assert isinstance(joined, Joined)
        desk.answer_in_game(inbound, joined.game_id, guest, self._joined(joined.game_id, guest))
        return f"joined {joined.game_id}"

    def _joined_once(self, inbound: Inbound, invitation: str, guest: PlayerId) -> Joined | Refused:
        """Join ``guest`` once under the mail's key (``GameService.request``): ``Joined`` or
        ``Refused``, the same however often the mail is handled."""
        request = JoinGame(guest, invitation)
        reply = self.desk.service.request(SOURCE, inbound.key, inbound.command, request)
        assert isinstance(reply, Joined | Refused)
        return reply

    def _joined(self, game_id: GameId, guest: PlayerId) -> Letter:
        """The answer to a join: the guest's first table, with their moves if it is their turn."""
        mail = self.desk.mail
        game, view = self.desk.service.view(game_id, guest)
        opponent = mail.opponent(game, guest)
        tr = mail.tr(guest)
        intro = tr.gettext("You joined the game with {name}.", name=opponent)
        deadline = mail.deadline(game, guest)
        return Letter((intro,), view, opponent, deadline=deadline, commands=True, tr=tr)

    def invitation_reply(self, inbound: Inbound, game_id: GameId, guest: PlayerId) -> str:
        """``join`` or ``decline`` from an invited player."""
        desk = self.desk
        word = answer_word(inbound.command)
        game = desk.service.game(game_id)
        tr = desk.mail.tr(guest)
        if word == "join":
            joined = self._joined_once(inbound, game.invitation, guest)
            if isinstance(joined, Refused):
                why = tr.gettext("You cannot join: {reason}", reason=refusal_text(joined, tr))
                desk.notes.note(inbound, Letter((why,), replies=False, tr=tr))
                return f"refused: {joined.code}"
            desk.answer_in_game(inbound, game_id, guest, self._joined(game_id, guest))
            return "joined"
        if word == "decline":
            self._tell_host(game_id, inbound.sender)
            letter = Letter((tr.gettext("You declined the invitation."),), replies=False, tr=tr)
            desk.notes.note(inbound, letter)
            return "declined"
        return desk.notes.refuse(inbound, tr.gettext("Reply join to play, or decline."))

    def _tell_host(self, game_id: GameId, guest_address: str) -> None:
        desk = self.desk
        host = desk.service.game(game_id).host
        emails = [a for a in desk.directory.addresses(host) if a.channel == "email"]
        if emails:
            note_id = desk.composer.notification_id(game_id, host, "declined")
            tr = desk.mail.tr(host)
            text = tr.gettext("{address} declined your invitation.", address=guest_address)
            letter = Letter(
                (text, tr.gettext(CALL_OFF, cancel=word(tr, "cancel"))), replies=False, tr=tr
            )
            version = desk.service.game(game_id).version
            desk.mail.send(game_id, host, emails[0].value, letter, version, note_id)

    # -- linking ---------------------------------------------------------------------------------

    def _link(self, inbound: Inbound, code: str | None) -> str:
        """``link`` (a code to send from the other channel) or ``link CODE`` (typed back from
        here), asked of the service once under the mail's key (``GameService.request``)."""
        desk = self.desk
        address = Address("email", inbound.sender)
        if code is None:
            player = desk.player_for(inbound.sender, inbound.sender_name, inbound.language)
            request: OfferLink | ConfirmLink = OfferLink(player, address)
        else:
            request = ConfirmLink(code, address)
        reply = desk.service.request(SOURCE, inbound.key, inbound.command, request)
        match reply, request:
            case LinkOffered(code=made), OfferLink(player=player):
                tr = desk.mail.tr(player)
                text = tr.gettext(
                    "Your link code is {code}. Send link {code} from your other channel "
                    "within {valid_for}.",
                    code=made,
                    valid_for=valid_for_text(tr),
                )
                desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
                return "link offered"
            case Linked(player=linked), _:
                tr = desk.mail.tr(linked)
                text = tr.gettext(
                    "This address now plays as {name}.", name=desk.mail.name(linked, tr)
                )
                desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
                return "linked"
        assert isinstance(reply, Refused)
        return desk.notes.refuse(inbound, refusal_text(reply, tr=desk.tr_for(inbound)))


def _options(text: str) -> GameOptions:
    """The options after ``new game with <address>``: the opponent is the address, never a word."""
    return read_words([text], name_opponent=False)


def _guest(typed: str) -> str:
    return typed.strip("<>,.;").lower()
