"""Hidden information, end to end through ``GameService``.

No view, list, transcript of a running game, error message or notification meant for one player
contains a card that player may not see: the opponent's hand and the stock (until the deal is
over, when the opponent's hand is shown), and the dead pile unless ``dead_pile_visible``.  A card
may be named in the sentence about the event that showed it (a flip, a refusal, a burial).

Many seeded random games, with random variants, are played through ``GameService.act`` and
``handle`` with the shared command grammar: mostly legal commands, some out of turn, stale,
garbled or naming cards the player does not hold.  After every step everything meant for each
human seat is collected as text and scanned for card spellings.
"""

from __future__ import annotations

import contextlib
import json
import random
import re

import pytest

from service.app.games import GameService, Request
from service.app.outcome import Looked
from service.app.replies import Reply
from service.game.codec import is_rules_event
from service.game.errors import GameNotOver
from service.game.events import DealRevealed, GameId, PlayerId
from service.game.state import Game, fold
from service.game.stored import StoredEvent
from service.language.notation import CardSpellingError, card_text, parse_card
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules.cards import DECK, Card, CardSet, card
from service.rules.errors import IllegalAction
from service.rules.evolve import evolve
from service.rules.melds import table_mask
from service.rules.seats import Phase, Seat
from service.rules.state import GameState, initial_state
from service.rules.variants import DEFAULT, DeckFaces, MatchTerms, Variant, flag_choices
from service.rules.view import PlayerView, view_for
from service.words.grammar import ShowHelp
from service.words.narration import narrate
from service.words.prompts import action_text, help_text, options_text
from service.words.refusals import refusal_text
from tests.fakes import PLAYER_2_DEALS, FixedChance
from tests.positions import STACKED
from tests.reply_fields import fields

GAMES = 24
NORTH, SOUTH = PlayerId("north"), PlayerId("south")
BOTS = (PlayerId("bot:greedy"), PlayerId("bot:random"))
WIN_SCRIPT_COMMANDS = ("take kh kd discard 4h", "take 4c 4s discard 2s", "pass")
"""The start of a deal from tests.positions.STACKED dealt by player 2 (tests/service/given.py)."""
FRENCH = DeckFaces.FRENCH
ENGLISH_WORDS = frozenset({"ad", "ah", "as"})
"""Words of our sentences that are also card spellings (A♦, A♥, A♠), but never in lower case."""
_CARDLIKE = re.compile(r"(?<![0-9A-Za-z])[0-9A-Za-z]{1,2}[A-Za-z♣♦♥♠](?![0-9A-Za-z])")


def cards_in(text: str, faces: DeckFaces, words_too: bool = False) -> set[Card]:
    """Every card spelled in ``text`` as a whole token: ``7H``, ``7♥``, ``12E`` (Spanish), ``jc``."""
    found = set()
    for token in _CARDLIKE.findall(text):
        if token in ENGLISH_WORDS and not words_too:
            continue
        with contextlib.suppress(CardSpellingError):
            found.add(parse_card(token, faces))
    return found


def _rejections(kind: type[IllegalAction] = IllegalAction) -> list[type[IllegalAction]]:
    return [kind, *(sub for one in kind.__subclasses__() for sub in _rejections(one))]


EXAMPLES = {
    (kind.code, faces): sum(
        1 << one for one in cards_in(re.sub(r"\{\w+\}", "", kind.template), faces, words_too=True)
    )
    for kind in _rejections()
    for faces in DeckFaces
}
"""Per rejection code and deck faces, the cards its fixed sentence uses as examples ("discard ks")."""


def visible_to(state: GameState, seat: Seat) -> int:
    """The cards ``seat`` may see in ``state``, as a mask."""
    mask = state.hands[seat] | table_mask(state.tables[0]) | table_mask(state.tables[1])
    if state.center is not None:
        mask |= 1 << state.center
    if state.variant.dead_pile_visible:
        mask |= sum(1 << one for one in state.dead)
    if state.phase in (Phase.DEALING, Phase.OVER) and state.deal_number > 0:
        mask |= state.hands[seat.other]
    return mask


