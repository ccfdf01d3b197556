"""Talk at the table on the player's page (issue 20), as a browser without scripts uses it:
the message box, the presets and the offer buttons post to ``/p/<token>/talk``; a form posted
again is stored and told once; the safety rules, mute and the conversation beside the moves."""

from __future__ import annotations

import html
import re

from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import start_friendly


def talk_fields(page: str) -> dict[str, str]:
    return hidden_fields(page.split('id="talk"', 1)[1])


def post(browser: Browser, page_path: str, **fields: str) -> str:
    """Post one talk form of the page as it is now; the page after it (or the refusal)."""
    page = browser.get(page_path).text
    answer = browser.post_form(f"{page_path}/talk", {**talk_fields(page), **fields})
    if answer.status == 303:
        return browser.get(page_path).text
    return answer.text


def conversation(page: str) -> list[str]:
    found = re.search(r'<ol id="conversation">(.*?)</ol>', page, re.S)
    return (
        []
        if found is None
        else [html.unescape(x) for x in re.findall(r"<li>(.*?)</li>", found.group(1))]
    )


def test_messages_and_a_draw_between_two_pages(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    post(host, host_page, message="Hello Ben, good luck!")
    assert conversation(guest.get(guest_page).text) == ["Ana says: “Hello Ben, good luck!”"]
    post(guest, guest_page, talk="thanks")
    assert conversation(host.get(host_page).text)[-1] == "Ben says: “Thanks!”"
    after = post(guest, guest_page, talk="offer draw")
    assert 'id="withdraw"' in after and 'id="offer-draw"' not in after
    offered = host.get(host_page).text
    assert 'id="accept"' in offered and "Ben offers you a draw." in conversation(offered)
    ended = post(host, host_page, talk="accept")
    assert "You accept the offer." in conversation(ended)
    assert "The match ends in a tie" in ended


def test_a_form_posted_again_is_stored_and_told_once(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    page = host.get(host_page).text
    fields = {**talk_fields(page), "message": "only once"}
    first = host.post_form(f"{host_page}/talk", fields)
    again = host.post_form(f"{host_page}/talk", fields)  # a resubmission: the same key
    assert first.status == again.status == 303
    said = [line for line in conversation(guest.get(guest_page).text) if "only once" in line]
    assert said == ["Ana says: “only once”"]


def test_the_safety_rules_and_mute_on_the_page(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    refused = post(host, host_page, message="https://conquian.example/p/abc")
    assert "Messages cannot carry links" in refused
    refused = post(host, host_page, message="x" * 281)
    assert "A message has at most 280 characters; yours has 281." in refused
    post(guest, guest_page, talk="mute")
    post(host, host_page, message="can you hear me?")
    page = guest.get(guest_page).text
    assert "hear me" not in page and 'id="unmute"' in page
    for number in range(4):
        post(host, host_page, message=f"number {number}")
    refused = post(host, host_page, message="one too many")
    assert "You have written 5 messages in 10 minutes" in refused


def test_mute_for_good_on_the_page_and_unmute(site: Site) -> None:
    host, guest, host_page, guest_page = start_friendly(site)
    page = post(guest, guest_page, talk="mute for good")
    assert 'id="mute-for-good"' not in page and 'id="unmute"' in page
    post(host, host_page, message="are you there?")
    assert "are you there" not in guest.get(guest_page).text
    page = post(guest, guest_page, talk="unmute")
    assert 'id="mute-for-good"' in page and 'id="mute"' in page
    post(host, host_page, message="hello again")
    assert "Ana says: “hello again”" in conversation(guest.get(guest_page).text)
