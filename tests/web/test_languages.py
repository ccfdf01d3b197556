"""Pages in the browser's language: the landing page follows ``Accept-Language`` (``tl-PH`` is
Filipino; a code the product lacks is English, never an error), a player made on the web keeps
that language, and their page — table, moves, command box — is written in it and takes their
commands in their own words."""

from __future__ import annotations

import re

import pytest

from service.language.translation import translator
from tests.web.client import Browser, hidden_fields
from tests.web.conftest import Site
from tests.web.test_pages import page_path


@pytest.mark.parametrize(
    ("accept", "language"),
    [
        ("uk-UA,uk;q=0.9,en;q=0.8", "uk"),
        ("tl-PH", "fil"),
        ("fil-PH,en;q=0.5", "fil"),
        ("hi-IN", "hi"),
        ("xx-YY, zz", "en"),
        ("de-DE,ms;q=0.7", "ms"),
    ],
)
def test_the_landing_page_is_in_the_browsers_language(
    site: Site, accept: str, language: str
) -> None:
    answer = Browser(site.http, accept).get("/")

    assert answer.status == 200
    assert f'<html lang="{language}">' in answer.text
    assert translator(language).gettext("Play Conquian") in answer.text


def test_a_spanish_browser_plays_its_page_in_spanish(site: Site) -> None:
    es = translator("es")
    browser = Browser(site.http, "es-MX,es;q=0.9")
    fields = hidden_fields(browser.get("/").text)
    opened = browser.post_form("/games", {**fields, "name": "Lupe", "opponent": "greedy"})
    page = page_path(opened)

    shown = browser.get(page)
    assert es.gettext("What happened") in shown.text
    assert f'placeholder="{es.gettext("take 5c 5d discard ks · pass · hand · help")}"' in shown.text
    moves = re.findall(r'name="command" value="([^"]+)"', shown.text)
    assert any(move.startswith(("tomar", "pasar", "forzar", "no forzar")) for move in moves)

    version = hidden_fields(shown.text)["version"]
    answer = browser.post_form(page, {**hidden_fields(shown.text), "command": "bailar"})
    assert answer.status == 422
    assert es.gettext(
        "I don't know the command '{word}'. Commands: take …, pass, force, no force, "
        "discard …, hand, help, resign, claim, extend, vacation, auto, settings."
    ).format(word="bailar") in answer.text.replace("&#39;", "'")

    typed = next(move for move in moves if move != "rendirse")
    played = browser.post_form(
        page, {"csrf_token": fields["csrf_token"], "version": version, "command": typed}
    )
    assert played.status == 303, played.text
