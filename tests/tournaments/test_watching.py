"""Spectators (issue 37): who may watch a game, and what the watcher sees — the table, both
hands hidden until the deal ends — and the crosstable a tournament's page shows."""

from __future__ import annotations

import random

import pytest

from service.app.watching import NotWatchable, Watching
from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import UnknownGame
from service.rules.cards import CardSet
from service.rules.seats import Phase, Seat
from service.rules.spectator import spectator_view
from service.rules.view import view_for
from service.tournaments.crosstable import crosstable
from service.tournaments.events import WIN, Format, TournamentId
from tests.tournaments.conftest import Site
from tests.tournaments.play import play_out, play_round, players, terms

ORGANISER = PlayerId("organiser")


def _paired(site: Site, double: bool = False) -> TournamentId:
    """A round-robin of four, its first round paired."""
    tournaments = site.tournaments
    chosen = terms(Format.ROUND_ROBIN, size=4, rounds=0, double=double)
    tournament_id = tournaments.create(ORGANISER, chosen, operator=True)
    for player in players(4):
        tournaments.enter(tournament_id, player)
    tournaments.tend()
    return tournament_id


def _round_robin(site: Site) -> tuple[Watching, GameId]:
    """A round-robin of four, its first round paired; a game of it."""
    tournament_id = _paired(site)
    game = site.tournaments.tournament(tournament_id).rounds[0].pairings[0].game
    assert game is not None
    return Watching(site.tournaments), game


def test_a_running_tournament_game_is_watched_with_both_hands_hidden(memory_site: Site) -> None:
    watching, game_id = _round_robin(memory_site)
    watched = watching.watch(game_id)
    state = memory_site.service.game(game_id).rules
    view = watched.view
    assert view.shown is None and state.phase is not Phase.DEALING
    assert view.hand_sizes == (state.hands[0].bit_count(), state.hands[1].bit_count())
    for seat in Seat:  # everything but a seat's own hand and moves is what a player sees
        player = view_for(state, seat)
        assert view.tables == player.tables and view.center == player.center
        assert (view.stock_size, view.dead_size, view.dead) == (
            player.stock_size,
            player.dead_size,
            player.dead,
        )
        assert (view.to_act, view.match) == (player.to_act, player.match)
    assert set(watched.view._fields) & {"hand", "revealed", "legal_actions", "seat"} == set()


def test_both_hands_are_shown_once_the_deal_is_over(memory_site: Site) -> None:
    _, game_id = _round_robin(memory_site)
    service = memory_site.service
    play_out(service, game_id, random.Random(3))
    state = service.game(game_id).rules
    assert state.phase is Phase.OVER
    shown = spectator_view(state).shown
    assert shown == (CardSet(state.hands[0]), CardSet(state.hands[1]))


def test_an_ordinary_game_or_none_cannot_be_watched(memory_site: Site) -> None:
    watching, _ = _round_robin(memory_site)
    service = memory_site.service
    ordinary = service.open_game(PlayerId("ana"))
    service.join(service.game(ordinary).invitation, PlayerId("ben"))
    assert service.game(ordinary).status is GameStatus.PLAYING
    with pytest.raises(NotWatchable):
        watching.watch(ordinary)
    with pytest.raises(UnknownGame):
        watching.watch(GameId("nonesuch"))


def test_a_finished_tournament_game_is_not_watched_but_replayed(memory_site: Site) -> None:
    """Once its tournament is over a game is found no more among the running ones: its page
    sends the reader to the replay."""
    watching, game_id = _round_robin(memory_site)
    tournaments = memory_site.tournaments
    tournament_id = watching.tournament_of(game_id)
    assert tournament_id is not None
    for seed in range(3):
        play_round(tournaments, tournament_id, seed)
        tournaments.tend()
    assert tournaments.tournament(tournament_id).finished
    with pytest.raises(NotWatchable):
        watching.watch(game_id)


def test_the_crosstable_of_a_double_round_robin(memory_site: Site) -> None:
    tournaments = memory_site.tournaments
    tournament_id = _paired(memory_site, double=True)
    for seed in range(6):
        play_round(tournaments, tournament_id, seed)
        tournaments.tend()
    rows = crosstable(tournaments.tournament(tournament_id))
    assert [row.rank for row in rows] == [1, 2, 3, 4]
    for i, row in enumerate(rows):
        assert row.cells[i] == ()
        assert sum(sum(cell) for cell in row.cells) == row.record.points
        for j, other in enumerate(rows):
            if i != j:  # two matches each, and what one scored the other did not
                assert len(row.cells[j]) == 2
                assert sum(row.cells[j]) + sum(other.cells[i]) == 2 * WIN
