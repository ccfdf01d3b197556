"""Mail about games: ``GameMail`` composes and sends a letter to a player of a game with a fresh
reply token, and ``EmailSender`` is the dispatcher's ``Sender`` for the ``email`` channel: it turns
the outbox notifications into mail from the player's own ``Notice`` — one mail per turn.

The outbox holds a notification per append; mail readers want one mail when it is their turn
(``turns.py`` decides which notification makes a mail and what news it folds in).

A game with one player on email and the other on another channel needs nothing special: the
dispatcher sends each player's notifications through that player's own first reachable address.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass, replace
from email.message import EmailMessage
from typing import Protocol

from adapters.email.choices import MailChoices, When, chosen
from adapters.email.compose import Composer, Heading, invitation_subject
from adapters.email.letters import Letter
from adapters.email.tokens import TokenKeys
from adapters.email.turns import LOOK_BACK, Mailing, mailing
from adapters.sql.email_contacts import EmailContacts
from adapters.sql.email_records import EmailRecords
from service.app.games import GameService
from service.delivery.dispatch import Telling, Undeliverable
from service.delivery.notices import Notice, deadline_text
from service.game.events import DealRevealed, GameId, PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.game.talk_events import TALK_EVENTS
from service.language.translation import ENGLISH, Translator, translator
from service.language.vocabulary import word
from service.ports.consent import Consent
from service.ports.directory import Address, Directory
from service.ports.protocols import Clock
from service.rules.errors import N_
from service.rules.seats import Phase
from service.rules.view import PlayerView
from service.words.cast import cast_of, player_name
from service.words.endings import match_result
from service.words.prompts import auto_pass_hint
from service.words.subjects import game_subject, turn_for, whose_turn
from service.words.talk_news import heard

CHECK_THE_DEALS = N_(
    "Each deal was fixed before it was dealt: the replay checks every one against its "
    "commitment. {link}"
)


class Transport(Protocol):
    def send(self, message: EmailMessage, envelope_from: str, to: list[str]) -> None: ...


@dataclass(frozen=True)
class GameMail:
    service: GameService
    directory: Directory
    store: EmailRecords
    keys: TokenKeys
    composer: Composer
    transport: Transport
    clock: Clock
    consent: Consent
    choices: MailChoices
    contacts: EmailContacts
    """Whether an address can be reached (the choices are kept on the same row)."""

    def send(
        self,
        game_id: GameId,
        player: PlayerId,
        to: str,
        letter: Letter,
        version: int,
        message_id: str,
        answering: tuple[str, ...] = (),
        subject: str | None = None,
        text_only: bool | None = None,
    ) -> None:
        """Send ``letter`` to ``player`` at ``to``, replies to it naming ``version`` of the game;
        ``answering`` are the ids of the mail it answers (the last one its parent);
        ``subject``: the caller's, when it knows whose turn it is (else ``subject`` reads it);
        ``text_only``: the address's choice, when the caller read it already."""
        addresses = self.composer.addresses
        token = self.keys.issue(self.store.thread(game_id, player), game_id, player, version)
        root = self.composer.game_root(game_id, player)
        heading = Heading(
            to,
            subject or self.subject(game_id, player, letter.tr),
            message_id,
            reply_to=addresses.reply(token),
            in_reply_to=answering[-1] if answering else root,
            references=(root, *answering),
        )
        letter = replace(letter, game_id=game_id)
        if text_only is None:
            text_only = self.choices.of(to)[1]
        message = self.composer.mail(heading, letter, self.clock.now(), text_only)
        self.post(message, addresses.bounce(token), to)

    def post(
        self, message: EmailMessage, envelope_from: str, to: str, farewell: bool = False
    ) -> None:
        """Send ``message`` unless ``to`` is on the never-mail list: the one place every mail
        passes, so nothing reaches an address that said stop, or whose player erased themselves,
        whoever caused the mail.  Only the ``farewell`` (``Notes.farewell``) passes it."""
        if not farewell and self.consent.stopped(to):
            return
        self.transport.send(message, envelope_from, [to])

    def subject(self, game_id: GameId, player: PlayerId, tr: Translator) -> str:
        """The game's short id and whose turn it is (``service.words.subjects``); for someone not
        seated yet (the invited) the invitation's subject.  Never a name: a name is text its
        player chose, and a Subject is where the reader expects ours."""
        game = self.service.game(game_id)
        if player != game.host and game.seat_of(player) is None:
            return invitation_subject(game_id, tr)
        return game_subject(game_id, turn_for(game, player), tr)

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
        timezone = self.service.clock_settings(player).timezone
        return deadline_text(due.due_at, timezone, self.tr(player))

    def result(self, game: Game, player: PlayerId, tr: Translator) -> str:
        """How ``game``'s match ended, told to ``player`` ("You won the match 2 to 0"); empty
        while it runs."""
        if game.status != GameStatus.OVER:
            return ""
        events = self.service.events(game.id, after=max(0, game.version - LOOK_BACK))
        cast = cast_of(game.players, self.directory, tr, player)
        return match_result([one.event for one in events], tr, cast)

    def replay(self, game_id: GameId, status: GameStatus) -> str | None:
        """The finished game's replay, which checks every deal against its commitment: the one
        place a mail shows the deals' salts, as a link (issue 34); None without the web side."""
        if status != GameStatus.OVER:
            return None
        return self.composer.page(f"/games/{game_id}/replay")

    def opponent(self, game: Game, player: PlayerId) -> str:
        others = [p for p in game.players if p != player]
        return self.name(others[0] if others else None, self.tr(player))


