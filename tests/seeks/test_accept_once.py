"""Issue 36: a seek is accepted exactly once however many accept at the same moment.  Twenty
players accept one seek from twenty threads against the real databases: one game begins, the
nineteen others are told the seek is gone (``Refused`` ``seek_gone``), and nothing else changed."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor

from service.game.events import PlayerId
from service.game.status import GameStatus
from service.seeks.requests import AcceptSeek, PublishSeek, SeekAccepted, SeekPublished
from service.seeks.seeks import SeekStatus
from service.words.refusals import Refused
from tests.seeks.conftest import Site

OWNER = PlayerId("owner")
TAKERS = [PlayerId(f"taker{n:02}") for n in range(20)]


def test_twenty_players_accepting_one_seek_at_once_start_one_game(sql_site: Site) -> None:
    published = sql_site.lobby.answer(PublishSeek(OWNER))
    assert isinstance(published, SeekPublished)
    start = threading.Barrier(len(TAKERS))

    def accept(taker: PlayerId) -> object:
        start.wait()
        return sql_site.lobby.answer(AcceptSeek(taker, published.seek_id))

    with ThreadPoolExecutor(len(TAKERS)) as pool:
        replies = list(pool.map(accept, TAKERS))

    accepted = [one for one in replies if isinstance(one, SeekAccepted)]
    gone = [one for one in replies if isinstance(one, Refused)]
    assert len(accepted) == 1 and len(gone) == 19
    assert {one.code for one in gone} == {"seek_gone"}
    games = sql_site.service.store.all_summaries()
    assert [line.game_id for line in games] == [accepted[0].game_id]
    seek = sql_site.seeks.seek(published.seek_id)
    assert seek is not None and seek.status is SeekStatus.ACCEPTED
    winner = TAKERS[replies.index(accepted[0])]
    assert seek.taker == winner
    game = sql_site.service.game(accepted[0].game_id)
    assert game.players == (OWNER, winner) and game.status is GameStatus.PLAYING
