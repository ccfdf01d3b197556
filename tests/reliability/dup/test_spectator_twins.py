"""The twins test for a spectator (issue 37): two tournament games that differ only in hidden
cards give a spectator byte-identical answers — the watch page, its JSON, the tournament's page.

The twins (``conftest.twins``: two worlds on copies of one database, on SQLite and
PostgreSQL) each hold a round-robin of two web players, created and paired alike; in the second
twin, one to three cards of a hand are swapped with stock cards before its game is dealt.  A
spectator sees neither hand nor the stock, so the swap is hidden from them however the players
move: each move is one legal in both twins that names no swapped card.  After every move the
spectator's three answers are compared as bytes, until the twins part in public (a swapped card
is turned up, or the deal ends and the hands are shown).  No answer names the marker, one of
the swapped cards.
"""

from __future__ import annotations

import json
import os
import random
from dataclasses import replace
from datetime import timedelta

from flask.testing import FlaskClient

from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.language.notation import card_text
from service.rules.cards import Card, CardSet
from service.rules.legal import legal_actions
from service.rules.seats import Phase
from service.rules.state import GameState
from service.rules.view import view_for
from service.tournaments.events import Format, TournamentId
from tests.reliability.dup.test_noninterference import CARD_TEXT, played_cards
from tests.reliability.dup.twins import TwinChance, Twins, client_for
from tests.reliability.dup.world import World
from tests.tournaments.play import terms

PAIRS = int(os.environ.get("CONQUIAN_TWIN_SPECTATOR_PAIRS", "20"))


def hidden(state: GameState) -> set[Card]:
    """What a spectator must not learn while a deal is played: both hands and the stock."""
    return set(CardSet(state.hands[0] | state.hands[1])) | set(state.deck[state.next_stock :])


class Spectated:
    """One pair: the same tournament in both twins, its game watched after every move."""

    def __init__(self, worlds: tuple[World, World], players: tuple[PlayerId, PlayerId], n: int):
        self.worlds = worlds
        self.players = players
        self.rng = random.Random(n)
        self.clients: list[FlaskClient] = [client_for(world) for world in worlds]  # one CSRF cookie
        self.compared = 0

    def open(self) -> tuple[TournamentId, GameId, set[Card], Card]:
        """Pair the tournament in the first twin, choose the swap from its deal, then pair it in
        the second twin with its deck swapped."""
        x, y = self.worlds
        ids = [self._paired(x)]
        game_id = self._game(x, ids[0])
        state = x.service.game(game_id).rules
        hand = sorted(CardSet(state.hands[self.rng.choice((0, 1))]))
        stock = list(state.deck[state.next_stock :])
        k = self.rng.choice((1, 2, 3))
        give, take = self.rng.sample(hand, k), self.rng.sample(stock, k)
        chance = y.chance
        assert isinstance(chance, TwinChance)
        chance.swap = {**dict(zip(give, take, strict=True)), **dict(zip(take, give, strict=True))}
        ids.append(self._paired(y))
        chance.swap = {}
        assert ids[0] == ids[1] and self._game(y, ids[1]) == game_id
        states = [world.service.game(game_id).rules for world in self.worlds]
        assert states[0].hands != states[1].hands and states[0].tables == states[1].tables
        assert hidden(states[0]) == hidden(states[1])
        return ids[0], game_id, set(give) | set(take), give[0]

    def _paired(self, world: World) -> TournamentId:
        tournaments = world.wiring.tournaments
        assert tournaments is not None
        closes = world.clock.now() + timedelta(days=2)
        chosen = replace(terms(Format.ROUND_ROBIN, size=2, rounds=0), join_closes=closes)
        tournament_id = tournaments.create(PlayerId("organiser"), chosen, operator=True)
        for player in self.players:
            tournaments.enter(tournament_id, player)
        tournaments.tend()  # full: its one round paired, its game dealt
        world.drain()
        return tournament_id

    @staticmethod
    def _game(world: World, tournament_id: TournamentId) -> GameId:
        assert world.wiring.tournaments is not None
        game = world.wiring.tournaments.tournament(tournament_id).rounds[0].pairings[0].game
        assert game is not None
        return game

    def apart(self, game_id: GameId, swapped: set[Card]) -> bool:
        for world in self.worlds:
            game = world.service.game(game_id)
            state = game.rules
            if game.status != "playing" or state.phase in (Phase.DEALING, Phase.OVER):
                return True
            if state.deal_number != 1 or not swapped <= hidden(state):
                return True
        return False

    def seen(self, tournament_id: TournamentId, game_id: GameId) -> list[list[bytes]]:
        """What a spectator is answered in each twin."""
        paths = (f"/watch/{game_id}", f"/watch/{game_id}/view", f"/tournaments/{tournament_id}")
        answers = []
        for client in self.clients:
            one = []
            for path in paths:
                answer = client.get(path)
                assert answer.status_code == 200, (path, answer.status_code)
                headers = sorted((k, v) for k, v in answer.headers.items() if k.lower() != "date")
                one.append(json.dumps([path, headers]).encode() + answer.data)
            answers.append(one)
        return answers

    def move(self, game_id: GameId, swapped: set[Card]) -> None:
        """A move legal in both twins naming no swapped card, or a resignation if none is."""
        games = [world.service.game(game_id) for world in self.worlds]
        seat = games[0].rules.to_act
        assert seat is not None
        player = games[0].players[seat]
        assert player is not None
        legal = [legal_actions(game.rules, seat) for game in games]
        common = [a for a in legal[0] if a in legal[1] and not played_cards(a) & swapped]
        for world in self.worlds:
            if not common:
                world.service.resign(game_id, player)
            else:
                preferred = greedy_bot(view_for(games[0].rules, seat), random.Random(0))
                action = preferred if preferred in common else common[0]
                world.service.act(game_id, player, action, games[0].version)
            world.drain()

    def close(self, game_id: GameId, player: PlayerId) -> None:
        """The game resigned if still running, its tournament finished: the players free."""
        for world in self.worlds:
            if world.service.game(game_id).status == "playing":
                world.service.resign(game_id, player)
            assert world.wiring.tournaments is not None
            world.wiring.tournaments.tend()
            world.drain()


def test_what_a_spectator_sees_does_not_depend_on_hidden_cards(twins: Twins) -> None:
    worlds, _, opponents = twins
    players = (opponents[0], opponents[1])
    steps = compared = 0
    for number in range(PAIRS):
        for world in worlds:
            world.clock.advance(hours=2)
        pair = Spectated(worlds, players, number)
        tournament_id, game_id, swapped, marker = pair.open()
        spellings = {card_text(marker), card_text(marker, symbols=True)}
        while not pair.apart(game_id, swapped):
            x, y = pair.seen(tournament_id, game_id)
            assert x == y, f"a spectator was answered differently after {steps} moves"
            for one in x:
                text = one.decode("utf-8", errors="replace")
                named = {found.upper() for found in CARD_TEXT.findall(text)}
                assert not named & spellings, f"the marker {marker} was named"
            compared += len(x)
            pair.move(game_id, swapped)
            steps += 1
        pair.close(game_id, players[0])
    assert steps > PAIRS and compared > 3 * PAIRS, (steps, compared)
    name = worlds[0].wiring.engine.dialect.name
    print(f"\n{name}: {PAIRS} spectated pairs, {steps} moves, {compared} answers compared")
