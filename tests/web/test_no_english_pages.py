"""Every page a player meets, in each of the five other languages, shows no English interface
word: the landing page and its list of games, an invitation to join, the waiting page, the
player's page at every position of a game against the bot until the match is over (the drawn
table's "stock" and "dead" among them), the replay at its first, middle and last step, and the
error pages (a refused command, an unknown link, an expired form, a used invitation, a bad
recovery code, revoking from another browser), an invitation already accepted, a recovery
code, the answer to ``help``, the rules page and the lobby (listing, a seek published, waiting
to be paired, a seek gone).

Beyond English words, a page names no card by its code where a reader reads it (``7H`` in
the history, the center card's label, the status line or the table in words: issue 33 item
11; commands, which a player types, keep their codes), and the new-game form's choices and
placeholders are words, not option codes (``nondealer_flips``, ``true``, ``2d``: item 4), and a
bot is named as the language names a thing, not a person ("del bot", not "de el bot").

The words looked for come from the English catalog (``tests/english_left.py``), so a string
added to a template or a view is covered without a new test."""

from __future__ import annotations

import random
import re

import pytest

from service.language.translation import translator
from tests.english_left import cards_as_codes, english_left, visible_text
from tests.web.client import Answer, Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import page_path

LANGUAGES = ("es", "fil", "uk", "ms", "hi")
NAMES = ("Lupe", "Tomas")
_MOVE = re.compile(r'name="command" value="([^"]+)"')
_COMMANDS = re.compile(
    r'<button[^>]*name="command"[^>]*>.*?</button>|<code>.*?</code>|<div id="answer".*?</section>'
    r'|<pre id="answer".*?</pre>|placeholder="[^"]*"',
    re.S,
)
"""What a player types, not reads: the move buttons' commands, code, help's command list and the
command box's example."""
_MISJOINED = {
    "es": re.compile(r"\b(?:de|a) el\b", re.IGNORECASE),
    "fil": re.compile(r"\b(?:si|ni|kay) (?:ang|isang)\b", re.IGNORECASE),
}
"""A bot's name put where a person's goes: "Mesa de el bot", "si ang madaling bot" (item 11)."""
_CHOICE = re.compile(r'<option value="([^"]*)"[^>]*>([^<]*)</option>')
_PLACEHOLDER = re.compile(r'placeholder="([^"]*)"')
_OPTION_CODE = re.compile(r"\w+=|\w_\w|^(?:true|false|\d+[mhd])$")


def codes_shown(html: str) -> list[str]:
    """The new-game form's choices and the placeholders that show option codes, not words."""
    choices = [words for value, words in _CHOICE.findall(html) if value and words == value]
    shown = [*(words for _, words in _CHOICE.findall(html)), *_PLACEHOLDER.findall(html)]
    return choices + [one for one in shown if _OPTION_CODE.search(one.strip())]


