"""No rematch with a player who erased themselves, over the real web server (issue 31, item 7):
the finished game's page shows no Rematch button, and posting one anyway is refused with the
reason, opening nothing."""

from __future__ import annotations

import pytest

from service.app.rematches import OpponentLeft
from tests.web.client import hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import start_friendly


def test_the_page_offers_no_rematch_with_a_former_player(site: Site) -> None:
    host, _, host_page, guest_page = start_friendly(site)
    service = site.wiring.service
    guest = site.parts.capabilities.read_page(guest_page.removeprefix("/p/")).player
    game_id = site.parts.capabilities.read_page(host_page.removeprefix("/p/")).game_id
    assert service.your_data is not None
    service.your_data.erase_now(guest)  # as a confirmed code does

    page = host.get(host_page)
    assert page.status == 200 and 'id="ending"' in page.text and 'id="new-game"' in page.text
    assert 'id="rematch"' not in page.text and 'id="offer-rematch"' not in page.text
    asked = host.post_form(f"{host_page}/rematch", hidden_fields(page.text))
    assert asked.status >= 400
    assert "left the service, so there can be no rematch" in asked.text
    host_player = service.game(game_id).host
    with pytest.raises(OpponentLeft):  # the talk words ask the same rematch
        service.act(game_id, host_player, "offer rematch")
    assert [line.game_id for line in service.games_of(host_player)] == [game_id]
