"""Mail no person wrote: auto-replies, lists, bounces and our own mail coming back.

The service never answers such mail (RFC 3834): a vacation responder answering our turn mail, a
mailing list, a bounce or a loop would otherwise ping-pong with us.  A bounce to our VERP address
marks the player's address unreachable (``handling``); everything else is dropped.
"""

from __future__ import annotations

from email.message import EmailMessage

from adapters.email.addressing import Addresses, sender_of
from adapters.mail.headers import LOOP_HEADER


def automatic_reason(message: EmailMessage, ours: Addresses) -> str | None:
    """Why ``message`` must not be answered, or None for mail from a person."""
    auto = str(message.get("Auto-Submitted", "no")).split(";")[0].strip().lower()
    if auto != "no":
        return f"Auto-Submitted: {auto}"
    precedence = str(message.get("Precedence", "")).strip().lower()
    if precedence in ("bulk", "junk", "list"):
        return f"Precedence: {precedence}"
    if message.get("X-Autoreply") or message.get("X-Autorespond"):
        return "auto-reply header"
    if is_bounce(message):
        return "delivery status report"
    return_path = message.get("Return-Path")
    if return_path is not None and str(return_path).strip() in ("<>", ""):
        return "null sender"
    _, sender = sender_of(message)
    if not sender:
        return "no sender"
    if ours.is_ours(sender):
        return "our own address"
    loops = [str(value).strip().lower() for value in message.get_all(LOOP_HEADER, [])]
    if ours.service.lower() in loops:
        return "mail loop"
    return None


def is_bounce(message: EmailMessage) -> bool:
    """A delivery status notification (RFC 3464), or mail from the mailer daemon."""
    if message.get_content_type() == "multipart/report":
        return True
    _, sender = sender_of(message)
    return sender.split("@")[0] in ("mailer-daemon", "postmaster")
