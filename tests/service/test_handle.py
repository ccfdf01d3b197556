"""Inbound messages through ``GameService.handle``: stored first, applied once, answered alike."""

from __future__ import annotations

from service.app.games import GameService, Request
from service.app.reply_codec import decode
from service.game.events import GameId
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.words.grammar import UnknownCommand
from tests.reply_fields import fields
from tests.service.given import GUEST, HOST, started


def test_a_message_delivered_twice_is_applied_once_with_the_same_reply(
    service: GameService, store: InMemoryEventStore, inbox: InMemoryInbox
) -> None:
    game_id = started(service)
    request = Request(HOST, game_id, "take kh kd discard 4h", expected_version=6)

    first = service.handle("telegram", "update-17", '{"text": "take kh kd discard 4h"}', request)
    again = service.handle("telegram", "update-17", '{"text": "take kh kd discard 4h"}', request)

    assert (
        fields(first)
        == fields(again)
        == {"ok": True, "game_id": game_id, "version": 8, "events": [7, 8]}
    )
    assert service.game(game_id).version == 8
    assert decode(inbox.entries[("telegram", "update-17")].reply or "") == first
    assert inbox.pending() == []


def test_the_same_key_from_another_source_is_another_message(service: GameService) -> None:
    game_id = started(service)
    service.handle("telegram", "1", "pass", Request(HOST, game_id, "pass"))
    reply = fields(service.handle("email", "1", "pass", Request(HOST, game_id, "pass")))
    assert reply["ok"] is False  # player 1 passed already: it is player 2's decision now


def test_garbage_text_gets_an_error_reply_stored_once(
    service: GameService, store: InMemoryEventStore, inbox: InMemoryInbox
) -> None:
    game_id = started(service)
    before = list(store.rows)

    first = service.handle("email", "<m1@example.org>", "dance!", Request(GUEST, game_id, "dance!"))
    service.act(game_id, HOST, "take kh kd discard 4h")
    again = service.handle("email", "<m1@example.org>", "dance!", Request(GUEST, game_id, "dance!"))

    assert first == again
    assert fields(first) == {
        "ok": False,
        "game_id": game_id,
        "error": {
            "code": "unknown_command",
            "message": fields(first)["error"]["message"],
            "params": {"word": "dance!"},
            "template": UnknownCommand.template,
        },
    }
    assert "dance!" in str(fields(first)["error"])
    assert store.rows[: len(before)] == before
    assert len(store.rows) == len(before) + 2  # only HOST's move
    assert decode(inbox.entries[("email", "<m1@example.org>")].reply or "") == first


def test_a_query_is_answered_without_moving_the_game(
    service: GameService, inbox: InMemoryInbox
) -> None:
    game_id = started(service)
    reply = fields(service.handle("web", "req-1", "hand", Request(GUEST, game_id, "hand")))
    assert reply == {"ok": True, "game_id": game_id, "version": 6, "query": "hand"}
    assert service.game(game_id).version == 6
    assert inbox.pending() == []


def test_a_stale_message_is_answered_with_the_versions(service: GameService) -> None:
    game_id = started(service)
    service.act(game_id, HOST, "take kh kd discard 4h")
    request = Request(GUEST, game_id, "take 4c 4s discard 2s", expected_version=6)

    reply = fields(service.handle("telegram", "u2", "…", request))

    assert reply["ok"] is False
    assert reply["error"]["code"] == "stale_version"  # type: ignore[index]
    assert reply["error"]["params"] == {"seen": "6", "current": "8"}
    assert service.game(game_id).version == 8


def test_a_message_for_an_unknown_game_gets_an_error_reply_stored_once(
    service: GameService, inbox: InMemoryInbox
) -> None:
    """A game id a channel got wrong (a stale link, a typo) is bad input like garbled text: the
    sender is answered, and the message is not left pending to fail again on every resume."""
    request = Request(HOST, GameId("no-such-game"), "pass")

    reply = service.handle("web", "req-9", "pass", request)

    assert fields(reply)["ok"] is False
    assert service.handle("web", "req-9", "pass", request) == reply
    assert inbox.pending() == []
