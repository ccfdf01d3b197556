"""The ``web`` channel's sender: the page, and the turn notices a web player asked for.

The page is the delivery of a web player's notifications (``sender.PageSender``: it refuses
anyone whose channel is not the web).  A web player may also have asked to be told when it is
their turn, by Web Push in one or more browsers and at one confirmed email address
(``asking.py``).  Those notices follow the email channel's rule of one message per turn: a
notification makes a notice when the player's decision is due in it (and the game did not move
on since: the later notification tells that turn — ``Notice.overtaken``, decided once for every
channel), when it is a reminder, and when the match ends; other news waits for the page.  Each notice says whose turn it is in which game, the
deadline in the player's time zone, and the page's link — never a card.

A notice is held during the player's quiet hours: the outbox tries it again when they end
(``TryLater`` with the seconds left).  Each target — a browser, the address — is claimed in the
ledger before it is sent (``SqlNotices.first_time``) and given back if sending fails for now, so a
notification that comes round again (a retry, a worker restarted after sending but before the
outbox recorded it) is told to each target once.  A browser the push service says is gone
(404/410) is deleted.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Collection
from contextlib import AbstractContextManager
from dataclasses import dataclass

from adapters.bootstrap import Wiring
from adapters.config import Settings
from adapters.mail.smtp import MailTransport
from adapters.sql.notices import SqlNotices, Subscription
from adapters.web.capabilities import Capabilities
from adapters.web.notices.mail import NoticeMail, notice_mail_for
from adapters.web.notices.page_sender import PageSender
from adapters.web.notices.push import Gone, WebPush
from adapters.web.notices.push_services import PushServices
from adapters.web.notices.vapid import vapid_key
from service.app.games import GameService
from service.clock.deadlines import after_quiet_hours
from service.delivery.dispatch import Telling, TryLater, Undeliverable
from service.delivery.notices import Notice
from service.game.events import GameId, PlayerId
from service.language.translation import Translator, translator
from service.ports.directory import Address
from service.ports.protocols import Clock
from service.words.subjects import game_subject, whose_turn

log = logging.getLogger(__name__)

PUSH_TTL = 24 * 3600
"""Seconds a push service keeps a notice for a browser that is offline."""


@dataclass(frozen=True)
class Told:
    """What a turn notice says, in the player's language."""

    game_id: GameId
    headline: str
    subject: str
    """The mail's Subject: the game's short id and whose turn, never a name (``subjects``)."""
    lines: tuple[str, ...]
    """The deadline and the page's link."""
    opens: str
    """Where a tapped push notice leads: the game for the browser's key, no capability."""
    tr: Translator

    def payload(self) -> dict[str, str]:
        """The Web Push message: the game, the headline and where to open it; no card, no
        position, no page link."""
        body = " ".join(self.lines[:-1])
        return {"game": self.game_id, "title": self.headline, "body": body, "url": self.opens}


