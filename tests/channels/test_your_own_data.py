"""An export holds the asker's data only (issue 31), on every channel that hands it out: the
Telegram ``/mydata`` file (through the fake Bot API), the mail ``my data`` attachment (through
SMTP), the page's download and the API (the web app over the same database).

Bennett plays on Telegram and has a mail address too.  Olga plays him on Telegram; Anastasia,
on email, joins his other game and answers her game mail to everyone, his address among them,
from her own mail program; a stranger's mail names his address.  None of their names,
addresses, Telegram ids or mails is in any of his exports — only his own."""

from __future__ import annotations

import json
import re
from pathlib import Path

from adapters.bootstrap import build
from adapters.config import Settings
from adapters.web.app import create_app, parts_for
from adapters.web.security import PLAYER_COOKIE
from service.game.events import PlayerId
from service.ports.directory import Address
from tests.channels.mixed import Post
from tests.email.smtp_sink import SmtpSink
from tests.email.world import SERVICE, reply, request
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone
from tests.telegram.test_play import start_game

BENNETT = "bennett.mail@example.org"
ANASTASIA = "anastasia.quorn@example.org"
STRANGER = "mallory.stranger@example.org"
JOIN_BY_MAIL = re.compile(r"they mail join (\w+) to ")


def test_every_export_holds_the_askers_data_only(
    bot: Bot, fake: FakeTelegram, smtp_sink: SmtpSink, tmp_path: Path
) -> None:
    post = Post(bot, smtp_sink)
    bennett = Phone(fake, fake.person("Bennett"))
    olga = Phone(fake, fake.person("Olgavantablack"))
    start_game(bot, olga, bennett)
    player = bot.player(bennett.person)
    bot.wiring.directory.link(player, Address("email", BENNETT))
    post.email.handler.consent.prove(BENNETT, bot.service.clock.now())

    bennett.say("/new")
    found = JOIN_BY_MAIL.search(bennett.last().text)
    assert found is not None, bennett.last().text
    post.mail(request(f"Anastasia Quorn <{ANASTASIA}>", f"join {found.group(1)}"), SERVICE)
    answered = reply(
        post.latest(ANASTASIA),
        f"games\n\nBennett, write to me: {ANASTASIA}",
        headers={"Cc": BENNETT, "User-Agent": "QuornMail 9.1"},
    )
    post.mail(answered, str(post.latest(ANASTASIA).message["Reply-To"]))
    post.mail(request(STRANGER, f"new game with {BENNETT} please, Bennett!"), SERVICE)

    exports = {
        "telegram": _telegram(bennett, fake),
        "mail": _mail(post),
        **_web(bot, tmp_path, player),
    }
    others = (
        ANASTASIA,
        "Anastasia",
        "Quorn",
        "QuornMail",
        "Olgavantablack",
        str(olga.chat),
        STRANGER,
        "mallory",
        bot.player(olga.person),
        post.player(ANASTASIA),
    )
    for channel, text in exports.items():
        data = json.loads(text)
        assert data["player"] == player and BENNETT in text, channel  # his own is there
        assert str(bennett.chat) in text, channel
        assert [o for o in others if _names(_without_logs(data), o)] == [], channel


def _names(text: str, other: str) -> bool:
    """Whether ``text`` holds ``other`` as a word of its own, not inside a longer one: Olga's
    chat number (``7002``) may well be a piece of a random id or token of Bennett's own."""
    return (
        re.search(rf"(?<![0-9a-z]){re.escape(other.lower())}(?![0-9a-z])", text.lower()) is not None
    )


def _without_logs(data: dict[str, object]) -> str:
    """The export but the finished games' logs (the player's own copies: they name the players
    by id, as every replay does)."""
    return json.dumps({k: v for k, v in data.items() if k != "logs"}, ensure_ascii=False)


def _telegram(bennett: Phone, fake: FakeTelegram) -> str:
    bennett.say("/mydata")
    [sent] = fake.calls_to(bennett.chat, "sendDocument")
    assert sent.photo is not None
    return sent.photo.decode()


def _mail(post: Post) -> str:
    post.mail(request(BENNETT, "my data"), SERVICE)
    asked = post.latest(BENNETT)
    code = re.search(r"my data (\d{6})", asked.text())
    assert code is not None, asked.text()
    post.mail(reply(asked, f"my data {code.group(1)}"), SERVICE)
    [part] = [p for p in post.latest(BENNETT).message.walk() if p.get_filename()]
    content = part.get_content()
    return content if isinstance(content, str) else content.decode()


def _web(bot: Bot, tmp_path: Path, player: PlayerId) -> dict[str, str]:
    """The page's download and the API's, from the web app on the bot's database."""
    settings = Settings(data_dir=tmp_path / "web", database_url=str(bot.wiring.engine.url))
    wiring = build(settings)
    try:
        parts = parts_for(wiring, settings)
        client = create_app(parts).test_client()
        capabilities = parts.capabilities
        line = bot.service.games_of(player)[0]
        token = capabilities.player_token(player)
        client.set_cookie(PLAYER_COOKIE, token)
        page = client.get(f"/p/{capabilities.page_token(line.game_id, player)}/data")
        api = client.get(
            f"/api/v1/players/{player}/data", headers={"Authorization": f"Bearer {token}"}
        )
        assert page.status_code == 200 and api.status_code == 200, (page.text, api.text)
        return {"page": page.text, "api": api.text}
    finally:
        wiring.close()
