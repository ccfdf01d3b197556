"""How many invitations the service sends, whoever asks: the limits that keep it from being
used to mail strangers in bulk (issue 24), as rules over the shared ``Quotas``.

An invitation by mail goes to someone who never asked for our mail, so it is limited three ways:
per inviter per day, per invited address per week while that address has never answered us, and
for the whole service per hour.  An unproven sender first gets a confirmation mail, at most one
a day per address and a few hundred an hour in all — a forged ``From`` makes us mail whoever it
names, so those are limited too.  A refusal is told to its sender once a day, not once a mail.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from service.ports.quotas import Quotas

HOUR = timedelta(hours=1)
DAY = timedelta(days=1)
WEEK = timedelta(days=7)


@dataclass(frozen=True)
class InvitationLimits:
    per_sender_day: int = 10
    """Invitations one (proven) sender may send in a day."""
    per_stranger_week: int = 1
    """Invitations an address that never answered us may get in a week, from anyone."""
    per_hour: int = 100
    """Invitations the whole service sends in an hour."""
    confirmations_day: int = 1
    """Confirmation mails ("reply yes to invite …") to one unproven address in a day."""
    confirmations_hour: int = 300
    """Confirmation mails the whole service sends in an hour."""


def invitation_refusal(
    quotas: Quotas,
    limits: InvitationLimits,
    sender: str,
    guest: str,
    guest_is_stranger: bool,
    now: datetime,
) -> str | None:
    """None when ``sender`` may invite ``guest`` now (the invitation is counted), else which limit
    it reached: ``sender_daily``, ``stranger_weekly`` or ``hourly`` (nothing is counted)."""
    checks = [(f"invite-from:{sender.lower()}", limits.per_sender_day, DAY, "sender_daily")]
    if guest_is_stranger:
        checks.append(
            (f"invite-to:{guest.lower()}", limits.per_stranger_week, WEEK, "stranger_weekly")
        )
    checks.append(("invite-all", limits.per_hour, HOUR, "hourly"))
    return _all_or_none(quotas, checks, now)


def may_confirm(quotas: Quotas, limits: InvitationLimits, sender: str, now: datetime) -> bool:
    """Whether a confirmation mail may go to the unproven ``sender`` now (counted if so)."""
    checks = [
        (f"confirm-to:{sender.lower()}", limits.confirmations_day, DAY, "sender"),
        ("confirm-all", limits.confirmations_hour, HOUR, "hourly"),
    ]
    return _all_or_none(quotas, checks, now) is None


def first_telling(quotas: Quotas, address: str, refusal: str, now: datetime) -> bool:
    """Whether ``address`` is to be told of ``refusal`` now: once a day, so a flood of requests
    is not answered by a flood of refusals."""
    return quotas.take(f"told-{refusal}:{address.lower()}", 1, now - DAY, now) is not None


def within(quotas: Quotas, key: str, limit: int, window: timedelta, now: datetime) -> bool:
    """Whether one more use of ``key`` fits ``limit`` per ``window`` (counted if so): the same
    rule for the other channels' floods (a web client's new games, a Telegram user's ``/new``)."""
    return quotas.take(key, limit, now - window, now) is not None


def _all_or_none(
    quotas: Quotas, checks: list[tuple[str, int, timedelta, str]], now: datetime
) -> str | None:
    """Take every use or none: the first limit reached, with the uses taken before it given
    back (a sender at their daily limit must not use up a stranger's one invitation a week)."""
    taken: list[int] = []
    for key, limit, window, refusal in checks:
        ticket = quotas.take(key, limit, now - window, now)
        if ticket is None:
            for one in taken:
                quotas.give_back(one)
            return refusal
        taken.append(ticket)
    return None