class EmailSender:
    """The ``email`` channel's ``Sender``: a mail when a notification asks something of its
    reader or ends the match; other news as the reader chose (``turns.py``, ``choices.py``).
    It lays out the ``Notice`` it is handed, asked for with the news since the reader's last
    move when the mail folds it in: the log is read once."""

    def __init__(self, mail: GameMail) -> None:
        self.mail = mail

    def remembering(self, players: Collection[PlayerId]) -> AbstractContextManager[None]:
        """A batch's mail addresses' choices read in one statement (``ReadsAhead``); the
        addresses come from the directory's block, opened first (``Dispatcher``)."""
        addresses = [
            one.value
            for player in players
            for one in self.mail.directory.addresses(player)
            if one.channel == "email"
        ]
        return self.mail.contacts.remembering(addresses)

    def send(self, address: Address, telling: Telling) -> None:
        contact = self.mail.contacts.choice_of(address.value)  # reachable, and its choices
        why = contact.unreachable
        if self.mail.consent.stopped(address.value):
            why = "it asked for no more mail"
        if why is not None:
            raise Undeliverable(f"{address.value} is unreachable: {why}")
        notification = telling.notification
        when, text_only = chosen(contact)
        if notification.kind == "reminder":
            notice = telling.notice()
            if not notice.overtaken:  # answered meanwhile: nothing left to remind of
                self._mail(address, notice, Mailing.TURN, text_only)
            return
        each = when is When.EACH  # else the news since their last move, held back till now
        # read back for that move, and for talk held back in their quiet hours (``held_back``)
        notice = telling.notice(max(1, notification.from_seq - LOOK_BACK + 1))
        if notice.overtaken:
            if each:  # its news alone: the position is the later mail's
                self._mail(address, notice, Mailing.NEWS, text_only)
            return
        kind = mailing(notice, each or notice.starts_game or notice.opponent_talks)
        if kind is Mailing.HOLD:
            return
        if not each:
            notice = since_last_move(notice)
        self._mail(address, notice, kind, text_only)

    def _mail(self, address: Address, notice: Notice, kind: Mailing, text_only: bool) -> None:
        """Mail ``notice``; the mail's id is its notification's, so a re-send is the same mail."""
        notification = notice.notification
        assert notification is not None, "a notice of the outbox"
        tr = translator(notice.language)
        result = notice.result
        if notice.ends_match and not result:  # the end came before the notice's news
            result = self.mail.result(self.mail.service.game(notice.game_id), notice.player, tr)
        replay = self.mail.replay(notice.game_id, notice.status)
        letter = notice_letter(notice, notice.opponent, tr, kind, result, notice.rematch, replay)
        span = f"{notification.from_seq}-{notification.to_seq}.{notification.kind}"
        message_id = self.mail.composer.notification_id(notice.game_id, notice.player, span)
        subject = game_subject(
            notice.game_id, whose_turn(notice.status, notice.view.is_my_decision), tr
        )
        self.mail.send(
            notice.game_id,
            notice.player,
            address.value,
            letter,
            notice.version,
            message_id,
            subject=subject,
            text_only=text_only,
        )