def assert_shows_only(shown: set[Card], allowed: int, what: str) -> None:
    hidden = sorted(one for one in shown if not allowed >> one & 1)
    assert not hidden, f"{what} shows {[str(one) for one in hidden]}"


def random_variant(rng: random.Random) -> Variant:
    flags = {name: rng.choice(values) for name, values in flag_choices().items()}
    return DEFAULT.with_flags({n: v for n, v in flags.items() if rng.random() < 0.35})


class Table:
    """One random game and what each human player has been told so far."""

    def __init__(self, seed: int) -> None:
        self.rng = rng = random.Random(seed)
        self.variant = random_variant(rng)
        self.faces = self.variant.deck_faces
        self.store = InMemoryEventStore(inbox=InMemoryInbox())
        self.service = GameService(self.store, ManualClock(), SeededChance(seed), self.store.inbox)
        opponent = rng.choice((SOUTH, SOUTH, *BOTS))
        self.humans = (NORTH, SOUTH) if opponent == SOUTH else (NORTH,)
        terms = MatchTerms(deals=rng.randint(1, 3))
        self.game_id: GameId = self.service.open_game(NORTH, self.variant, terms)
        self.service.join(self.service.game(self.game_id).invitation, opponent)
        self.log: list[StoredEvent] = []
        self.states: list[GameState] = [initial_state()]
        """The rules state after each seq (index 0: before the first event)."""
        self.notified = 0
        self.help: str | None = None
        self.replies: dict[str, Reply] = {}

    def play(self, steps: int = 500) -> None:
        game = self.check_everyone()
        for _ in range(steps):
            if game.status == "over":
                break
            self.step(game)
            game = self.check_everyone()
        assert game.status == "over"
        assert self.service.transcript(self.game_id) == self.log
        assert self.notified, "every game tells north something (at least that it began)"

    def step(self, game: Game) -> None:
        player = game.to_act
        assert player in self.humans, "bots move by themselves"
        if len(self.humans) == 2 and self.rng.random() < 0.1:
            player = self.humans[1 - self.humans.index(player)]  # out of turn
        seat = game.seat_of(player)
        assert seat is not None
        command = self.command(view_for(game.rules, seat))
        expected = self.rng.choice((None, game.version, game.version, game.version - 1))
        allowed = visible_to(game.rules, seat) | self.named(command)
        if self.rng.random() < 0.3:
            self.deliver(player, command, expected, allowed)
        else:
            self.act(player, seat, command, expected, allowed)
        self.catch_up()
        self.check_events(seat, game.version + 1, len(self.log), f"{player}'s move {command!r}")

    def command(self, view: PlayerView) -> str:
        roll = self.rng.random()
        if view.legal_actions and roll < 0.75:
            return self.respelled(action_text(self.rng.choice(view.legal_actions), self.faces))
        if roll < 0.8:
            return self.rng.choice(("hand", "help", "?"))
        if roll < 0.805:
            return "resign"
        return self.garbage(view)

    def garbage(self, view: PlayerView) -> str:
        def any_card() -> str:
            return card_text(self.rng.choice(DECK), self.faces)

        mine = card_text(self.rng.choice(list(view.hand) or list(DECK)), self.faces)
        return self.rng.choice(
            (
                "",
                "dance",
                "take 9h discard 8s",
                "take",
                "discard",
                "force",
                "no force",
                "pass meld",
                f"take {any_card()} {any_card()} discard {any_card()}",
                f"take {any_card()} discard {mine}",
                f"take {mine} | {any_card()} discard {any_card()}",
                f"discard {any_card()}",
                f"discard {mine} onto {any_card()}",
                f"pass meld {any_card()} {any_card()} {any_card()}",
            )
        )

    def respelled(self, command: str) -> str:
        """The same command in lower case or with suit symbols, now and then."""
        if self.rng.random() < 0.3:
            return command.lower()
        if self.rng.random() < 0.2:
            spelled = {card_text(c, self.faces): card_text(c, self.faces, True) for c in DECK}
            return " ".join(spelled.get(word, word) for word in command.split())
        return command

    def named(self, command: str) -> int:
        named = cards_in(command, self.faces, words_too=True) | cards_in(command, FRENCH, True)
        return sum(1 << one for one in named)

    def act(
        self, player: PlayerId, seat: Seat, command: str, expected: int | None, allowed: int
    ) -> None:
        try:
            outcome = self.service.act(self.game_id, player, command, expected)
        except IllegalAction as error:
            message = refusal_text(error, faces=self.faces)
            allowed |= EXAMPLES[error.code, self.faces]
            assert_shows_only(cards_in(message, self.faces), allowed, f"rejection {message!r}")
            for name, value in error.params.items():
                if isinstance(value, CardSet):
                    shown = set(value)
                elif isinstance(value, Card):
                    shown = {value}
                else:
                    shown = cards_in(str(value), self.faces)
                assert_shows_only(shown, allowed, f"rejection {error.code}'s {name}")
            return
        if isinstance(outcome, Looked) and isinstance(outcome.query, ShowHelp):
            self.check_help(outcome.view)

    def deliver(self, player: PlayerId, command: str, expected: int | None, allowed: int) -> None:
        """Through ``handle``; now and then a message delivered before comes again."""
        if self.replies and self.rng.random() < 0.2:
            key = self.rng.choice(list(self.replies))
            again = self.service.handle("test", key, "", Request(player, self.game_id, "pass"))
            assert again == self.replies[key], "a redelivered message gets its first reply"
            return
        key = str(len(self.replies))
        request = Request(player, self.game_id, command, expected)
        answer = self.service.handle("test", key, command, request)
        self.replies[key] = answer
        reply = fields(answer)
        text = json.dumps(reply, ensure_ascii=False)
        if not reply["ok"]:
            allowed |= EXAMPLES[reply["error"]["code"], FRENCH]
        assert_shows_only(cards_in(text, FRENCH), allowed, f"reply {text}")

    def catch_up(self) -> None:
        self.log = self.store.load(self.game_id)
        for stored in self.log[len(self.states) - 1 :]:
            state = self.states[-1]
            self.states.append(
                evolve(state, stored.event) if is_rules_event(stored.event) else state
            )

    def check_events(self, seat: Seat, first: int, last: int, what: str) -> None:
        """Each event's sentence names only cards the seat could see just before or after it."""
        for stored in self.log[first - 1 : last]:
            if is_rules_event(stored.event):
                before, after = self.states[stored.seq - 1], self.states[stored.seq]
                allowed = visible_to(before, seat) | visible_to(after, seat)
                sentence = narrate(stored.event, self.faces)
                assert_shows_only(cards_in(sentence, self.faces), allowed, f"{what}: {sentence!r}")

    def check_everyone(self) -> Game:
        """Check what each human has been told since the last check; the game as it is now."""
        self.catch_up()
        game = fold(self.log)
        if game.status != "over" and self.rng.random() < 0.25:
            with pytest.raises(GameNotOver):
                self.service.transcript(self.game_id)
        for item in self.store.outbox[self.notified :]:
            note = item.notification
            assert note.player in self.humans
            seat = game.seat_of(note.player)
            assert seat is not None
            self.check_events(seat, note.from_seq, note.to_seq, f"notification {note}")
            told = self.service.notice(note)  # what a channel words: the news, and the view
            in_range = [  # a deal's salt is no news (issue 34): the replay checks it
                one
                for one in self.log[note.from_seq - 1 : note.to_seq]
                if not isinstance(one.event, DealRevealed)
            ]
            assert len(told.news) in (0, len(in_range))  # a reminder has no news
            for sentence, one in zip(told.news, in_range, strict=False):
                before, after = self.states[one.seq - 1], self.states[one.seq]
                allowed = visible_to(before, seat) | visible_to(after, seat)
                assert_shows_only(cards_in(sentence, self.faces), allowed, f"{note}: {sentence!r}")
            self.check_view(told.view, visible_to(game.rules, seat))
        self.notified = len(self.store.outbox)
        for player in self.humans:
            seat = game.seat_of(player)
            assert seat is not None
            allowed = visible_to(game.rules, seat)
            if self.rng.random() < 0.3:
                _, view = self.service.view(self.game_id, player)
            else:  # what service.view returns, without loading the log once more
                view = view_for(game.rules, seat)
            self.check_view(view, allowed)
            for summary in self.service.games_of(player):
                assert_shows_only(cards_in(str(summary), self.faces), allowed, f"{summary}")
        return game

    def check_view(self, view: PlayerView, allowed: int) -> None:
        shown = {*view.hand, *view.dead, *(view.revealed or ())}
        shown |= {one for table in view.tables for combination in table for one in combination}
        shown |= set() if view.center is None else {view.center}
        assert_shows_only(shown, allowed, f"the view of player {view.seat.number}")
        for action in view.legal_actions:
            text = action_text(action, self.faces)
            assert_shows_only(cards_in(text, self.faces), allowed, f"legal action {text!r}")
        options = options_text(view)
        assert_shows_only(cards_in(options, self.faces), allowed, f"options {options!r}")
        self.check_help(view)

    def check_help(self, view: PlayerView) -> None:
        """Help is the same text in every position of a game, so it cannot tell anything."""
        self.help = self.help or help_text(view)
        assert help_text(view) == self.help


