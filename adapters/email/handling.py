"""Handling inbound mail, once each: a reply to a game mail moves or answers, a bounce marks an
address unreachable, automatic mail is dropped, and mail to the service's own address may start
a game (``requests``).

``receive`` stores a message (unique by ``Message-ID``, and by mailbox UID when it came from IMAP)
and must be called before the mailbox is told the message was read; ``handle_waiting`` then
handles every stored message not handled yet — so a crash between the two, or a message
delivered twice, handles it once.  A reply's move goes through ``GameService.handle`` (source
``email``, key the ``Message-ID``), which applies it at most once and keeps its answer, so even a
crash after the move but before the answering mail sends that mail, not the move, again.

Outcomes, for a reply to ``reply+<token>@…`` (none of the refusals moves anything):

* the token is malformed, names no thread, or its signature fails (altered, or signed with a
  retired key): refused, "not a valid reply address";
* the sender is not the player the token was made for: refused, "not your reply address";
* ``games`` or ``mail …``: the running games, or a mail choice (``listing``), in any thread;
* the game is over: ``rematch`` asks for one; anything else is answered once with the result
  and the replay's link (``finished``);
* ``cancel``: the host calls off a game nobody has joined (``GameService.cancel``); once the game
  has begun, refused;
* the game has not started (the invitation is not accepted yet): refused;
* the token's version is older than the position: answered with the position now (stale);
* otherwise the first line is played (a bare number picks that line of the mail's move list).

Refusals and answers to text that is no command at all go out at most once an hour per proven
sender and once a day per unproven one (whose ``From`` may be forged: every answer to it is
backscatter), and a finished game's once, so a responder that does not mark its mail automatic
cannot start a ping-pong.

Answering a mail with its token proves the sender's address (``Consent``) and takes it off the
never-mail list; ``stop`` as the answer, or any mail to ``List-Unsubscribe``'s ``reply+stop-<mac>``
from the address the MAC was made for, puts it on that list.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from adapters.email import finished, listing
from adapters.email.addressing import CONFIRM, STOP
from adapters.email.answers import UNPARSEABLE, answer_letter
from adapters.email.choices import read_choice
from adapters.email.desk import SOURCE, Desk
from adapters.email.inbound import Inbound, answer_word, message_key, read
from adapters.email.invitations import Invitations
from adapters.email.letters import Letter, move_lines
from adapters.email.requests import CALL_OFF, ServiceRequests
from adapters.email.tokens import ReplyToken, TokenError, parse_token
from adapters.email.your_data import DataMail
from adapters.sql.email_records import StoredMail
from service.app.intake import Attempts
from service.app.lobby_requests import CallOff
from service.app.replies import Joined, MoveApplied, Reply, Request
from service.delivery.dispatch import TryLater
from service.game.errors import GameCalledOff, StaleVersion
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.language.vocabulary import word
from service.ports.directory import Address
from service.rules.errors import N_
from service.words.refusals import Refused, refusal_text

log = logging.getLogger(__name__)

NOT_VALID = N_(
    "This reply address is not valid: it was altered, or it is too old. Nothing was played. "
    "Reply to the latest mail of your game."
)
NOT_YOURS = N_(
    "This reply address was made for another player's mail, so nothing was played. Reply from "
    "the address the game's mail was sent to."
)


@dataclass(frozen=True)
class Player:
    """Who a verified reply comes from."""

    game_id: GameId
    player: PlayerId
    token: ReplyToken


class Handler(Desk):
    """Every stored mail handled once: replies to game mail here, mail to the service's own
    address by ``requests``, answers to a confirmation by ``invitations``."""

    @cached_property
    def invitations(self) -> Invitations:
        return Invitations(self)

    @cached_property
    def requests(self) -> ServiceRequests:
        return ServiceRequests(self, self.invitations)

    @cached_property
    def data_mail(self) -> DataMail:
        return DataMail(self)

    @cached_property
    def attempts(self) -> Attempts:
        """Failures of each stored mail in this process (the intake's give-up policy)."""
        return Attempts()

    # -- storing, then handling ------------------------------------------------------------------

    def receive(
        self, raw: bytes, envelope: Iterable[str] = (), uid: tuple[str, int, int] | None = None
    ) -> str:
        """Store ``raw`` (once) before the mailbox is told it was read; its key."""
        key = message_key(raw)
        self.store.receive(key, raw, self.clock.now(), tuple(envelope), uid)
        return key

    def handle_waiting(self, limit: int = 100) -> dict[str, str]:
        """Handle every stored message not handled yet; what was done with each, by key.

        A message whose answer cannot be sent now (the SMTP server is down) stays waiting and is
        handled again on the next call — its move, if any, is not made twice.  One that fails
        ``Attempts`` allows (the one policy of every intake) is given up (logged), so it cannot block the rest."""
        done: dict[str, str] = {}
        for stored in self.store.waiting(limit):
            try:
                outcome = self.handle(stored)
            except TryLater as error:  # the answer cannot go out now: it stays waiting
                log.warning("handling %s waits: %s", stored.key, error)
                continue
            except Exception as error:
                if not self.attempts.failed(stored.key, error):
                    continue
                outcome = f"failed: {error!r}"[:200]  # given up: it must not block the rest
            self.attempts.succeeded(stored.key)
            self.store.done(stored.key, self.clock.now(), outcome)
            done[stored.key] = outcome
        return done

    def handle(self, stored: StoredMail) -> str:
        """Handle one message; a few words on what was done."""
        inbound = read(stored.raw, self.addresses, stored.envelope)
        if inbound.tag is not None and inbound.tag.bounce:
            return self._bounce(inbound.tag.token)
        if inbound.automatic is not None:
            return f"ignored: {inbound.automatic}"
        if inbound.tag is None:
            claimed = self.data_mail.claimed_player(inbound)
            aside = None if claimed is None else self.aside(inbound, claimed, signed=False)
            about_you = aside or self.data_mail.handle(inbound, claimed, signed=False)
            return about_you or self.requests.handle(inbound, stored.outcome)
        if inbound.tag.kind == STOP:
            return self._unsubscribe(inbound, inbound.tag.token)
        if inbound.tag.kind == CONFIRM:
            return self.invitations.confirmed(inbound, inbound.tag.token, self.requests)
        player = self.authenticate(inbound.tag.token, inbound.sender)
        if isinstance(player, str):
            return self.notes.refuse(inbound, self.tr_for(inbound).gettext(player))
        self.contacts.reachable(inbound.sender)
        self.consent.prove(inbound.sender, self.clock.now())  # it read our mail: it is theirs
        if answer_word(inbound.command) == "stop":
            return self.stop(inbound.sender)
        about_you = self.data_mail.handle(inbound, player.player, signed=True)
        if about_you is not None:
            return about_you
        aside = self.aside(inbound, player.player)
        if aside is not None:
            return aside
        game = self.service.game(player.game_id)
        if game.seat_of(player.player) is None or self._joined_before(inbound):
            return self.requests.invitation_reply(inbound, player.game_id, player.player)
        return self._play(inbound, player)

    def aside(self, inbound: Inbound, player: PlayerId, signed: bool = True) -> str | None:
        """``games`` or ``mail …``, from any game's thread (or the service's address), or None.
        To the service's address (not ``signed``: its ``From`` may be forged) each is done and
        answered once a day an address, so forged mail cannot bomb a player with answers."""
        games = answer_word(inbound.command) == "games"
        choice = None if games else read_choice(inbound.command)
        if not games and choice is None:
            return None
        kind = "games" if games else "mail"
        if not signed and not self.data_mail.may_answer(inbound, kind):
            return f"{kind}: not answered (one a day)"
        if choice is None:
            return listing.games(self, inbound, player)
        return listing.choose(self, inbound, player, choice)

    def _joined_before(self, inbound: Inbound) -> bool:
        """Whether this ``join`` was handled before (a crash before its answer went out)."""
        return answer_word(inbound.command) == "join" and isinstance(self.earlier(inbound), Joined)

    # -- who wrote -----------------------------------------------------------------------------

    def authenticate(self, text: str, sender: str) -> Player | str:
        """The player the token names if it is genuine and ``sender`` is theirs, else why not."""
        try:
            token = parse_token(text)
            thread = self.store.thread_of(token.thread)
            if thread is None:
                raise TokenError("no such thread")
            game_id, player = thread
            self.keys.verify(token, game_id, player)
        except TokenError as error:
            log.info("refused token %r: %s", text, error)
            return NOT_VALID
        if self.directory.player_at(Address("email", sender)) != player:
            return NOT_YOURS
        return Player(GameId(game_id), PlayerId(player), token)

    # -- what to do ------------------------------------------------------------------------------

    def _bounce(self, text: str) -> str:
        """A bounce to a VERP address: the address the mail went to is unreachable."""
        try:
            token = parse_token(text)
            thread = self.store.thread_of(token.thread)
            if thread is None:
                raise TokenError("no such thread")
            self.keys.verify(token, *thread)
        except TokenError:
            return "ignored: bounce with an invalid token"
        emails = [a for a in self.directory.addresses(PlayerId(thread[1])) if a.channel == SOURCE]
        if not emails:
            return "ignored: bounce for a player without email"
        self.contacts.unreachable(emails[0].value, self.clock.now(), "the mail bounced")
        return f"bounce: {emails[0].value} unreachable"

    def _unsubscribe(self, inbound: Inbound, mac: str) -> str:
        """Mail to ``List-Unsubscribe``'s address: stops all mail to its sender if the address
        was made for them (never answered: an answer would be the mail they asked not to get)."""
        unsubscribe = self.composer.unsubscribe
        if unsubscribe is None or not unsubscribe.matches(inbound.sender, mac):
            return "ignored: stop with an invalid token"
        return self.stop(inbound.sender)

    def _play(self, inbound: Inbound, player: Player) -> str:
        game = self.service.game(player.game_id)
        if game.status == GameStatus.OVER and answer_word(inbound.command) == "rematch":
            return finished.rematch(self, inbound, player.game_id, player.player)
        if game.status == GameStatus.OVER:
            return finished.answer_over(self, inbound, player.game_id, player.player)
        if answer_word(inbound.command) == "cancel":
            return self._call_off(inbound, player)
        if game.status in (GameStatus.OPEN, GameStatus.CANCELLED):
            return self._not_started(inbound, player, game.status)
        command = self._command(inbound.command, player)
        if command is None:
            answer: Reply = _stale(game.id, player.token.version, game.version)
        else:
            payload = json.dumps({"from": inbound.sender, "command": command})
            request = Request(player.player, player.game_id, command, player.token.version)
            answer = self.service.handle(SOURCE, inbound.key, payload, request)
        code = answer.code if isinstance(answer, Refused) else None
        moved = isinstance(answer, MoveApplied)
        outcome = f"refused: {code}" if code else ("moved" if moved else "answered")
        if code in UNPARSEABLE and not self.notes.may_answer_error(inbound.sender):
            return outcome + " (not answered: an error reply went out within the hour)"
        game = self.service.game(player.game_id)
        letter = answer_letter(self.mail, game, player.player, answer)
        if letter is not None:
            self.answer_in_game(inbound, player.game_id, player.player, letter)
        return outcome

    def _call_off(self, inbound: Inbound, player: Player) -> str:
        """``cancel``: the host calls off a game nobody has joined (again is no harm: the answer
        is the same); once the game has begun, the refusal says to resign instead."""
        tr = self.mail.tr(player.player)
        asked = CallOff(player.player, player.game_id)
        reply = self.service.request(SOURCE, inbound.key, inbound.command, asked)
        if isinstance(reply, Refused):
            return self.notes.refuse(inbound, refusal_text(reply, tr=tr))
        said = tr.gettext("You called the game off: its invitation no longer works.")
        self.answer_in_game(
            inbound, player.game_id, player.player, Letter((said,), replies=False, tr=tr)
        )
        return "cancelled"

    def _not_started(self, inbound: Inbound, player: Player, status: GameStatus) -> str:
        """Anything else before anyone joined moves nothing."""
        tr = self.mail.tr(player.player)
        if status == GameStatus.CANCELLED:
            return self.notes.refuse(inbound, refusal_text(GameCalledOff(), tr=tr))
        why = tr.gettext("The game starts when your opponent joins: nothing yet.")
        return self.notes.refuse(
            inbound, why + " " + tr.gettext(CALL_OFF, cancel=word(tr, "cancel"))
        )

    def _command(self, text: str, player: Player) -> str | None:
        """The command text; a bare number is that line of the move list in the mail replied to,
        read only on the very version that mail showed (None, stale, on any other)."""
        if not (text.isascii() and text.isdigit() and len(text) <= 3):  # "²" is a digit to isdigit
            return text
        game, view = self.service.view(player.game_id, player.player)
        if game.version != player.token.version:
            return None
        lines = move_lines(view, self.mail.tr(player.player))
        return lines[int(text) - 1] if 1 <= int(text) <= len(lines) else text


def _stale(game_id: GameId, seen: int, current: int) -> Refused:
    """The answer a stale move gets from the service, for a line number that cannot be read on
    the current position."""
    return Refused.of(StaleVersion(seen=seen, current=current), game_id)
