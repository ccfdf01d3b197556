"""Mail that is not a reply to a game's mail: requests to the service's own address, and the
answer to an invitation.

To the service's address (``CONQUIAN_MAIL_FROM``), the first line may be::

    new game with bob@example.org [deals 3] [target 100] [stake 2] [time 12h] [flag=value …]
    new game with the bot [easy|medium|hard] [the same options]
    join CODE            join the game of an invitation made on another channel (the code, or
                         the whole invitation link, e.g. ``https://t.me/<bot>?start=CODE``)
    link                 a code to type on another channel, to play there as this player
    link CODE            this address joins the player who asked for CODE elsewhere

The sender is registered as a player on first use (the From name, or the address's local part).
``new game with`` opens the game and mails the invitation; the invited player replies ``join``
or ``decline``; until someone joins, the host may reply ``cancel`` to call the game off
(``handling``).  ``join CODE`` is how a friend on email takes up a Telegram player's ``/new``:
the answer is their first table, in the game's thread, and they play by replying to it.
Anything else is answered with these lines, at most once an hour per sender.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from service.game.events import GameId, PlayerId
from service.language.vocabulary import in_english, word
from service.players.linking import LinkError
from service.ports.protocols import Address
from service.rules.errors import N_, IllegalAction
from service.words.lobby import OPPONENTS, read_words
from service.words.prompts import error_text

if TYPE_CHECKING:
    from adapters.email.handling import Handler

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
_BOT_GAME = re.compile(r"^new game with\s+(?:the\s+)?bot\b(.*)$", re.IGNORECASE)
_NEW_GAME = re.compile(r"^new game with\s+(\S+@\S+)(.*)$", re.IGNORECASE)
_JOIN = re.compile(r"^join\s+(?:\S*[?&]start=)?([0-9a-z]+)\W*$", re.IGNORECASE)


class ServiceRequests:
    def __init__(self, handler: Handler) -> None:
        self.handler = handler

    def handle(self, inbound: Inbound, earlier: str | None = None) -> str:
        command = inbound.command
        against_bot = _BOT_GAME.match(command)
        if against_bot is not None:
            return self._bot_game(inbound, against_bot.group(1), earlier)
        found = _NEW_GAME.match(command)
        if found is not None:
            return self._new_game(
                inbound, found.group(1).strip("<>,.;").lower(), found.group(2), earlier
            )
        joining = _JOIN.match(command)
        if joining is not None:
            return self._join(inbound, joining.group(1).lower(), earlier)
        words = command.lower().split()
        if words[:1] == ["link"] and len(words) <= 2:
            return self._link(inbound, words[1] if len(words) == 2 else None)
        return self.handler.refuse(inbound, self.handler.tr_for(inbound).gettext(HELP))

    # -- new games -------------------------------------------------------------------------------

    def _new_game(
        self, inbound: Inbound, guest_address: str, rest: str, earlier: str | None
    ) -> str:
        handler = self.handler
        tr = handler.tr_for(inbound)
        try:
            options = read_words([rest], name_opponent=False)  # the opponent is the address
        except IllegalAction as error:
            return handler.refuse(inbound, f"{error_text(error, tr=tr)}\n\n{tr.gettext(HELP)}")
        if guest_address == inbound.sender or handler.addresses.is_ours(guest_address):
            return handler.refuse(
                inbound, tr.gettext("Invite someone else:") + " " + tr.gettext(HELP)
            )
        host = self._player(inbound.sender, inbound.sender_name, inbound.language)
        guest = self._player(guest_address, "")
        if earlier is not None and earlier.startswith("opened "):
            game_id = GameId(earlier.split()[1])  # opened before a crash: only the mail is left
        else:
            request = f"email:{inbound.key}"  # handled again after a crash: the same game
            game_id = handler.service.open_game(
                host, options.variant, options.terms, options.time_control, request=request
            )
            handler.store.note(inbound.key, f"opened {game_id}")
        mail = handler.mail
        game = handler.service.game(game_id)
        guest_tr = mail.tr(guest)
        invitation = Letter(
            (
                guest_tr.gettext(
                    "{name} ({address}) invites you to a game of Conquian by email: two-player "
                    "rummy with 40 cards, played one move at a time by replying to mail.",
                    name=mail.name(host, guest_tr),
                    address=inbound.sender,
                ),
                guest_tr.gettext("Reply join to play, or decline."),
            ),
            replies=True,
            tr=guest_tr,
        )
        note_id = handler.composer.notification_id(game_id, guest, "invitation")
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
        handler.answer_in_game(inbound, game_id, host, opened)
        return f"opened {game_id}"

    def _bot_game(self, inbound: Inbound, rest: str, earlier: str | None) -> str:
        """``new game with the bot [level] [options]``: the game starts at once (the bot accepts);
        the answer is the sender's first table, in the game's thread, naming the bot's level."""
        handler = self.handler
        tr = handler.tr_for(inbound)
        try:
            options = read_words([rest])
        except IllegalAction as error:
            return handler.refuse(inbound, f"{error_text(error, tr=tr)}\n\n{tr.gettext(HELP)}")
        opponent = options.opponent or OPPONENTS["bot"]  # "friend" here still means the bot
        host = self._player(inbound.sender, inbound.sender_name, inbound.language)
        if earlier is not None and earlier.startswith("opened "):
            game_id = GameId(earlier.split()[1])
        else:
            game_id = handler.service.open_game(
                host,
                options.variant,
                options.terms,
                options.time_control,
                opponent,
                request=f"email:{inbound.key}",
            )
            handler.store.note(inbound.key, f"opened {game_id}")
        mail = handler.mail
        game, view = handler.service.view(game_id, host)
        name = mail.opponent(game, host)
        tr = mail.tr(host)
        intro = tr.gettext("A new game against {name}.", name=name)
        letter = Letter((intro,), view, name, deadline=mail.deadline(game, host), tr=tr)
        handler.answer_in_game(inbound, game_id, host, letter)
        return f"opened {game_id}"

    def _player(self, address: str, name: str, language: str | None = None) -> PlayerId:
        """The player at ``address``, registered now if new, in the language their mail was in."""
        directory = self.handler.directory
        found = directory.player_at(Address("email", address))
        if found is not None:
            return found
        try:
            player = directory.register(name or address.split("@")[0], Address("email", address))
        except ValueError:  # registered by a racing request
            found = directory.player_at(Address("email", address))
            assert found is not None
            return found
        if language is not None:
            directory.update(replace(directory.profile(player), language=language))
        return player

    def _join(self, inbound: Inbound, invitation: str, earlier: str | None) -> str:
        """``join CODE``: the sender takes up an invitation made on another channel."""
        handler = self.handler
        guest = self._player(inbound.sender, inbound.sender_name, inbound.language)
        if earlier is not None and earlier.startswith("joined "):
            game_id = GameId(earlier.split()[1])  # joined before a crash: only the mail is left
        else:
            try:
                game_id = handler.service.join(invitation, guest)
            except IllegalAction as error:
                tr = handler.mail.tr(guest)
                why = tr.gettext("You cannot join: {reason}", reason=error_text(error, tr=tr))
                return handler.refuse(inbound, why)
            handler.store.note(inbound.key, f"joined {game_id}")
        handler.answer_in_game(inbound, game_id, guest, self._joined(game_id, guest))
        return f"joined {game_id}"

    def _joined(self, game_id: GameId, guest: PlayerId) -> Letter:
        """The answer to a join: the guest's first table, with their moves if it is their turn."""
        mail = self.handler.mail
        game, view = self.handler.service.view(game_id, guest)
        opponent = mail.opponent(game, guest)
        tr = mail.tr(guest)
        intro = tr.gettext("You joined the game with {name}.", name=opponent)
        return Letter((intro,), view, opponent, deadline=mail.deadline(game, guest), tr=tr)

    def invitation_reply(
        self, inbound: Inbound, game_id: GameId, guest: PlayerId, earlier: str | None
    ) -> str:
        """``join`` or ``decline`` from an invited player."""
        handler = self.handler
        word = answer_word(inbound.command)
        game = handler.service.game(game_id)
        tr = handler.mail.tr(guest)
        if word == "join" or earlier == "joined":
            if earlier != "joined":
                try:
                    handler.service.join(game.invitation, guest)
                except IllegalAction as error:
                    why = tr.gettext("You cannot join: {reason}", reason=error_text(error, tr=tr))
                    handler.note(inbound, Letter((why,), replies=False, tr=tr))
                    return f"refused: {error.code}"
                handler.store.note(inbound.key, "joined")
            handler.answer_in_game(inbound, game_id, guest, self._joined(game_id, guest))
            return "joined"
        if word == "decline":
            self._tell_host(game_id, inbound.sender)
            letter = Letter((tr.gettext("You declined the invitation."),), replies=False, tr=tr)
            handler.note(inbound, letter)
            return "declined"
        return handler.refuse(inbound, tr.gettext("Reply join to play, or decline."))

    def _tell_host(self, game_id: GameId, guest_address: str) -> None:
        handler = self.handler
        host = handler.service.game(game_id).host
        emails = [a for a in handler.directory.addresses(host) if a.channel == "email"]
        if emails:
            note_id = handler.composer.notification_id(game_id, host, "declined")
            tr = handler.mail.tr(host)
            text = tr.gettext("{address} declined your invitation.", address=guest_address)
            letter = Letter(
                (text, tr.gettext(CALL_OFF, cancel=word(tr, "cancel"))), replies=False, tr=tr
            )
            version = handler.service.game(game_id).version
            handler.mail.send(game_id, host, emails[0].value, letter, version, note_id)

    # -- linking ---------------------------------------------------------------------------------

    def _link(self, inbound: Inbound, code: str | None) -> str:
        handler = self.handler
        address = Address("email", inbound.sender)
        try:
            if code is None:
                player = self._player(inbound.sender, inbound.sender_name, inbound.language)
                made = handler.linking.offer(player, address)
                tr = handler.mail.tr(player)
                text = tr.gettext(
                    "Your link code is {code}. Send link {code} from your other channel "
                    "within {valid_for}.",
                    code=made.code,
                    valid_for=made.valid_for_text(tr),
                )
                handler.note(inbound, Letter((text,), replies=False, tr=tr))
                return "link offered"
            player = handler.linking.confirm(code, address)
        except LinkError as error:
            tr = handler.tr_for(inbound)
            return handler.refuse(inbound, error_text(error, tr=tr))
        tr = handler.mail.tr(player)
        text = tr.gettext("This address now plays as {name}.", name=handler.mail.name(player, tr))
        handler.note(inbound, Letter((text,), replies=False, tr=tr))
        return "linked"


def answer_word(command: str) -> str:
    """A one-word answer (``join``, ``decline``, ``cancel``) in any language, in English."""
    return " ".join(in_english(command.lower().strip(" .!").split()))