@pytest.mark.parametrize("seed", range(GAMES))
def test_nothing_meant_for_a_player_shows_a_card_they_may_not_see(seed: int) -> None:
    Table(seed).play()


HIDDEN_CARD_COMMANDS = (
    "take {x} discard 7d",
    "take ac 2c {x} discard 7d",
    "take discard {x}",
    "take ac 2c 3c discard {x}",
    "take {x} | ac 2c 3c discard 7d",
    "discard {x}",
    "discard 7d onto {x}",
    "pass meld {x} ac 2c",
)


@pytest.mark.parametrize("template", HIDDEN_CARD_COMMANDS)
def test_naming_a_hidden_card_gets_the_same_answer_wherever_that_card_is(template: str) -> None:
    """A rejection must not tell a hand card from a stock or dead card (no guessing by probing)."""
    store = InMemoryEventStore()
    chance = FixedChance(decks=[STACKED], randoms=[PLAYER_2_DEALS])
    service = GameService(store, ManualClock(), chance)
    game_id = service.open_game(NORTH)
    service.join(service.game(game_id).invitation, SOUTH)
    for player, command in zip((NORTH, SOUTH, NORTH), WIN_SCRIPT_COMMANDS, strict=True):
        service.act(game_id, player, command)  # 2S is dead; north decides on QH, turned up
    state = service.game(game_id).rules
    hidden = [one for one in DECK if not visible_to(state, Seat.FIRST) >> one & 1]
    assert card("2S") in state.dead and len(hidden) == 7 + 18 + 1  # south's hand, the stock, 2S

    answers = set()
    for one in hidden:
        try:
            service.act(game_id, NORTH, template.format(x=card_text(one)))
        except IllegalAction as error:
            params = {k: "X" if str(v) == str(one) else str(v) for k, v in error.params.items()}
            answers.add((error.code, tuple(sorted(params.items()))))
        else:
            raise AssertionError(f"{template.format(x=one)} was played")
    assert len(answers) == 1, answers


def test_the_card_scanner_finds_every_spelling_as_a_whole_token() -> None:
    spanish = DeckFaces.SPANISH
    assert cards_in("Player 1 turns up 7H as the upcard.", FRENCH) == {parse_card("7H")}
    assert cards_in("[5♣ 5D] took jc, Q♠ and 1h", FRENCH) == {
        parse_card(word) for word in ("5C", "5D", "JC", "QS", "AH")
    }
    assert cards_in("12E 7C 10♦", spanish) == {
        parse_card(word, spanish) for word in ("12E", "7C", "10O")
    }
    assert cards_in("as", FRENCH, words_too=True) == {parse_card("AS")}


def test_the_card_scanner_ignores_words_ids_and_missing_ranks() -> None:
    text = (
        "Player 2's table: (nothing) · stake ×2 · there are no 8s, 9s or 10s · as you pass · "
        "game 7d3c9a0e5b1f2a4c · bot:greedy · the match is over"
    )
    assert cards_in(text, FRENCH) == set()
    assert cards_in(text, DeckFaces.SPANISH) == set()
