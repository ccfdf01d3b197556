"""``EmailContacts`` and ``DigestClaims`` on SQLite and PostgreSQL: an address is unreachable
after a bounce until it writes again; an error reply goes to it at most once per interval; its
mail choices are kept apart and default to one mail a turn with the picture; the daily digest of
an address is held by one worker at a time, a claim lapses, and a digest told is not claimed
again for the same hour.  Addresses are one address in any case."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from adapters.sql.email_contacts import EmailContacts, MailChoice
from adapters.sql.email_digests import DIGEST, DigestClaims
from tests.storage.conftest import Backend

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
HOUR = timedelta(hours=1)
LEASE = timedelta(minutes=5)
ANA, BEN = "ana@example.org", "ben@example.org"


@pytest.fixture
def contacts(sql_backend: Backend) -> EmailContacts:
    assert sql_backend.engine is not None
    return EmailContacts(sql_backend.engine)


@pytest.fixture
def claims(sql_backend: Backend) -> DigestClaims:
    assert sql_backend.engine is not None
    return DigestClaims(sql_backend.engine)


def test_an_address_is_unreachable_after_a_bounce_until_it_writes(contacts: EmailContacts) -> None:
    assert contacts.why_unreachable(ANA) is None
    contacts.reachable(ANA)  # an address never seen: nothing to clear

    contacts.unreachable("Ana@Example.org", T0, "the mail bounced")
    assert contacts.why_unreachable(ANA) == "the mail bounced"
    assert contacts.why_unreachable(BEN) is None
    contacts.unreachable(ANA, T0 + HOUR, "bounced again")
    assert contacts.why_unreachable("ANA@example.org") == "bounced again"

    assert contacts.choice_of(ANA).unreachable == "bounced again"  # a notification's one read
    assert contacts.choice_of(BEN).unreachable is None

    contacts.reachable("ana@EXAMPLE.org")
    assert contacts.why_unreachable(ANA) is None
    assert contacts.choice_of(ANA) == MailChoice(None, False)


def test_an_error_reply_goes_at_most_once_per_interval(contacts: EmailContacts) -> None:
    assert contacts.claim_error_reply(ANA, T0, HOUR)
    assert not contacts.claim_error_reply("Ana@example.org", T0 + HOUR / 2, HOUR)
    assert contacts.claim_error_reply(BEN, T0 + HOUR / 2, HOUR)  # each address its own
    assert contacts.claim_error_reply(ANA, T0 + HOUR, HOUR)
    assert not contacts.claim_error_reply(ANA, T0 + HOUR, HOUR)

    contacts.choose_text_only(BEN, True)  # a row made by a choice claims like any other
    assert not contacts.claim_error_reply(BEN, T0 + HOUR, HOUR)
    assert contacts.claim_error_reply(BEN, T0 + 2 * HOUR, HOUR)


def test_the_mail_choices_are_kept_apart(contacts: EmailContacts) -> None:
    assert contacts.choice_of(ANA) == MailChoice(None, False)
    contacts.unreachable(ANA, T0, "the mail bounced")  # a row without choices
    assert contacts.choice_of(ANA) == MailChoice(None, False, "the mail bounced")

    contacts.choose_when("Ana@example.org", "each", None)
    contacts.choose_text_only(ANA, True)
    assert contacts.choice_of(ANA) == MailChoice("each", True, "the mail bounced")
    assert contacts.why_unreachable(ANA) == "the mail bounced"  # a choice clears nothing else
    contacts.choose_when(ANA, None, None)
    assert contacts.choice_of(ANA) == MailChoice(None, True, "the mail bounced")
    contacts.choose_text_only(ANA, False)
    assert contacts.choice_of(ANA) == MailChoice(None, False, "the mail bounced")
    assert contacts.choice_of(BEN) == MailChoice(None, False)


def test_a_digest_starts_where_it_was_chosen(contacts: EmailContacts, claims: DigestClaims) -> None:
    contacts.choose_when(ANA, "each", None)
    contacts.choose_when(BEN, DIGEST, T0)
    assert claims.readers(T0) == [(BEN, T0)]

    contacts.choose_when(ANA, DIGEST, None)  # chosen before the digest had a start
    assert sorted(claims.readers(T0)) == [(ANA, None), (BEN, T0)]
    contacts.choose_when(BEN, None, None)
    assert claims.readers(T0) == [(ANA, None)]


def test_a_digest_is_held_by_one_worker_and_told_once_an_hour(
    contacts: EmailContacts, claims: DigestClaims
) -> None:
    hour = T0 + 23 * HOUR
    contacts.choose_when(ANA, DIGEST, T0)
    contacts.choose_when(BEN, "each", None)
    assert not claims.claim(BEN, hour, hour, LEASE)  # no digest chosen

    assert claims.claim(ANA, hour, hour, LEASE)
    assert not claims.claim(ANA, hour, hour, LEASE)  # another worker
    assert claims.readers(hour) == []
    assert claims.claim(ANA, hour, hour + LEASE, LEASE)  # the first died: its claim lapsed

    claims.release(ANA, None)  # the sending failed: nothing told
    assert claims.readers(hour) == [(ANA, T0)]
    assert claims.claim(ANA, hour, hour, LEASE)
    claims.release(ANA, hour)  # told up to the hour
    assert claims.readers(hour) == [(ANA, hour)]
    assert not claims.claim(ANA, hour, hour + LEASE, LEASE)  # told already
    assert claims.claim(ANA, hour + 24 * HOUR, hour + 24 * HOUR, LEASE)  # the next day's


def test_a_batch_reads_its_addresses_choices_once_and_a_write_forgets_them(
    contacts: EmailContacts, sql_backend: Backend
) -> None:
    """``remembering(addresses)``, as the worker opens it for a claimed batch: every address's
    choices read as the block opens (in any case; another process's change is not seen inside
    it), this store's own write seen at once, everything read afresh after the block."""
    assert sql_backend.engine is not None
    other = EmailContacts(sql_backend.engine)
    contacts.choose_text_only("ana@example.org", True)

    with contacts.remembering(["Ana@Example.org", "ben@example.org"]):
        other.unreachable("ana@example.org", T0, "550 no such user")
        other.choose_text_only("ben@example.org", True)
        assert contacts.choice_of("ana@example.org") == MailChoice(None, True)
        assert contacts.choice_of("BEN@example.org") == MailChoice(None, False)
        contacts.choose_when("ben@example.org", "each", None)
        assert contacts.choice_of("ben@example.org") == MailChoice("each", True)

    assert contacts.choice_of("ana@example.org") == MailChoice(None, True, "550 no such user")
