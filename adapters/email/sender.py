"""Mail about games: ``GameMail`` composes and sends a letter to a player of a game with a fresh
reply token, and ``EmailSender`` is the dispatcher's ``Sender`` for the ``email`` channel: it turns
each outbox notification into a mail from the player's own ``Notice``.

A game with one player on email and the other on another channel needs nothing special: the
dispatcher sends each player's notifications through that player's own first reachable address.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from typing import Protocol

from adapters.email.compose import Composer, Heading, game_subject, invitation_subject
from adapters.email.letters import Letter
from adapters.email.store import EmailStore
from adapters.email.tokens import TokenKeys
from service.app.games import GameService
from service.delivery.dispatch import Undeliverable
from service.delivery.notices import Notice, deadline_text
from service.game.events import GameId, PlayerId
from service.game.state import Game
from service.language.translation import ENGLISH, Translator, translator
from service.ports.consent import Consent
from service.ports.directory import Address, Directory
from service.ports.protocols import Clock, Notification
from service.rules.seats import Phase
from service.words.cast import player_name


class Transport(Protocol):
    def send(self, message: EmailMessage, envelope_from: str, to: list[str]) -> None: ...


@dataclass(frozen=True)
class GameMail:
    service: GameService
    directory: Directory
    store: EmailStore
    keys: TokenKeys
    composer: Composer
    transport: Transport
    clock: Clock
    consent: Consent

    def send(
        self,
        game_id: GameId,
        player: PlayerId,
        to: str,
        letter: Letter,
        version: int,
        message_id: str,
        answering: tuple[str, ...] = (),
    ) -> None:
        """Send ``letter`` to ``player`` at ``to``, replies to it naming ``version`` of the game;
        ``answering`` are the ids of the mail it answers (the last one its parent)."""
        addresses = self.composer.addresses
        token = self.keys.issue(self.store.thread(game_id, player), game_id, player, version)
        root = self.composer.game_root(game_id, player)
        heading = Heading(
            to,
            self.subject(game_id, player, letter.tr),
            message_id,
            reply_to=addresses.reply(token),
            in_reply_to=answering[-1] if answering else root,
            references=(root, *answering),
        )
        message = self.composer.mail(heading, letter, self.clock.now())
        self.post(message, addresses.bounce(token), to)

    def post(self, message: EmailMessage, envelope_from: str, to: str) -> None:
        """Send ``message`` unless ``to`` is on the never-mail list: the one place every mail
        passes, so nothing reaches an address that said stop, whoever caused the mail."""
        if self.consent.stopped(to):
            return
        self.transport.send(message, envelope_from, [to])

    def subject(self, game_id: GameId, player: PlayerId, tr: Translator) -> str:
        """The game's subject with its host's name for those who play in it; for someone not
        seated yet (the invited) none: the host may be a stranger to them, and a name is what a
        stranger chooses."""
        game = self.service.game(game_id)
        if player != game.host and game.seat_of(player) is None:
            return invitation_subject(game_id, tr)
        return game_subject(game_id, self.name(game.host, tr), tr)

    def tr(self, player: PlayerId) -> Translator:
        """The player's language."""
        return self.service.translator_of(player)

    def name(self, player: PlayerId | None, tr: Translator = ENGLISH) -> str:
        return player_name(player, self.directory, tr)

    def deadline(self, game: Game, player: PlayerId) -> str | None:
        """When ``player``'s decision in ``game`` falls due, in their time zone; None if it is not
        theirs."""
        due = self.service.deadline(game)
        if due is None or due.player != player:
            return None
        timezone = self.service.settings.of(player).timezone
        return deadline_text(due.due_at, timezone, self.tr(player))

    def opponent(self, game: Game, player: PlayerId) -> str:
        others = [p for p in game.players if p != player]
        return self.name(others[0] if others else None, self.tr(player))


class EmailSender:
    """The ``email`` channel's ``Sender``: one mail per notification, to the address it names."""

    def __init__(self, mail: GameMail) -> None:
        self.mail = mail

    def send(self, player: PlayerId, address: Address, notification: Notification) -> None:
        why = self.mail.store.why_unreachable(address.value)
        if self.mail.consent.stopped(address.value):
            why = "it asked for no more mail"
        if why is not None:
            raise Undeliverable(f"{address.value} is unreachable: {why}")
        notice = self.mail.service.notice(notification)
        game = self.mail.service.game(notification.game_id)
        letter = notice_letter(
            notice, self.mail.opponent(game, player), translator(notice.language)
        )
        span = f"{notification.from_seq}-{notification.to_seq}.{notification.kind}"
        message_id = self.mail.composer.notification_id(game.id, player, span)
        self.mail.send(game.id, player, address.value, letter, notice.version, message_id)


def notice_letter(notice: Notice, opponent: str, tr: Translator = ENGLISH) -> Letter:
    """What a notification's mail says: why it came, the news, the player's view."""
    if notice.view.phase is Phase.OVER:
        intro = tr.gettext("Your match with {name} is over.", name=opponent)
    elif notice.kind == "reminder":
        intro = tr.gettext(
            "Reminder: your decision in the game with {name} is due soon.", name=opponent
        )
    elif notice.your_turn:
        intro = tr.gettext("Your turn in the game with {name}.", name=opponent)
    else:
        intro = tr.gettext("News from your game with {name}.", name=opponent)
    return Letter(
        (intro,), notice.view, opponent, news=notice.news, deadline=notice.deadline, tr=tr
    )