class Pages:
    """The pages one language's readers were shown, each checked as it comes."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.seen = 0

    def check(self, answer: Answer, what: str, status: int = 200) -> str:
        assert answer.status == status, (what, answer.status, answer.text[:500])
        text = visible_text(answer.text)
        left = english_left(text, self.language, NAMES)
        assert left == [], f"{what} in {self.language} shows English {left}:\n{text}"
        prose = visible_text(_COMMANDS.sub(" ", answer.text))
        codes = cards_as_codes(prose, self.language)
        assert codes == [], f"{what} in {self.language} writes cards as codes {codes}:\n{prose}"
        assert codes_shown(answer.text) == [], f"{what} in {self.language} shows option codes"
        misjoined = _MISJOINED.get(self.language)
        joins = misjoined.findall(text) if misjoined else []
        assert joins == [], f"{what} in {self.language} writes {joins}:\n{text}"
        self.seen += 1
        return answer.text


def play_to_the_end(browser: Browser, page: str, pages: Pages) -> int:
    """The player's moves, chosen by a seeded coin among the page's buttons (never resigning, nor
    a hint), until the match is over; every position's page is checked.  Returns how many."""
    resign = translator(pages.language).pgettext("command", "resign")
    rng = random.Random(3)
    for positions in range(400):
        html = pages.check(browser.get(page), f"the player's page at position {positions}")
        moves = [move for move in _MOVE.findall(html) if move not in (resign, "resign", "hint")]
        if not moves:
            return positions
        chosen = rng.choice(moves)
        answer = browser.post_form(page, {**hidden_fields(html), "command": chosen})
        assert answer.status == 303, (chosen, answer.text[:500])
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_in_each_language_has_no_english_left(site: Site, language: str) -> None:
    pages = Pages(language)
    player = Browser(site.http, language)
    landing = pages.check(player.get("/"), "the landing page")

    opened = player.post_form(
        "/games", {**hidden_fields(landing), "name": NAMES[0], "opponent": "easy"}
    )
    page = page_path(opened)
    html = player.get(page).text
    pages.check(player.post_form(page, {**hidden_fields(html), "command": "help"}), "help")
    positions = play_to_the_end(player, page, pages)
    assert positions > 5

    over = player.get(page).text
    replay = re.search(r'id="replay-link" href="([^"]*/replay)"', over)
    assert replay, "the finished page links to its replay"
    first = pages.check(player.get(replay.group(1)), "the replay")
    last = int(re.findall(r'max="(\d+)"', first)[0])
    for step in (last // 2, last):
        pages.check(player.get(f"{replay.group(1)}?step={step}"), f"replay {step}")
    pages.check(player.get("/"), "the list of games")
    pages.check(player.get("/rules"), "the rules page")
    site.http.post("/api/v1/seeks", {"deals": 3}, token=site.player("Someone"))
    lobby = hidden_fields(pages.check(player.get("/lobby"), "the lobby"))
    pages.check(player.post_form("/lobby", {**lobby, "do": "seek"}), "a seek published")
    pages.check(player.post_form("/lobby", {**lobby, "do": "pair"}), "waiting to be paired")
    gone = player.post_form("/lobby/accept", {**lobby, "seek": "0123456789abcdef"})
    pages.check(gone, "a seek gone", 409)

    refused = player.post_form(page, {**hidden_fields(over), "command": "bailar xyzzy"})
    pages.check(refused, "a refused command", refused.status)
    assert refused.status >= 400

    host, guest = Browser(site.http, language), Browser(site.http, language)
    fields = hidden_fields(host.get("/").text)
    waiting_page = page_path(
        host.post_form("/games", {**fields, "name": NAMES[0], "opponent": "friend"})
    )
    waiting = pages.check(host.get(waiting_page), "the waiting page")
    invitation = re.search(r'id="invitation" class="link" readonly value="([^"]+)"', waiting)
    assert invitation, waiting
    join = site.path(invitation.group(1))
    offer = pages.check(guest.get(join), "the invitation")
    guest.post_form(join, {**hidden_fields(offer), "name": NAMES[1]})
    pages.check(guest.get(join), "an invitation already accepted")
    pages.check(Browser(site.http, language).get(join), "a used invitation", 409)
    home = hidden_fields(player.get("/").text)
    pages.check(player.post_form("/recovery", home), "a recovery code")
    pages.check(player.post_form("/recover", {**home, "code": "x"}), "a bad recovery code", 403)
    revoke = player.post_form(waiting_page + "/revoke", home)
    pages.check(revoke, "revoking from another browser", 403)

    stranger = Browser(site.http, language)
    pages.check(stranger.get("/p/nothing"), "an unknown page link", 404)
    pages.check(stranger.get("/join/nothing-like-it"), "an unknown invitation", 404)
    pages.check(stranger.get("/no/such/page"), "a page that does not exist", 404)
    expired = stranger.post_form("/games", {"name": "x", "opponent": "easy"})
    pages.check(expired, "an expired form", 400)
    assert pages.seen > 15
