"""Reading inbound mail: the key, the token's address, auto-mail and bounces."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

from adapters.email.addressing import Addresses, Tag
from adapters.email.inbound import message_key, read

OURS = Addresses("conquian.test", "conquian@conquian.test")


def mail(body: str = "pass", **headers: str) -> EmailMessage:
    message = EmailMessage()
    defaults = {
        "From": "Ana <ana@example.org>",
        "To": "reply+1-2-k1-abc@conquian.test",
        "Subject": "Re: Conquian",
        "Message-ID": "<m1@example.org>",
    }
    given = {name.replace("_", "-"): value for name, value in headers.items()}
    for name, value in {**defaults, **given}.items():
        if value:
            message[name] = value
    message.set_content(body)
    return message


def test_a_person_s_reply_is_read() -> None:
    inbound = read(mail("take 5c 5d discard ks\n\n> old").as_bytes(), OURS)
    assert (inbound.key, inbound.sender, inbound.sender_name) == (
        "<m1@example.org>",
        "ana@example.org",
        "Ana",
    )
    assert inbound.tag == Tag("1-2-k1-abc", bounce=False)
    assert inbound.automatic is None and not inbound.bounce
    assert inbound.command == "take 5c 5d discard ks"


def test_the_token_is_read_from_delivered_to_before_to() -> None:
    message = mail(To="Ana's game <reply+9-9-k1-zzz@conquian.test>")
    message["Delivered-To"] = "reply+1-2-k1-abc@conquian.test"
    assert read(message.as_bytes(), OURS).tag == Tag("1-2-k1-abc", bounce=False)
    assert read(message.as_bytes(), OURS, ["reply+5-5-k1-e@conquian.test"]).tag == Tag(
        "5-5-k1-e", bounce=False
    )


def test_a_token_in_cc_counts_and_other_domains_do_not() -> None:
    message = mail(
        To="bob@example.org, reply+1-2-k1-abc@elsewhere.test", Cc="reply+3-4-k1-x@CONQUIAN.test"
    )
    assert read(message.as_bytes(), OURS).tag == Tag("3-4-k1-x", bounce=False)


def test_a_mail_without_message_id_is_known_by_its_digest() -> None:
    raw = mail(Message_ID="").as_bytes()
    assert message_key(raw).startswith("sha256:") and message_key(raw) == message_key(raw)
    assert read(raw, OURS).key == message_key(raw)


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        ({"Auto_Submitted": "auto-replied"}, "Auto-Submitted: auto-replied"),
        ({"Auto_Submitted": "auto-generated; type=vacation"}, "Auto-Submitted: auto-generated"),
        ({"Precedence": "bulk"}, "Precedence: bulk"),
        ({"Precedence": "list"}, "Precedence: list"),
        ({"Precedence": "junk"}, "Precedence: junk"),
        ({"Return_Path": "<>"}, "null sender"),
        ({"From": "Conquian <conquian@conquian.test>"}, "our own address"),
        ({"From": "reply+1-2-k1-abc@conquian.test"}, "our own address"),
        ({"X_Loop": "conquian@conquian.test"}, "mail loop"),
        ({"X_Autoreply": "yes"}, "auto-reply header"),
        ({"From": "MAILER-DAEMON@example.org"}, "delivery status report"),
    ],
)
def test_automatic_mail_is_recognised(headers: dict[str, str], reason: str) -> None:
    assert read(mail(**headers).as_bytes(), OURS).automatic == reason


def test_auto_submitted_no_is_a_person() -> None:
    assert read(mail(Auto_Submitted="no").as_bytes(), OURS).automatic is None


def test_a_delivery_status_report_to_a_bounce_address_is_a_bounce() -> None:
    report = EmailMessage()
    report["From"] = "Mail Delivery System <MAILER-DAEMON@mx.example.org>"
    report["To"] = "reply+bounce-1-2-k1-abc@conquian.test"
    report["Message-ID"] = "<bounce1@mx.example.org>"
    report.set_content("Your message could not be delivered.")
    status = EmailMessage()
    status.set_content("Final-Recipient: rfc822; ben@example.org\nAction: failed\nStatus: 5.1.1\n")
    report.make_mixed()
    report.attach(status)
    report.replace_header(
        "Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"'
    )
    inbound = read(report.as_bytes(), OURS)
    assert inbound.bounce and inbound.automatic == "delivery status report"
    assert inbound.tag == Tag("1-2-k1-abc", bounce=True)


def test_an_html_only_mail_is_converted() -> None:
    message = mail()
    message.set_content("<div>no force</div><blockquote>pass</blockquote>", subtype="html")
    assert read(message.as_bytes(), OURS).command == "no force"
