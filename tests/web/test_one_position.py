"""One position, one description: Telegram, email, the web page and the terminal show a player the
same lines (``service.words.position``), each in its own layout.

Ana and Ben start a game through their web pages; Ana's page is read over real HTTP, and the
other channels' renderers are given Ana's view of the same moment.  Every line of the position,
and the line saying whose turn it is, must appear word for word, in order, in each of them.
"""

from __future__ import annotations

import html
import re

from adapters.cli.render import view_text
from adapters.email.letters import Letter, letter_text
from adapters.telegram.render import table_text_for
from service.game.events import GameId
from service.language.translation import translator
from service.words.cast import cast_of
from service.words.position import position
from tests.web.conftest import Site
from tests.web.test_pages import start_friendly


def in_order(wanted: tuple[str, ...], text: str) -> bool:
    """Whether each of ``wanted`` is a whole line of ``text`` (up to layout around it), in order."""
    lines = [line.strip(" •") for line in text.splitlines()]
    at = 0
    for one in wanted:
        try:
            at = lines.index(one, at) + 1
        except ValueError:
            return False
    return True


def page_lines(page: str) -> tuple[tuple[str, ...], str]:
    """The position's lines and the turn line of a player's page."""
    block = re.search(r'<ul id="position">(.*?)</ul>', page, re.S)
    turn = re.search(r'<p id="options"[^>]*>(.*?)</p>', page, re.S)
    assert block and turn, page
    items = re.findall(r"<li>(.*?)</li>", block.group(1), re.S)
    return tuple(html.unescape(item) for item in items), html.unescape(turn.group(1))


def test_the_same_position_reads_the_same_on_every_channel(site: Site) -> None:
    host, _, host_page, _ = start_friendly(site)
    page = host.get(host_page).text
    shown_lines, shown_turn = page_lines(page)
    found = re.search(r"Game (\w+) · you are Ana, player 1", page)
    assert found, page

    service = site.wiring.service
    game = service.game(GameId(found.group(1)))
    ana = game.players[0]
    assert ana is not None
    tr = translator("en")
    view = service.view(game.id, ana)[1]
    cast = cast_of(game.players, service.directory, tr, ana)
    expected = position(view, cast, tr)

    assert (shown_lines, shown_turn) == (expected.lines, expected.turn)  # the web page
    everywhere = {
        "telegram": table_text_for(view, game.id, cast.names, None, tr),
        "email": letter_text(Letter(("News.",), view, cast[view.opponent], tr=tr)),
        "terminal": view_text(view, tr, cast.names),
    }
    for channel, text in everywhere.items():
        assert in_order(expected.all_lines, text), f"{channel}:\n{text}"
    assert "Ben's table" in expected.lines[2] and expected.lines[1].startswith("Score: you 0")
