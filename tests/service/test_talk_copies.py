"""Whose copy of a finished game's log holds what of the talk (issue 20, ``copies.copy_for``):
a player's own copy keeps the words, a public one withholds them, and no copy but the
operators' tells a player that the opponent muted or reported them.  Every copy verifies."""

from __future__ import annotations

from service.app.games import GameService
from service.game.events import GameId, PlayerId
from service.game.stored import StoredEvent
from service.game.talk_events import MessageReported, MessageSaid, MessagesMuted
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.rules.seats import Seat
from tests.service.given import GUEST, HOST, started


def talked(service: GameService) -> GameId:
    """A game over by a draw after Ben wrote twice, Ana muting him between, then reporting."""
    game_id = started(service)
    service.act(game_id, GUEST, "say my secret plan")
    service.act(game_id, HOST, "mute")
    service.act(game_id, GUEST, "say can you hear me?")
    service.act(game_id, HOST, "report")
    service.act(game_id, HOST, "say bye")
    service.act(game_id, HOST, "offer draw")
    service.act(game_id, GUEST, "accept")
    return game_id


def events(stored: list[StoredEvent]) -> list[object]:
    return [one.event for one in stored]


def verifies(stored: list[StoredEvent]) -> bool:
    return verify(read_log(export_lines(stored))).ok


def numbered(stored: list[StoredEvent]) -> bool:
    return [one.seq for one in stored] == list(range(1, len(stored) + 1))


def test_a_public_copy_withholds_words_mutes_and_reports_and_verifies(
    service: GameService,
) -> None:
    game_id = talked(service)
    whole = service.transcript(game_id, operator=True)
    public = service.transcript(game_id)
    assert MessagesMuted(Seat.FIRST, True) in events(whole)
    assert not any(isinstance(e, MessagesMuted | MessageReported) for e in events(public))
    said = [e for e in events(public) if isinstance(e, MessageSaid)]
    assert said == [
        MessageSaid(seat, "", "withheld") for seat in (Seat.SECOND,) * 2 + (Seat.FIRST,)
    ]
    assert len(public) == len(whole) - 2 and numbered(public)
    assert verifies(public)
    text = "".join(export_lines(public))
    assert "secret" not in text and "Muted" not in text and "Reported" not in text


def test_a_players_own_copy_keeps_the_words_and_their_own_mute_and_report(
    service: GameService,
) -> None:
    game_id = talked(service)
    ana = service.transcript(game_id, reader=HOST)
    assert MessageSaid(Seat.SECOND, "my secret plan") in events(ana)
    # written while Ana had Ben muted: it never reaches her, not even in her replay
    assert MessageSaid(Seat.SECOND, "can you hear me?") not in events(ana)
    assert MessageSaid(Seat.SECOND, "", "withheld") in events(ana)
    assert MessagesMuted(Seat.FIRST, True) in events(ana)
    [report] = [one.event for one in ana if isinstance(one.event, MessageReported)]
    reported = next(one for one in ana if one.seq == report.message)
    assert reported.event == MessageSaid(Seat.SECOND, "", "withheld")
    assert numbered(ana) and verifies(ana)


def test_the_muted_players_copy_does_not_tell_them_so(service: GameService) -> None:
    game_id = talked(service)
    ben = service.transcript(game_id, reader=GUEST)
    assert MessageSaid(Seat.SECOND, "can you hear me?") in events(ben)
    assert MessageSaid(Seat.FIRST, "bye") in events(ben)
    assert not any(isinstance(e, MessagesMuted | MessageReported) for e in events(ben))
    whole = service.transcript(game_id, operator=True)
    assert len(ben) == len(whole) - 2 and numbered(ben) and verifies(ben)
    assert "Muted" not in "".join(export_lines(ben))


def test_a_reader_who_did_not_play_gets_the_public_copy(service: GameService) -> None:
    game_id = talked(service)
    stranger = service.transcript(game_id, reader=PlayerId("someone-else"))
    assert stranger == service.transcript(game_id)