def since_last_move(notice: Notice) -> Notice:
    """``notice`` telling the news since the reader's own last move (``Notice.own_move``), or
    all it holds when that move is further back, up to the notification's last event; a
    notification of talk alone tells only itself (issue 34)."""
    notification = notice.notification
    assert notification is not None, "a notice of the outbox"
    own = notice.between(notification.from_seq, notification.to_seq)
    if own and all(issubclass(line.kind, TALK_EVENTS) for line in own):
        return notice  # the opponent's words alone, mailed as they come: never the news again
    first = notice.own_move or notice.since
    lines = notice.between(first, notification.to_seq)
    told = (line.text for line in lines if line.kind is not DealRevealed)  # no salts (issue 34)
    return replace(notice, news=tuple(heard(told)))


def notice_letter(
    notice: Notice,
    opponent: str,
    tr: Translator = ENGLISH,
    kind: Mailing = Mailing.TURN,
    result: str = "",
    rematch: bool = True,
    replay: str | None = None,
) -> Letter:
    """What a notification's mail says: why it came, the news, the player's view.  Only a mail
    that asks the reader something prompts a reply: news while waiting has no position to answer
    (``kind`` ``NEWS``), and the end of the match says only how to ask for a rematch."""
    if notice.view.phase is Phase.OVER:
        return ending_letter(
            result, notice.view, opponent, tr, notice.news, rematch=rematch, replay=replay
        )
    answer: tuple[str, ...] = ()
    if notice.answer_offer:  # talk at the table: a one-word reply answers it
        accept, decline = word(tr, "accept"), word(tr, "decline")
        answer = (
            tr.gettext(
                "To answer the offer, reply {accept} or {decline}.", accept=accept, decline=decline
            ),
        )
    if notice.kind == "reminder":
        intro = tr.gettext(
            "Reminder: your decision in the game with {name} is due soon.", name=opponent
        )
    elif kind is Mailing.TURN and notice.your_turn:
        intro = tr.gettext("Your turn in the game with {name}.", name=opponent)
    else:
        intro = tr.gettext("News from your game with {name}.", name=opponent)
        if answer:
            return Letter((intro, *answer), None, opponent, news=notice.news, tr=tr)
        wait = tr.gettext("Nothing to do yet: you will hear from us when it is your turn.")
        return Letter((intro, wait), None, opponent, news=notice.news, replies=False, tr=tr)
    return Letter(
        (intro, *answer),
        notice.view,
        opponent,
        news=notice.news,
        deadline=notice.deadline,
        commands=notice.starts_game,  # the first mail with the position
        notes=(
            *((auto_pass_hint(tr),) if notice.suggests_auto_pass else ()),
            *((tr.gettext("Practice: {prompt}", prompt=notice.prompt),) if notice.prompt else ()),
        ),
        tr=tr,
    )


def ending_letter(
    result: str,
    view: PlayerView,
    opponent: str,
    tr: Translator,
    news: tuple[str, ...] = (),
    lead: tuple[str, ...] = (),
    rematch: bool = True,
    replay: str | None = None,
) -> Letter:
    """The end of a match: the result from the reader's side (after ``lead``), the news that led
    to it, the final position, and the one thing a reply can do: ask for a rematch — unless the
    opponent erased themselves (``rematch`` False), when nothing can be asked; and the
    ``replay``'s link, where every deal is checked against its commitment."""
    result = result or tr.gettext("Your match with {name} is over.", name=opponent)
    again = tr.gettext(
        "To play {name} again, reply {rematch}.", name=opponent, rematch=word(tr, "rematch")
    )
    lines = (*lead, result, again) if rematch else (*lead, result)
    if replay is not None:
        lines += (tr.gettext(CHECK_THE_DEALS, link=replay),)
    return Letter(lines, view, opponent, news=news, tr=tr)
