"""``privacy``, ``my data`` and ``erase`` by mail through the test mail servers (replies through
Dovecot, the service's mail through SMTP; issue 25): the data comes as an attached file to the
address that asked, the erasure is confirmed with a code that only went to that address, and
afterwards no table — nor the SQLite file's bytes — holds the address or the name."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sqlalchemy import select

from adapters.sql import schema
from service.log.file import export_lines, read_log
from service.log.verify import verify
from tests.email.world import BEN, SERVICE, World, only, request

ZEB = "zebulon.quist@example.org"
NAME = "Zebulon Quist"


def _attachment(world: World) -> dict[str, object]:
    mail = world.latest(ZEB).message
    [part] = [p for p in mail.walk() if p.get_filename() == "conquian-data.json"]
    content = part.get_content()
    return json.loads(content if isinstance(content, str) else content.decode())  # type: ignore[no-any-return]


def _everything(world: World) -> bytes:
    rows = []
    with world.wiring.engine.connect() as connection:
        for table in schema.metadata.sorted_tables:
            rows += [" ".join(map(str, row)) for row in connection.execute(select(table))]
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.exec_driver_sql("VACUUM")
        connection.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)")
    database = Path(str(world.wiring.engine.url.database))
    files = b"".join(path.read_bytes() for path in database.parent.glob(database.name + "*"))
    return "\n".join(rows).lower().encode() + files.lower()


def test_my_data_and_erase_by_reply(imap_world: World) -> None:
    world = imap_world
    world.register(NAME, ZEB)
    game_id = world.start_game(host=ZEB, guest=BEN)
    game_mail = world.latest(ZEB)  # the answers below are notes: a reply goes to a game's mail

    assert only(world.answer(game_mail, "my data")) == "my data: sent"
    data = _attachment(world)
    assert data["profile"]["name"] == NAME  # type: ignore[index]
    assert {"channel": "email", "value": ZEB} in data["addresses"]  # type: ignore[operator]
    assert ZEB.encode() in _everything(world) and NAME.lower().encode() in _everything(world)

    asked = only(world.answer(game_mail, "erase"))
    assert asked == "erase: refused (erase_not_confirmed)"
    found = re.search(r"erase (\d{6})", world.latest(ZEB).text())
    assert found is not None
    code = found.group(1)
    assert world.service.game(game_id).status == "playing"

    assert only(world.answer(game_mail, f"erase {code}")) == "erased"
    assert "erased. Goodbye." in world.latest(ZEB).text()
    assert world.service.game(game_id).status == "over"
    told = world.latest(BEN).text()
    assert "A former player left the service" in told and NAME not in told
    held = _everything(world)
    assert ZEB.encode() not in held and NAME.lower().encode() not in held
    assert verify(read_log(export_lines(world.service.transcript(game_id)))).ok


def test_privacy_answers_anyone_and_data_needs_a_proven_address(world: World) -> None:
    text = only(world.send(request("stranger@example.org", "privacy"), SERVICE))
    assert text == "privacy"
    assert "FOR HOW LONG" in world.latest("stranger@example.org").text()
    refused = only(world.send(request("stranger@example.org", "my data"), SERVICE))
    assert refused.startswith("refused:")
    help_text = world.send(request("other@example.org", "hello"), SERVICE)
    assert "my data" in world.latest("other@example.org").text(), help_text


def test_privacy_written_as_people_write_it_is_answered_after_an_error_reply(world: World) -> None:
    """Issue 34 item 7: "Privacy." is the privacy command, not text the service did not
    understand, so the hourly limit on error replies does not swallow its answer."""
    assert only(world.send(request("stranger@example.org", "hello"), SERVICE)).startswith(
        "refused:"
    )
    assert only(world.send(request("stranger@example.org", "Privacy."), SERVICE)) == "privacy"
    assert "FOR HOW LONG" in world.latest("stranger@example.org").text()
