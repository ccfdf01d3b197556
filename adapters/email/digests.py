"""The daily digest (``mail digest``): the news that asked nothing of a player, gathered from all
their running games and sent by the worker once a day, at 8:00 in the player's time zone — or,
when 8:00 falls in their quiet hours, when those hours end.  A turn mail still goes at once
(``sender.py``); the digest adds nothing to answer.

Exactly once, as the outbox does it: a worker claims the address for a lease
(``digest_claimed_until``, ``adapters/sql/email_digests.py``), sends, then moves ``digest_at``
(the news told so far) to the moment it claimed and lets go.  A worker that restarts finds
``digest_at`` past the day's hour and sends nothing; one that died between claiming and
recording leaves a claim that lapses, and the mail sent again then has the same ``Message-ID``
(made from the address and the day), as a re-sent notification does.  A day with no news sends nothing and still moves ``digest_at`` on.
"""

from __future__ import annotations

import hashlib
import logging
from dataclasses import dataclass
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from adapters.email.compose import Heading
from adapters.email.letters import Letter
from adapters.email.sender import GameMail
from adapters.mail.headers import SERVICE_NAME
from adapters.sql.email_digests import DigestClaims
from service.clock.deadlines import ClockSettings, after_quiet_hours
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.ports.directory import Address
from service.ports.protocols import Notification

log = logging.getLogger(__name__)

HOUR = time(8, 0)
"""The digest's local time, unless it falls in the reader's quiet hours."""
LOOK_BACK = 200
"""Events of a game read back for a digest; a day of one game is far fewer."""
FIRST_DAY = timedelta(days=1)
"""How far back the first digest of an address that has no start (chosen before there was a
worker's digest) reads."""


def digest_hour(now: datetime, settings: ClockSettings) -> datetime:
    """The latest digest time at or before ``now`` for a reader with ``settings``: 8:00 on
    their day, moved to the end of their quiet hours if it falls inside them."""
    zone = ZoneInfo(settings.timezone)
    today = now.astimezone(zone).date()
    for day in (today, today - timedelta(days=1), today - timedelta(days=2)):
        at = after_quiet_hours(datetime.combine(day, HOUR, tzinfo=zone), settings)
        if at <= now:
            return at.astimezone(now.tzinfo)
    raise AssertionError("some day's hour is before now")


@dataclass(frozen=True)
class Digests:
    """The worker's ``digest`` job: every digest whose hour has come, once."""

    mail: GameMail
    claims: DigestClaims
    lease: timedelta = timedelta(minutes=5)

    def send_due(self) -> int:
        """Send each digest that is due now; how many went out."""
        now = self.mail.clock.now()
        sent = 0
        for address, since in self.claims.readers(now):
            player = self.mail.directory.player_at(Address("email", address))
            if player is None:
                continue
            settings = self.mail.service.clock_settings(player)
            hour = digest_hour(now, settings)
            quiet = after_quiet_hours(now, settings) > now
            if quiet or (since is not None and since >= hour):
                continue
            if not self.claims.claim(address, hour, now, self.lease):
                continue
            try:
                sent += self._send(address, player, since or now - FIRST_DAY, hour)
            except Exception:
                log.exception("the digest to %s failed; the next run tries again", address)
                self.claims.release(address, None)
                continue
            self.claims.release(address, now)
        return sent

    def _send(self, address: str, player: PlayerId, since: datetime, hour: datetime) -> int:
        """Mail ``address`` the news of ``player``'s running games after ``since``; 1 if a
        mail went, 0 if there was no news (or the address cannot be mailed)."""
        mail = self.mail
        if mail.contacts.why_unreachable(address) is not None:
            return 0
        tr = mail.tr(player)
        blocks = [
            block
            for one in mail.service.games_of(player)
            if one.status == GameStatus.PLAYING
            and (block := self._game(GameId(one.game_id), player, since))
        ]
        if not blocks:
            return 0
        intro = tr.gettext("Your daily news: what happened in your games since the last digest.")
        wait = tr.gettext("Your turn mails come as before; to play, reply to a game's latest mail.")
        letter = Letter((intro,), notes=(*blocks, wait), replies=False, tr=tr)
        key = hashlib.sha256(address.encode()).hexdigest()[:16]
        message_id = f"<digest.{key}.{hour:%Y%m%d}@{mail.composer.addresses.domain}>"
        subject = f"{SERVICE_NAME}: " + tr.gettext("your daily news")
        heading = Heading(address, subject, message_id)
        text_only = mail.choices.of(address)[1]
        message = mail.composer.mail(heading, letter, mail.clock.now(), text_only)
        mail.post(message, "", address)
        return 1

    def _game(self, game_id: GameId, player: PlayerId, since: datetime) -> str:
        """One game's block: whose turn, then its news after ``since``; empty without news."""
        service = self.mail.service
        game = service.game(game_id)
        events = service.events(game_id, after=max(0, game.version - LOOK_BACK))
        new = [one for one in events if one.at > since]
        if not new:
            return ""
        notice = service.notice(Notification(player, game_id, new[0].seq, game.version))
        if not notice.news:
            return ""
        tr = self.mail.tr(player)
        if game.to_act == player:
            turn = tr.gettext("your turn")
        else:
            turn = tr.gettext("{name}'s turn", name=self.mail.name(game.to_act, tr))
        name = self.mail.opponent(game, player)
        line = tr.gettext("Game {game} with {name}: {turn}", game=game_id, name=name, turn=turn)
        return "\n".join((line, *(f"  • {one}" for one in notice.news)))
