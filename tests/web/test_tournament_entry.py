"""Joining and leaving a tournament from its page, as a browser without scripts uses it (issue
37): a visitor gives a name and enters (and is remembered, as in the lobby), the same form posted
again enters once, a player withdraws; each refusal says why and changes nothing — a full or
closed tournament makes no new player, a form without its CSRF token is refused, and only the
browser that plays as a player may withdraw."""

from __future__ import annotations

from adapters.web.security import PLAYER_COOKIE
from service.tournaments.state import Tournament
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.tournament_site import open_tournament


def drawn(browser: Browser, path: str) -> tuple[str, dict[str, str]]:
    answer = browser.get(path)
    assert answer.status == 200, answer.text[:300]
    return answer.text, hidden_fields(answer.text)


def now(site: Site, tournament_id: str) -> Tournament:
    tournaments = site.wiring.tournaments
    assert tournaments is not None
    return tournaments.tournament(tournament_id)  # type: ignore[arg-type]


def test_a_visitor_joins_once_and_withdraws_from_the_page(site: Site) -> None:
    opened = open_tournament(site, "Entry")
    path = f"/tournaments/{opened.tournament_id}"
    ana = Browser(site.http)
    html, fields = drawn(ana, path)
    assert 'id="join-form"' in html and 'name="name"' in html and 'id="withdraw"' not in html
    entered = ana.post_form(f"{path}/join", {**fields, "name": "Page Entrant"})
    assert entered.status == 200, entered.text[:500]
    assert 'id="said"' in entered.text and "You are in tournament" in entered.text
    assert ana.cookies.get(PLAYER_COOKIE), "remembered as a web player"
    assert 'id="withdraw"' in entered.text and 'id="join-form"' not in entered.text
    assert "To withdraw is final" in entered.text  # said before the press
    player = site.parts.capabilities.read_player(ana.cookies[PLAYER_COOKIE])
    assert [one.player for one in now(site, opened.tournament_id).entrants][-1] == player
    again = ana.post_form(f"{path}/join", {**fields, "name": "Page Entrant"})  # posted again
    assert again.status == 200 and len(now(site, opened.tournament_id).entrants) == 2
    _, fields = drawn(ana, path)
    left = ana.post_form(f"{path}/withdraw", fields)
    assert left.status == 200 and "You withdrew from tournament" in left.text
    tournament = now(site, opened.tournament_id)
    assert player in tournament.withdrawn and len(tournament.entrants) == 1
    assert 'id="join-form"' not in left.text and 'id="withdraw"' not in left.text


def test_refusals_say_why_and_change_nothing(site: Site) -> None:
    full = open_tournament(site, "Full", size=3, entered=3)
    opened = open_tournament(site, "Guarded")
    path = f"/tournaments/{full.tournament_id}"
    visitor = Browser(site.http)
    html, _ = drawn(visitor, path)
    assert 'id="join-form"' not in html  # no form for what cannot be done
    _, fields = drawn(visitor, f"/tournaments/{opened.tournament_id}")  # a form drawn before
    refused = visitor.post_form(f"{path}/join", {**fields, "name": "Too Late"})
    assert refused.status >= 400 and "This tournament is full: it has 3 players." in refused.text
    assert not visitor.cookies.get(PLAYER_COOKIE), "a refused Join makes no player"
    assert len(now(site, full.tournament_id).entrants) == 3

    known = Browser(site.http)
    known.cookies[PLAYER_COOKIE] = site.player("Known Latecomer")
    _, fields = drawn(known, f"/tournaments/{opened.tournament_id}")
    closed = known.post_form(f"{path}/join", fields)
    assert closed.status >= 400 and "This tournament is full" in closed.text
    assert len(now(site, full.tournament_id).entrants) == 3

    path = f"/tournaments/{opened.tournament_id}"
    forged = Browser(site.http).post_form(f"{path}/join", {"name": "Forger"})
    assert forged.status == 400 and len(now(site, opened.tournament_id).entrants) == 1
    stranger = Browser(site.http)
    _, fields = drawn(stranger, path)
    anonymous = stranger.post_form(f"{path}/withdraw", fields)
    assert anonymous.status == 403 and "Only the browser that plays as this player" in (
        anonymous.text
    )
    outsider = Browser(site.http)
    outsider.cookies[PLAYER_COOKIE] = site.player("Outsider")
    _, fields = drawn(outsider, path)
    absent = outsider.post_form(f"{path}/withdraw", fields)
    assert absent.status >= 400 and 'id="error"' in absent.text
    assert now(site, opened.tournament_id).withdrawn == frozenset()
    unknown = Browser(site.http)
    _, fields = drawn(unknown, path)
    assert unknown.post_form("/tournaments/nonesuch/join", fields).status == 404
    assert not unknown.cookies.get(PLAYER_COOKIE)