class WebNoticeSender:
    def __init__(
        self,
        service: GameService,
        notices: SqlNotices,
        page_url: Callable[[GameId, PlayerId], str],
        game_url: Callable[[GameId], str],
        clock: Clock,
        push: WebPush | None = None,
        mail: NoticeMail | None = None,
    ) -> None:
        assert service.directory is not None, "web players are in the directory"
        self.page = PageSender(service.directory)
        self.service = service
        self.notices = notices
        self.page_url = page_url
        self.game_url = game_url
        self.clock = clock
        self.push = push
        self.mail = mail

    def remembering(self, players: Collection[PlayerId]) -> AbstractContextManager[None]:
        """A batch's players' notice targets read in one statement (``ReadsAhead``)."""
        return self.notices.remembering(players)

    def send(self, address: Address, telling: Telling) -> None:
        self.page.send(address, telling)  # Undeliverable for a non-web player
        player, notification = telling.player, telling.notification
        targets = self._targets(player)
        if not targets:
            return
        told = self._told(telling.notice())
        if told is None:
            return
        self._not_in_quiet_hours(player)
        later: Exception | None = None
        for target, send in targets.items():
            if not self.notices.first_time(notification, target, self.clock.now()):
                continue
            try:
                send(told)
            except Undeliverable as error:  # this target only: the page and the others took it
                log.info("turn notice to %s for %s undeliverable: %s", target, player, error)
            except Exception as error:  # TryLater, or a fault: this target is tried again
                self.notices.untold(notification, target)
                later = later or error
        if later is not None:
            raise later

    def _targets(self, player: PlayerId) -> dict[str, Callable[[Told], None]]:
        """Each place the player asked to be told, by its ledger name."""
        targets: dict[str, Callable[[Told], None]] = {}
        asked = self.notices.targets_of(player)
        if self.push is not None:
            for one in asked.browsers:
                targets[f"push:{one.id}"] = functools.partial(self._push, one)
        if self.mail is not None:
            address = asked.mail
            if address is not None and address.confirmed and not self.mail.stopped(address.address):
                targets["mail"] = functools.partial(self._mail, address.address)
        return targets

    def _push(self, subscription: Subscription, told: Told) -> None:
        assert self.push is not None
        try:
            self.push.send(subscription, told.payload(), told.game_id, PUSH_TTL)
        except Gone:
            self.notices.gone(subscription.id)
            raise

    def _mail(self, to: str, told: Told) -> None:
        assert self.mail is not None
        self.mail.notice(to, told.subject, told.headline, told.lines, told.tr, self.clock.now())

    def _told(self, notice: Notice) -> Told | None:
        """What the player's ``notice`` makes them told, or None (see the module's docstring)."""
        if notice.overtaken:
            return None  # the game moved on: a later notification tells this turn
        headline = self._headline(notice)
        if headline is None:
            return None
        tr = translator(notice.language)
        url = self.page_url(notice.game_id, notice.player)
        lines: tuple[str, ...] = (tr.gettext("Your table: {link}", link=url),)
        if notice.deadline is not None:
            due = tr.gettext("Your decision is due {when}.", when=notice.deadline)
            lines = (due, *lines)
        subject = game_subject(
            notice.game_id, whose_turn(notice.status, notice.view.is_my_decision), tr
        )
        opens = self.game_url(notice.game_id)
        return Told(notice.game_id, headline, subject, lines, opens, tr)

    def _headline(self, notice: Notice) -> str | None:
        tr = translator(notice.language)
        name = notice.opponent
        if notice.ends_match:
            return tr.gettext("Your match with {name} is over.", name=name)
        if notice.kind == "reminder":
            return tr.gettext(
                "Reminder: your decision in the game with {name} is due soon.", name=name
            )
        if notice.asks:
            return tr.gettext("Your turn in the game with {name}.", name=name)
        return None

    def _not_in_quiet_hours(self, player: PlayerId) -> None:
        now = self.clock.now()
        ends = after_quiet_hours(now, self.service.clock_settings(player))
        if ends > now:
            raise TryLater("the player's quiet hours", (ends - now).total_seconds())


def push_subject(settings: Settings) -> str:
    """How push services reach the operator (the VAPID ``sub``): the site when it is https,
    else the service's mail address."""
    base = settings.web.base_url
    if base.startswith("https://"):
        return base
    email = settings.email
    return f"mailto:{email.service_address if email else 'conquian@localhost'}"


def web_sender(
    wiring: Wiring,
    settings: Settings,
    transport: MailTransport | None = None,
    services: PushServices | None = None,
) -> WebNoticeSender:
    """The ``web`` channel's sender of a running service (``adapters/channels.py``), posting
    to the push services browsers use (``services``: a test's own local endpoint)."""
    links = Capabilities.from_settings(settings, wiring.directory)
    key = vapid_key(settings.data_dir, settings.web.vapid_key_file)
    push = WebPush(key, push_subject(settings), services or PushServices())
    service = wiring.service
    mail = notice_mail_for(wiring.engine, settings, transport)
    notices = SqlNotices(wiring.engine)
    return WebNoticeSender(
        service, notices, links.page_url, links.game_url, service.clock, push, mail
    )
