"""The headers every mail of ours carries, whoever sends it.

* ``From`` the service by name, ``Date``, ``Message-ID``;
* ``Auto-Submitted: auto-generated`` (RFC 3834: a responder that honours it stays silent) and
  ``X-Loop`` with the service's address (mail that comes back to us is recognised,
  ``adapters/email/automatic.py``);
* ``List-Unsubscribe`` (RFC 2369): a ``mailto:`` the email channel reads, when it gives one, and
  with the web side on the RFC 8058 one-click link, which ``List-Unsubscribe-Post`` announces.
"""

from __future__ import annotations

from datetime import datetime
from email.message import EmailMessage
from email.utils import format_datetime, formataddr

from service.players.unsubscribe import Unsubscribe
from service.words.subjects import SERVICE

SERVICE_NAME = SERVICE
"""How our mail names its sender (``service.words.subjects``: the subjects name the service
alike)."""
LOOP_HEADER = "X-Loop"


def ours(message: EmailMessage, sender: str, to: str, message_id: str, at: datetime) -> None:
    """Mark ``message`` as a mail of ours to ``to``, sent by a machine from ``sender``."""
    message["From"] = formataddr((SERVICE_NAME, sender))
    message["To"] = to
    message["Date"] = format_datetime(at)
    message["Message-ID"] = message_id
    message["Auto-Submitted"] = "auto-generated"
    message[LOOP_HEADER] = sender


def unsubscribe_links(
    message: EmailMessage,
    to: str,
    unsubscribe: Unsubscribe | None,
    one_click_url: str | None,
    mailto: str | None = None,
) -> None:
    """``List-Unsubscribe`` for ``to``: the ``mailto`` address given, and the one-click link
    (``<one_click_url>/<token>``) when the web side is on; nothing without ``unsubscribe``."""
    if unsubscribe is None:
        return
    targets = [] if mailto is None else [f"<mailto:{mailto}?subject=stop>"]
    if one_click_url:
        targets.append(f"<{one_click_url}/{unsubscribe.link_token(to)}>")
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    if targets:
        message["List-Unsubscribe"] = ", ".join(targets)
