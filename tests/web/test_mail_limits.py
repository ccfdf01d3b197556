"""The web side's part in keeping mail from becoming a spam relay (issue 24): the one-click
unsubscribe link of every mail (RFC 8058) puts its address on the never-mail list, and the
limit on new players, games and joins per client address holds across web processes."""

from __future__ import annotations

from adapters.config import EmailSettings
from adapters.sql.consent import SqlConsent
from service.players.unsubscribe import Unsubscribe
from tests.web.conftest import SiteFactory

EMAIL = EmailSettings(
    domain="conquian.test",
    token_keys="k1:0123456789abcdef0123456789abcdef",
    service_address="reply@conquian.test",
)
CAROL = "carol@example.net"


def test_the_one_click_link_stops_all_mail_to_its_address(make_site: SiteFactory) -> None:
    site = make_site(email=EMAIL)
    consent = SqlConsent(site.wiring.engine, site.wiring.secret)
    token = Unsubscribe.from_keys(EMAIL.token_keys).link_token(CAROL)
    path = f"/unsubscribe/{token}"

    opened = site.http.get(path)  # a mail scanner or a person opening the link: a button only
    assert opened.status == 200 and CAROL in opened.text and 'method="post"' in opened.text
    assert not consent.stopped(CAROL)

    tampered = path[:-1] + ("a" if path[-1] != "a" else "b")
    assert site.http.post_raw(tampered, b"List-Unsubscribe=One-Click", "text/plain").status == 404
    assert not consent.stopped(CAROL)

    clicked = site.http.post_raw(path, b"List-Unsubscribe=One-Click", "multipart/form-data")
    assert clicked.status == 200 and "no more mail" in clicked.text
    assert consent.stopped(CAROL)


def test_without_email_there_is_no_unsubscribe_link(make_site: SiteFactory) -> None:
    site = make_site()
    token = Unsubscribe.from_keys(EMAIL.token_keys).link_token(CAROL)
    assert site.http.post_raw(f"/unsubscribe/{token}", b"", "text/plain").status == 404


def test_the_invitation_limit_per_client_address_holds_across_web_processes(
    make_site: SiteFactory,
) -> None:
    first = make_site(invitations_per_hour=4)
    second = make_site(invitations_per_hour=4, database_url=first.settings.effective_database_url)
    answers = [site.http.post("/api/v1/players", {"name": "Zed"}) for site in (first, second) * 3]
    assert [answer.status for answer in answers] == [201, 201, 201, 201, 429, 429]
    assert int(answers[-1].headers["retry-after"]) >= 1
