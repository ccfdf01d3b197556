"""What the pages need for turn notices (``notices.py``): the subscriptions and addresses
(``SqlNotices``), the VAPID public key a browser subscribes with, the mail that confirms an
address, the limits on asking, and the signed link in that mail.

Asking is limited and bound to who asked.  Only the page of a player (its link is the player's
key) can ask, a confirmation mail goes to one address at most ``MAILS_PER_DAY`` times a day and
one player sends at most as many, an address on the never-mail list gets none, and the link in
it confirms that one address for that one player, for ``CONFIRM_WITHIN``.  Push endpoints must be
a push service's (``PushServices.accepts``): the worker posts to them, so a page cannot point it
at an inside address; a player keeps at most ``BROWSERS`` of them.
"""

from __future__ import annotations

import base64
import hmac
import json
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from adapters.bootstrap import Wiring
from adapters.config import Settings
from adapters.sql.notices import CONFIRM_WITHIN, SqlNotices
from adapters.sql.quotas import SqlQuotas
from adapters.web.capabilities import Capabilities
from adapters.web.notice_mail import MailTransport, NoticeMail, notice_mail_for
from adapters.web.push_services import PushServices
from adapters.web.vapid import application_server_key, vapid_key
from service.game.events import PlayerId

MAILS_PER_DAY = 3
BROWSERS = 5


@dataclass(frozen=True)
class NoticeDesk:
    notices: SqlNotices
    quotas: SqlQuotas
    public_key: str
    """The VAPID public key, as ``pushManager.subscribe`` takes it."""
    mail: NoticeMail | None
    """None when the service sends no mail: the page then offers Web Push only."""
    push: PushServices = field(default_factory=PushServices)
    """The push endpoints a page may register (a test's composition allows its own)."""

    def may_mail(self, player: PlayerId, address: str, at: datetime) -> bool:
        """Take one confirmation mail from both the player's and the address's daily quota."""
        since = at - timedelta(days=1)
        mine = self.quotas.take(f"notice-mail:{player}", MAILS_PER_DAY, since, at)
        if mine is None:
            return False
        if self.quotas.take(f"notice-mail-to:{address.lower()}", MAILS_PER_DAY, since, at) is None:
            self.quotas.give_back(mine)
            return False
        return True


def desk_for(
    wiring: Wiring,
    settings: Settings,
    transport: MailTransport | None,
) -> NoticeDesk:
    """The desk of a running service; the VAPID key is made on first start."""
    engine = wiring.engine
    key = application_server_key(vapid_key(settings.data_dir, settings.web.vapid_key_file))
    mail = notice_mail_for(engine, settings, transport)
    return NoticeDesk(SqlNotices(engine), SqlQuotas(engine), key, mail)


def confirm_token(capabilities: Capabilities, player: PlayerId, address: str, at: datetime) -> str:
    """The confirmation link's token: this player, this address, until when; signed."""
    until = (at + CONFIRM_WITHIN).isoformat()
    fields = json.dumps([player, address.lower(), until], separators=(",", ":")).encode()
    payload = base64.urlsafe_b64encode(fields).decode().rstrip("=")
    return f"{payload}.{capabilities.mac('notice-mail|' + payload)}"


def read_confirm_token(
    capabilities: Capabilities, token: str, at: datetime
) -> tuple[PlayerId, str] | None:
    """The player and address of a valid, unexpired token; None for any other."""
    payload, dot, mac = token.partition(".")
    if not dot or len(token) > 1000:
        return None
    expected = capabilities.mac("notice-mail|" + payload).encode()
    if not hmac.compare_digest(expected, mac.encode("ascii", "replace")):
        return None
    try:
        player, address, until = json.loads(
            base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        )
        expired = datetime.fromisoformat(until) < at
    except (ValueError, TypeError):
        return None
    return None if expired else (PlayerId(player), address)
