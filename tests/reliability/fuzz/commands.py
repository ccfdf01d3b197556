"""The text command surface: ``parse_command`` and ``GameService.act`` with whatever a player types.

A case is a position (one of a few games at different stages and variants, one past its
deadline), who types (the player to act, the other player, a stranger), the text and the version
sent with it.  The parser must return a command or refuse with an ``IllegalAction`` whose message
renders; the service must answer with an ``Outcome`` or an ``IllegalAction`` — and a refusal must
leave the log and the player's settings as they were.  A command that did change something (a
move, a setting, a vacation) has its position rebuilt, so every case starts from a known state.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from hypothesis import strategies as st

from service.app.games import GameService
from service.game.events import GameId, PlayerId
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.rules.errors import IllegalAction
from service.rules.legal import legal_actions
from service.rules.variants import DEFAULT, Variant
from service.rules.view import view_for
from service.words.grammar import parse_command
from service.words.refusals import refusal_text
from tests.reliability.fuzz.inputs import EXAMPLES, LARGE, hostile_text, large_texts


@dataclass(frozen=True)
class Position:
    seed: int
    moves: int
    variant: Variant = DEFAULT
    overdue: bool = False
    """The clock stands two days on: the player to act has missed their deadline."""


POSITIONS = (
    Position(1, 0),
    Position(2, 3),
    Position(3, 9, overdue=True),
    Position(4, 14),
    Position(5, 6, DEFAULT.with_flags({"deck_faces": "spanish"})),
    Position(6, 5, DEFAULT.with_flags({"forcing": "disabled"}), overdue=True),
    Position(7, 400),  # played to its end
)


@dataclass
class Table:
    """A live position: its service on in-memory ports, the game, its players and a stranger."""

    service: GameService
    game_id: GameId
    players: tuple[PlayerId, PlayerId, PlayerId]
    directory: InMemoryDirectory = field(repr=False)

    def state(self) -> tuple[int, object, object]:
        """What a refused command must leave as it was: the log, the settings, the vacations."""
        profiles = tuple(self.directory.profiles.values())
        vacations = tuple(map(tuple, self.directory.leaves.values()))
        return len(self.service.store.load(self.game_id)), profiles, vacations


def build(position: Position) -> Table:
    """The position's game: opened, joined, then ``moves`` random legal moves (seeded)."""
    clock, directory = ManualClock(), InMemoryDirectory()
    service = GameService(
        InMemoryEventStore(), clock, SeededChance(position.seed), InMemoryInbox(), directory
    )
    host, guest, stranger = (
        directory.register(name, Address("test", name)) for name in ("Ana", "Ben", "Cy")
    )
    game_id = service.open_game(host, position.variant)
    service.join(service.game(game_id).invitation, guest)
    rng = random.Random(position.seed)
    for _ in range(position.moves):
        game = service.game(game_id)
        if game.status != "playing" or game.rules.to_act is None:
            break
        seat = game.rules.to_act
        clock.advance(minutes=rng.randint(1, 60))
        service.act(game_id, game.players[seat], rng.choice(legal_actions(game.rules, seat)))
    if position.overdue:
        clock.advance(days=2)
    return Table(service, game_id, (host, guest, stranger), directory)


VERSIONS = ("current", "none", "older", 0, -1, 10**12)


class Commands:
    """The surface; ``check`` is one case."""

    name = "text commands"
    examples = EXAMPLES
    cases = st.tuples(
        st.integers(0, len(POSITIONS) - 1),
        st.integers(0, 2),
        hostile_text,
        st.sampled_from(VERSIONS),
    )

    def __init__(self) -> None:
        self.tables = [build(position) for position in POSITIONS]

    def check(self, case: tuple[int, int, str, object]) -> None:
        index, who, text, version = case
        table = self.tables[index]
        service, game_id = table.service, table.game_id
        game = service.game(game_id)
        player = _player(table, who)
        seat = game.seat_of(player)
        faces = game.variant.deck_faces
        if seat is not None:
            try:
                parse_command(text, view_for(game.rules, seat))
            except IllegalAction as error:
                assert refusal_text(error, faces=faces)
        before = table.state()
        try:
            service.act(game_id, player, text, _version(version, game.version))
        except IllegalAction as error:
            assert refusal_text(error, faces=faces)
            assert table.state() == before, f"refused ({error.code}) yet changed: {text!r}"
            return
        if table.state() != before:
            self.tables[index] = build(POSITIONS[index])

    @staticmethod
    def large_cases(rng: random.Random) -> list[tuple[int, int, str, object]]:
        """Every 64 KB text, typed by the player to act at a running and an overdue position."""
        texts = large_texts(rng)
        assert all(len(text) <= LARGE for text in texts)
        return [
            (index, who, text, "current") for index in (1, 2) for who in (0, 1) for text in texts
        ]


def _player(table: Table, who: int) -> PlayerId:
    """0 and 1: the players in seat order, the one to act first where someone is; 2: a stranger."""
    if who == 2:
        return table.players[2]
    game = table.service.game(table.game_id)
    to_act = game.rules.to_act
    first = 0 if to_act is None else to_act.number - 1
    return table.players[first if who == 0 else 1 - first]


def _version(version: object, current: int) -> int | None:
    if version == "current":
        return current
    if version == "none":
        return None
    if version == "older":
        return max(current - 1, 1)
    assert isinstance(version, int)
    return version
