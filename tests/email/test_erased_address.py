"""After an erasure no mail of ours reaches the erased address again, over the test mail servers
(replies through Dovecot, our mail through SMTP; issue 31, item 7): ``new game with`` it sends
nothing there and tells the asker why, a rematch with the former player is refused and never
offered, and the never-mail list holds no address in the clear."""

from __future__ import annotations

import hashlib
import re

from sqlalchemy import select

from adapters.sql.email_tables import mail_suppressions
from tests.email.world import BEN, SERVICE, World, only, request

ZEB = "zebulon.quist@example.org"


def test_an_erased_address_gets_no_mail_and_no_rematch(imap_world: World) -> None:
    world = imap_world
    world.register("Zebulon", ZEB)
    game_id = world.start_game(host=BEN, guest=ZEB)
    game_mail = world.latest(ZEB)
    assert only(world.answer(game_mail, "erase")) == "erase: refused (erase_not_confirmed)"
    found = re.search(r"erase (\d{6})", world.latest(ZEB).text())
    assert found is not None
    assert only(world.answer(game_mail, f"erase {found.group(1)}")) == "erased"
    assert world.service.game(game_id).status == "over"
    world.drain()
    to_zeb = len(world.sink.to(ZEB))

    ending = world.latest(BEN)
    assert "left the service" in ending.text()
    assert "rematch" not in ending.text().lower()  # nothing offers a game that cannot start
    assert only(world.answer(ending, "rematch")).startswith("refused")
    assert "no rematch" in world.latest(BEN).text()

    for asked in (ZEB, "Zebulon.Quist@Example.ORG"):
        outcome = only(world.send(request(BEN, f"new game with {asked}"), SERVICE))
        assert outcome.startswith("refused: stopped"), outcome
    assert "asked this service for no more mail" in world.latest(BEN).text()
    world.clock.advance(minutes=1)
    world.drain()
    assert len(world.sink.to(ZEB)) == to_zeb

    with world.wiring.engine.connect() as connection:
        rows = [tuple(map(str, row)) for row in connection.execute(select(mail_suppressions))]
    assert len(rows) == 1
    kept = " ".join(rows[0]).lower()
    plain = ZEB
    hashes = {hashlib.sha256(plain.encode()).hexdigest(), hashlib.md5(plain.encode()).hexdigest()}
    assert "zebulon" not in kept and "example.org" not in kept and not hashes & set(rows[0])
