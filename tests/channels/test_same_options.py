"""The same options of a new game, written on every channel, open the same game or meet the same
refusal (issue 16: one lobby grammar).

One service runs Telegram (the fake Bot API over real HTTP), email (real SMTP out, Dovecot's LMTP
in and IMAP out) and the web (real HTTP: the landing page's form and ``POST /api/v1/games``).
For each option string, a player opens a game on each channel; then every channel's game has the
same variant, match terms and time control, or every channel answered with the same refusal: its
code and parameters on the JSON API, its words on the others (nothing opened).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from html import unescape

import pytest

from adapters.config import WebSettings
from adapters.web.app import create_app, parts_for
from adapters.web.errors import status_of
from adapters.web.server import web_server
from service.game.errors import BadSetting
from service.game.events import GameId, TimeControl
from service.language.translation import Phrase
from service.rules.errors import IllegalAction
from service.rules.variants import DEFAULT, MatchTerms, Variant, flag_choices
from service.words.lobby import (
    BadFlagValue,
    BadNumber,
    Listing,
    NumberTooLarge,
    UnknownFlag,
    UnknownOption,
)
from service.words.refusals import refusal_text
from tests.channels.mixed import Post
from tests.email.dovecot import Dovecot
from tests.email.smtp_sink import SmtpSink
from tests.email.world import ANA, BEN, SERVICE, request
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.web.client import Browser, Http, hidden_fields
from tests.web.conftest import KEY, Site, free_port

HUGE = "9" * 5000
POINTS = DEFAULT.with_flags({"scoring": "points"})
NO_FORCING = DEFAULT.with_flags({"forcing": "disabled"})
Settings = tuple[Variant, MatchTerms, TimeControl]


@dataclass(frozen=True)
class Case:
    options: str
    """What the player types after ``/new`` or ``new game with ADDRESS``, and in the form."""
    body: str | None
    """The same options as the JSON API's body (None: the API has no field for them)."""
    then: Settings | IllegalAction


CASES = {
    "points and deals": Case(
        "scoring=points deals=3",
        '{"deals": 3, "variant": {"scoring": "points"}}',
        (POINTS, MatchTerms(deals=3, target=100), TimeControl()),
    ),
    "both spellings and a time control": Case(
        "deals 3, stake=2 time 12h forcing=disabled",
        '{"deals": 3, "stake": 2, "move_seconds": 43200, "variant": {"forcing": "disabled"}}',
        (NO_FORCING, MatchTerms(deals=3, stake=2), TimeControl(move_seconds=12 * 3600)),
    ),
    "a target": Case(
        "target=50 time=2d",
        '{"target": 50, "move_seconds": 172800}',
        (DEFAULT, MatchTerms(deals=None, target=50), TimeControl(move_seconds=2 * 86400)),
    ),
    "an unknown flag": Case(
        "colour=blue",
        '{"variant": {"colour": "blue"}}',
        UnknownFlag(flag="colour", flags=Listing(", ".join(flag_choices()))),
    ),
    "a bad flag value": Case(
        "forcing=sometimes",
        '{"variant": {"forcing": "sometimes"}}',
        BadFlagValue(flag="forcing", choices=Listing("enabled, disabled"), value="sometimes"),
    ),
    "a bad number": Case("deals=zero", '{"deals": "zero"}', BadNumber(name="deals", value="zero")),
    "a huge number": Case(
        f"stake={HUGE}",
        f'{{"stake": {HUGE}}}',
        NumberTooLarge(name="stake", most=1_000_000),
    ),
    "a time out of reach": Case(
        "time=20d",
        '{"move_seconds": 1728000}',
        BadSetting(reason=Phrase("The time per move must be between a minute and 14 days.")),
    ),
    "an unknown word": Case("dance", None, UnknownOption(word="dance")),
}


@pytest.fixture
def site(bot: Bot) -> Iterator[Site]:
    """The web side of the bot's own service, on a real socket."""
    config = WebSettings(port=free_port(), keys=(KEY,), invitations_per_hour=1_000_000, threads=2)
    settings = replace(bot.settings, web=config)
    parts = parts_for(bot.wiring, settings)
    app = create_app(parts)
    server = web_server(app, config)
    yield Site(config.base_url, Http(config.base_url), bot.wiring, settings, parts, server, app)
    server.stop()
    parts.readiness.pulse.close()


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_the_same_options_give_the_same_game_or_refusal_on_every_channel(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, mailbox: Dovecot, site: Site, case: Case
) -> None:
    answers = {
        "telegram": by_telegram(bot, fake, case.options),
        "email": by_email(bot, smtp_sink, mailbox, case.options),
        "form": by_form(bot, site, case.options, case.then),
    }
    if case.body is not None:
        answers["api"] = by_api(bot, site, case.body, case.then)

    if isinstance(case.then, IllegalAction):
        expected = " ".join(refusal_text(case.then).split())
        assert answers == dict.fromkeys(answers, expected)
        assert bot.service.store.all_summaries() == [], "a refusal opens nothing"
    else:
        assert answers == dict.fromkeys(answers, case.then)


def by_telegram(bot: Bot, fake: FakeTelegram, options: str) -> Settings | str:
    ana = Phone(fake, fake.person("Ana"))
    ana.say(f"/new {options}")
    lines = bot.service.games_of(bot.player(ana.person))
    if not lines:
        return _words(ana.last().text.split("\n\n")[0])
    [line] = lines
    return _settings(bot, line.game_id)


def by_email(bot: Bot, sink: SmtpSink, mailbox: Dovecot, options: str) -> Settings | str:
    post = Post(bot, sink, mailbox)
    # Ana has played by mail before: her invitations need no confirmation (issue 24)
    post.email.handler.consent.prove(ANA, bot.wiring.service.clock.now())
    [done] = post.mail(request(ANA, f"new game with {BEN} {options}"), SERVICE).values()
    if done.startswith("opened "):
        return _settings(bot, GameId(done.split()[1]))
    return _words(post.latest(ANA).text().replace("\r\n", "\n").split("\n\n")[0])


def by_form(bot: Bot, site: Site, options: str, then: Settings | IllegalAction) -> Settings | str:
    browser = Browser(site.http)
    fields = {**hidden_fields(browser.get("/").text), "name": "Ana", "opponent": "friend"}
    answer = browser.post_form("/games", {**fields, "options": options})
    if answer.status == 303:
        token = answer.headers["location"].rsplit("/", 1)[1]
        return _settings(bot, site.parts.capabilities.read_page(token).game_id)
    assert isinstance(then, IllegalAction) and answer.status == status_of(then), answer.text
    found = answer.text.split('id="message">', 1)[1].split("</p>", 1)[0]
    return _words(unescape(found))


def by_api(bot: Bot, site: Site, body: str, then: Settings | IllegalAction) -> Settings | str:
    token = site.player()
    answer = site.http.post_raw("/api/v1/games", body.encode(), token=token)
    if answer.status == 201:
        return _settings(bot, GameId(answer.json["game_id"]))
    assert isinstance(then, IllegalAction), answer.text
    assert answer.status == status_of(then)
    error = answer.error
    assert (error["code"], error["params"]) == (then.code, _json_params(then))
    return _words(error["message"])


def _settings(bot: Bot, game_id: GameId) -> Settings:
    game = bot.service.game(game_id)
    return game.variant, game.terms, game.time_control


def _words(text: str) -> str:
    """A refusal as read, its lines joined (a mail may wrap a long one)."""
    return " ".join(text.replace("⚠", "").split())


def _json_params(refusal: IllegalAction) -> dict[str, str]:
    return {name: str(value) for name, value in refusal.params.items()}
