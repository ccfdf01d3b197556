"""The replay shows the conversation to its players only (issue 20): the game's two players —
by their browser's cookie or from their page's link — read the words in the replay and the log
download; anyone else gets the public copy, words withheld, and no trace of a mute or a report."""

from __future__ import annotations

import html
import re

from adapters.web.security import PLAYER_COOKIE
from service.log.file import read_log
from service.log.verify import verify
from tests.web.client import Browser
from tests.web.conftest import Site
from tests.web.test_pages import start_friendly
from tests.web.test_talk_page import post


def finished_talk(site: Site) -> tuple[Browser, Browser, str, str, str]:
    """Ana and Ben talk, Ben mutes and reports Ana, they agree a draw: the browsers, their
    page paths and the game's id."""
    host, guest, host_page, guest_page = start_friendly(site)
    post(host, host_page, message="my secret plan")
    post(guest, guest_page, message="nice try")
    post(guest, guest_page, talk="mute")
    post(guest, guest_page, talk="report")
    post(host, host_page, talk="offer draw")
    post(guest, guest_page, talk="accept")
    over = host.get(host_page).text
    found = re.search(r'id="replay-link" href="/p/[^"]+/replay"', over)
    assert found, "the finished page links to the player's own replay"
    game_id = re.search(r"Replay of game ([\w-]+)", host.get(f"{host_page}/replay").text)
    assert game_id
    return host, guest, host_page, guest_page, game_id.group(1)


def steps(page: str) -> str:
    found = re.search(r'<ol id="steps">(.*?)</ol>', page, re.S)
    assert found, page
    return html.unescape(re.sub(r"<[^>]*>", " ", found.group(1)))


def log_of(browser: Browser, path: str) -> str:
    answer = browser.get(path)
    assert answer.status == 200, answer.text
    assert verify(read_log(answer.text.splitlines())).ok
    return answer.text


def test_the_players_read_the_words_and_the_public_does_not(site: Site) -> None:
    host, guest, _, _, game_id = finished_talk(site)
    stranger = Browser(site.http)
    replay = f"/games/{game_id}/replay"
    ana, ben = host.get(replay), guest.get(replay)
    assert ana.headers["cache-control"] == "private, no-store" and "Cookie" in ana.headers["vary"]
    assert "You say: “my secret plan”" in steps(ana.text)
    assert "Ana says: “my secret plan”" in steps(ben.text)
    assert "Ben says: “nice try”" in steps(ana.text)
    public = steps(stranger.get(replay).text)
    assert "secret" not in public and "nice try" not in public
    assert "Player 1 writes to the opponent." in public  # Ana's profile is private: no name
    assert "Ana" not in public
    download = f"/games/{game_id}/log.jsonl"
    assert "my secret plan" in log_of(host, download)
    withheld = log_of(stranger, download)
    assert "my secret plan" not in withheld and "nice try" not in withheld


def test_a_mute_and_a_report_are_only_in_their_own_players_copy(site: Site) -> None:
    host, guest, _, _, game_id = finished_talk(site)
    download = f"/games/{game_id}/log.jsonl"
    bens = log_of(guest, download)
    assert "MessagesMuted" in bens and "MessageReported" in bens
    for other in (host, Browser(site.http)):
        text = log_of(other, download)
        assert "MessagesMuted" not in text and "MessageReported" not in text
    ana = steps(host.get(f"/games/{game_id}/replay").text)
    assert "changes a setting" not in ana and "mute" not in ana.lower()


def test_the_page_link_opens_its_players_replay_in_any_browser(site: Site) -> None:
    _, _, host_page, _, game_id = finished_talk(site)
    elsewhere = Browser(site.http)  # no cookie: the link a channel gave the player
    page = elsewhere.get(host_page).text
    assert f'href="{host_page}/replay"' in page and f'href="{host_page}/log.jsonl"' in page
    replay = elsewhere.get(f"{host_page}/replay")
    assert replay.status == 200 and "You say: “my secret plan”" in steps(replay.text)
    assert f'id="download" href="{host_page}/log.jsonl"' in replay.text
    assert "my secret plan" in log_of(elsewhere, f"{host_page}/log.jsonl")
    assert "my secret plan" not in log_of(elsewhere, f"/games/{game_id}/log.jsonl")
    assert elsewhere.get("/p/not-a-token/replay").status == 404


def test_the_api_gives_a_player_their_own_copy_and_anyone_else_the_public_one(
    site: Site,
) -> None:
    host, _, _, _, game_id = finished_talk(site)
    path = f"/api/v1/games/{game_id}/log"
    own = site.http.get(path, token=host.cookies[PLAYER_COOKIE])
    assert own.status == 200 and "my secret plan" in own.text
    outsider = site.http.get(path, token=site.player("Zed"))
    public = site.http.get(path)
    for answer in (outsider, public):
        assert answer.status == 200 and "my secret plan" not in answer.text
    assert site.http.get(path, token="not-a-token").status == 403
