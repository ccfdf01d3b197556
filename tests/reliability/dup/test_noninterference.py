"""Hidden information as non-interference: pairs of games that differ only in cards player A
cannot see give A byte-identical outputs on every channel.

For each pair, twin services (``twins.py``) open the same game; the second twin's deck has one
to three cards of the opponent's hand swapped with cards of the stock, so the opponent holds
other cards and the stock hides other cards, while everything public is the same.  A plays on
their own channel — Ana on Telegram (buttons and typed commands, pictures on for some pairs),
Ben by email replies, Cleo on the web page and the API — with the greedy bot's choice from A's
view, and now and then a command naming a swapped card, a submission on an old version, a move
out of turn, a look at the hand.  The opponent, a web player, makes moves that are legal in both
twins and name no swapped card.  After every step everything A received in each twin — Telegram
messages, buttons, answers to presses and picture bytes, mails as composed (headers and bodies),
A's page, the API's view of the game and A's game list, the answers to A's own submissions with
their tokens — must be the same bytes.  The pair ends when the twins part in public: a swapped
card is turned up or played, or the deal ends (the hands are shown).

A marker card — one of the swapped cards, hidden in both twins — is also looked for in every text
A received.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re

from adapters.telegram.callbacks import decode
from adapters.telegram.callbacks import move as move_press
from adapters.web.security import CSRF_FIELD
from service.bots.policies import greedy_bot
from service.game.events import GameId, PlayerId
from service.language.notation import card_text
from service.rules.actions import PlayerAction
from service.rules.cards import Card, CardSet
from service.rules.errors import IllegalAction
from service.rules.legal import legal_actions
from service.rules.seats import Phase
from service.rules.view import view_for
from service.words.prompts import action_text
from tests.reliability.dup.twins import (
    CSRF_VALUE,
    Outputs,
    TwinChance,
    Twins,
    Who,
    client_for,
    hidden_cards,
)
from tests.reliability.dup.world import World, reply_to
from tests.telegram.fake_api import FakeTelegram, Person

PAIRS = int(os.environ.get("CONQUIAN_TWIN_PAIRS", "300"))
PG_PAIRS = int(os.environ.get("CONQUIAN_TWIN_PAIRS_POSTGRESQL", "30"))
"""PostgreSQL adds nothing a player sees; ``make duplicates`` runs as many pairs on it."""
STEPS = int(os.environ.get("CONQUIAN_TWIN_STEPS", "5"))
A_TALK = ("say Good luck, and have fun!", "gg", "offer adjourn", "withdraw", "decline", "mute")
OPPONENT_TALK = ("say Hello there!", "thanks", "offer draw", "decline", "withdraw", "away")
"""Talk that keeps the game going (no acceptance): a draw would end the pair early."""
"""Steps compared per pair at most; ``make duplicates`` compares each pair until the twins part
(about 17 steps on average)."""
CARD_TEXT = re.compile(r"(?<![0-9A-Za-z_\-/=.])[0-9AJQK]{1,2}[CDHS♣♦♥♠](?![0-9A-Za-z_\-/=.])")
TOKENS = re.compile(r"[A-Za-z0-9_\-.=]{20,}")
PNG = re.compile(rb"\x89PNG.*?IEND\xaeB`\x82", re.DOTALL)


class Pair:
    """The two twins, stepped together; A's outputs compared after each step."""

    def __init__(
        self, worlds: tuple[World, World], who: Who, opponent: PlayerId, number: int
    ) -> None:
        self.number = number
        self.rng = random.Random(number)
        self.worlds = worlds
        self.who = who
        self.opponent = opponent
        self.outputs = tuple(Outputs(world, who, client_for(world)) for world in worlds)
        for outputs in self.outputs:
            outputs.skip()  # what earlier pairs were sent
        self.steps = 0
        self.compared = 0
        self.mails = 0

    @property
    def x(self) -> World:
        return self.worlds[0]

    def both(self, step: object) -> None:
        """Run ``step(world, outputs)`` in each twin, in turn."""
        for world, outputs in zip(self.worlds, self.outputs, strict=True):
            step(world, outputs)  # type: ignore[operator]
            world.drain()

    def skip_outputs(self) -> None:
        for outputs in self.outputs:
            outputs.skip()


def played_cards(action: PlayerAction) -> set[Card]:
    named: set[Card] = set()
    for value in action.values().values():
        if isinstance(value, Card):
            named.add(value)
        elif isinstance(value, CardSet):
            named |= set(value)
    return named


class NonInterference:
    def __init__(self, worlds: tuple[World, World], cast: list[Who], opponents: list[PlayerId]):
        self.worlds = worlds
        self.cast = cast
        self.opponents = opponents
        self.compared = 0
        self.steps = 0
        self.markers_scanned = 0
        self.pictures = 0
        self.talked = 0

    def run_pair(self, number: int) -> None:
        who = self.cast[number % len(self.cast)]
        opponent = self.opponents[number % len(self.opponents)]
        pair = Pair(self.worlds, who, opponent, number)
        pictures = who.telegram is not None and number % 2 == 0
        for world in self.worlds:
            world.telegram.channel.records.set_pictures(who.player, pictures)
            # The last step of the previous pair may have differed (that is where the twins
            # parted): its traces must not reach this pair — the mail channel's hourly limit on
            # error answers, the fake servers' ids.
            world.clock.advance(hours=2)
            align(world.fake, 100_000 * (number + 1), self.cast[0].telegram)
        game_id = self.open(pair)
        swapped, marker, b_seat = self.swap(pair, game_id)
        self.join(pair, game_id)
        self.check_swap(pair, game_id, b_seat, swapped)
        scanned: list[bytes] = []
        while not self.apart(game_id, b_seat, swapped):
            outputs = [o.take(game_id) for o in pair.outputs]
            assert outputs[0] == outputs[1], self.difference(outputs, game_id, pair.who)
            scanned += outputs[0]
            pair.compared += len(outputs[0])
            if pair.steps == STEPS > 0:
                break
            self.step(pair, game_id, b_seat, swapped, marker)
            pair.steps += 1
        pair.skip_outputs()
        self.scan(scanned, marker)
        self.compared += pair.compared
        self.steps += pair.steps
        self.pictures += sum(one.count(b"\x89PNG") for one in scanned)
        for world in self.worlds:  # the game is left as it is: resign to free the players
            game = world.service.game(game_id)
            if game.status == "playing":
                world.service.resign(game_id, pair.opponent)
            world.drain()
        pair.skip_outputs()

    # -- the pair's game ------------------------------------------------------------------------

    def open(self, pair: Pair) -> GameId:
        ids = [world.service.open_game(pair.who.player) for world in self.worlds]
        assert ids[0] == ids[1]
        return ids[0]

    def swap(self, pair: Pair, game_id: GameId) -> tuple[set[Card], Card, int]:
        """Join in the first twin; choose the opponent's cards and stock cards to swap in the
        second twin's deck (before it deals).  The swapped cards, the marker among them (in the
        opponent's hand in the first twin), and the opponent's seat."""
        x = self.worlds[0]
        invitation = x.service.game(game_id).invitation
        x.service.join(invitation, pair.opponent)
        x.drain()
        game = x.service.game(game_id)
        b_seat = game.seat_of(pair.opponent)
        assert b_seat is not None
        state = game.rules
        hand = sorted(CardSet(state.hands[b_seat]))
        stock = list(state.deck[state.next_stock :])
        k = pair.rng.choice((1, 2, 3))
        give, take = pair.rng.sample(hand, k), pair.rng.sample(stock, k)
        chance = self.worlds[1].chance
        assert isinstance(chance, TwinChance)
        chance.swap = {**dict(zip(give, take, strict=True)), **dict(zip(take, give, strict=True))}
        return set(give) | set(take), give[0], int(b_seat)

    def join(self, pair: Pair, game_id: GameId) -> None:
        y = self.worlds[1]
        y.service.join(y.service.game(game_id).invitation, pair.opponent)
        y.drain()
        chance = y.chance
        assert isinstance(chance, TwinChance)
        chance.swap = {}

    def check_swap(self, pair: Pair, game_id: GameId, b_seat: int, swapped: set[Card]) -> None:
        """The twins hold what the construction says: the same public position, other cards."""
        x, y = (world.service.game(game_id).rules for world in self.worlds)
        a_seat = 1 - b_seat
        assert x.hands[a_seat] == y.hands[a_seat] and x.tables == y.tables and x.center == y.center
        assert x.hands[b_seat] != y.hands[b_seat]
        assert hidden_cards(x, b_seat) == hidden_cards(y, b_seat)
        assert swapped <= hidden_cards(x, b_seat)

    def apart(self, game_id: GameId, b_seat: int, swapped: set[Card]) -> bool:
        """Whether the twins have parted in public (a swapped card shown, the deal over)."""
        for world in self.worlds:
            game = world.service.game(game_id)
            state = game.rules
            if game.status != "playing" or state.phase in (Phase.DEALING, Phase.OVER):
                return True
            if state.deal_number != 1 or not swapped <= hidden_cards(state, b_seat):
                return True
        return False

    # -- one step -------------------------------------------------------------------------------

    def step(
        self, pair: Pair, game_id: GameId, b_seat: int, swapped: set[Card], marker: Card
    ) -> None:
        """A's decision on A's channel, or the opponent's move; then perhaps a look."""
        x = self.worlds[0].service.game(game_id)
        rng = pair.rng
        if x.to_act == pair.who.player:
            view = view_for(x.rules, x.rules.to_act)  # type: ignore[arg-type]
            if rng.random() < 0.3:
                self.probe(pair, game_id, x.version, swapped - {marker})
            action = greedy_bot(view, rng) if rng.random() < 0.7 else rng.choice(view.legal_actions)
            self.act(pair, game_id, x.version, action_text(action), action)
        else:
            if rng.random() < 0.15:  # out of turn, or a look at the hand
                self.act(pair, game_id, x.version, rng.choice(("pass", "hand")), None)
            self.opponent_moves(pair, game_id, b_seat, swapped)
        if rng.random() < 0.3:
            self.talk(pair, game_id)
        self.look(pair, game_id)

    def talk(self, pair: Pair, game_id: GameId) -> None:
        """Talk at the table (issue 20): A writes or answers on A's channel, or the opponent
        writes, offers or answers; the same words in both twins, so A's outputs stay equal."""
        rng = pair.rng
        self.talked += 1
        if rng.random() < 0.5:
            version = self.worlds[0].service.game(game_id).version
            self.act(pair, game_id, version, rng.choice(A_TALK), None)
            return
        line = rng.choice(OPPONENT_TALK)
        for world in self.worlds:
            with contextlib.suppress(IllegalAction):  # refused alike in both twins
                world.service.act(game_id, pair.opponent, line)
            world.drain()

    def act(
        self, pair: Pair, game_id: GameId, version: int, command: str, action: PlayerAction | None
    ) -> None:
        """A's command on A's channel (a button press when there is one for it)."""
        who = pair.who
        press = who.telegram is not None and action is not None and pair.rng.random() < 0.6
        by_api = pair.rng.random() < 0.5  # for a web player: the API rather than the page's form
        token = self.token(pair)
        pair.mails += 1
        mail_id = f"<{who.name.lower()}-{pair.number}-{pair.mails}@example.org>"

        def on(world: World, outputs: Outputs) -> None:
            if who.telegram is not None:
                if press:
                    assert action is not None
                    data = move_press(game_id, version, action).encode()
                    chat = world.fake.chat(who.telegram.id)
                    message = [m for m in chat if m.buttons()][-1]
                    world.fake.press(who.telegram, message, data)
                else:
                    world.fake.send(who.telegram, command)
                assert world.telegram_round() >= 1
            elif who.email is not None:
                mail = world.mailbag.to(who.email)[-1]
                raw = reply_to(mail, command, mail_id, at=world.clock.now())
                world.receive_mail(raw, str(mail.message["Reply-To"]))
                world.email_round()
            elif by_api:
                body = {"command": command, "expected_version": version}
                outputs.web("POST", f"/api/v1/games/{game_id}/moves", json=body, headers=token)
            else:
                page = world.web.capabilities.page_url(game_id, who.player)
                path = "/" + page.split("/", 3)[3]
                fields = {"command": command, "version": str(version), CSRF_FIELD: _csrf(world)}
                outputs.web("POST", path, data=fields)

        pair.both(on)

    def probe(self, pair: Pair, game_id: GameId, version: int, probes: set[Card]) -> None:
        """A command naming a swapped card, or a move on an older version."""
        if probes and pair.rng.random() < 0.6:
            named = card_text(pair.rng.choice(sorted(probes)))
            command = pair.rng.choice((f"discard {named}", f"take {named} discard {named}"))
            self.act(pair, game_id, version, command, None)
        else:
            token = self.token(pair)
            body = {"command": "pass", "expected_version": max(1, version - 1)}
            pair.both(
                lambda world, outputs: outputs.web(
                    "POST", f"/api/v1/games/{game_id}/moves", json=body, headers=token
                )
            )

    def opponent_moves(self, pair: Pair, game_id: GameId, b_seat: int, swapped: set[Card]) -> None:
        """A move legal in both twins that names no swapped card (the greedy one if it is)."""
        states = [world.service.game(game_id).rules for world in self.worlds]
        seat = states[0].to_act
        if seat is None or seat.number - 1 != b_seat:
            return
        legal = [legal_actions(state, seat) for state in states]
        common = [a for a in legal[0] if a in legal[1] and not played_cards(a) & swapped]
        if not common:
            for world in self.worlds:
                world.service.resign(game_id, pair.opponent)
                world.drain()
            return
        preferred = greedy_bot(view_for(states[0], seat), pair.rng)
        action = preferred if preferred in common else pair.rng.choice(common)
        version = self.worlds[0].service.game(game_id).version
        for world in self.worlds:
            world.service.act(game_id, pair.opponent, action, version)
            world.drain()

    def look(self, pair: Pair, game_id: GameId) -> None:
        """A opens their page and asks the API for the game; now and then for their list of
        games, the running game's log and replay (refused), and on Telegram the card chooser."""
        token = self.token(pair)
        rng = pair.rng
        listing, chooser = rng.random() < 0.2, rng.random() < 0.3

        def on(world: World, outputs: Outputs) -> None:
            page = world.web.capabilities.page_url(game_id, pair.who.player)
            outputs.web("GET", "/" + page.split("/", 3)[3])
            outputs.web("GET", f"/api/v1/games/{game_id}", headers=token)
            if listing:
                outputs.web("GET", "/api/v1/games", headers=token)
                outputs.web("GET", f"/api/v1/games/{game_id}/log", headers=token)
                outputs.web("GET", f"/games/{game_id}/replay")
            if chooser and pair.who.telegram is not None:
                self.choose(world, pair.who.telegram)

        if rng.random() < 0.5:
            pair.both(on)

    def choose(self, world: World, person: Person) -> None:
        """Press the first card-choosing button of A's turn message (the chooser is drawn from
        A's view, in the buttons' own data)."""
        with_buttons = [m for m in world.fake.chat(person.id) if m.buttons()]
        if not with_buttons:
            return
        message = with_buttons[-1]
        for button in message.buttons():
            press = decode(button.get("callback_data", ""))
            if press is not None and press.kind == "select":
                world.fake.press(person, message, button["callback_data"])
                world.telegram_round()
                return

    def token(self, pair: Pair) -> dict[str, str]:
        tokens = {w.web.capabilities.player_token(pair.who.player) for w in self.worlds}
        assert len(tokens) == 1, "the twins sign A's token differently"
        return {"Authorization": f"Bearer {tokens.pop()}"}

    # -- the checks -----------------------------------------------------------------------------

    def difference(self, outputs: list[list[bytes]], game_id: GameId, who: Who) -> str:
        """The first output that differs, and whether A's views differ too (a leak in the
        rules' view) or only what was made of them (a leak in a channel)."""
        games = [world.service.game(game_id) for world in self.worlds]
        seat = games[0].seat_of(who.player)
        assert seat is not None
        views = [view_for(game.rules, seat) for game in games]
        same = "equal" if views[0] == views[1] else "different"
        return f"A's views are {same}; " + self._first_difference(outputs)

    def _first_difference(self, outputs: list[list[bytes]]) -> str:
        x, y = outputs
        for one, other in zip(x, y, strict=False):
            if one != other:
                at = next(
                    (i for i, (a, b) in enumerate(zip(one, other, strict=False)) if a != b),
                    min(len(one), len(other)),
                )
                around = slice(max(0, at - 600), at + 600)  # where they part, not the headers
                return (
                    f"A received different bytes from byte {at} on:\n"
                    f"{one[around]!r}\n{other[around]!r}"
                )
        return f"A received {len(x)} outputs in one twin and {len(y)} in the other"

    def scan(self, outputs: list[bytes], marker: Card) -> None:
        """No text A received names the marker card (pictures, tokens and links left out: they
        are compared as bytes, and random-looking text may contain anything)."""
        spellings = {card_text(marker), card_text(marker, symbols=True)}
        for one in outputs:
            text = TOKENS.sub(" ", PNG.sub(b" ", one).decode("utf-8", errors="replace"))
            named = {found.upper() for found in CARD_TEXT.findall(text)}
            assert not named & spellings, f"the marker {marker} was named: {text[:2000]}"
            self.markers_scanned += 1


def align(fake: FakeTelegram, first: int, person: Person | None) -> None:
    """Let the fake Bot API hand out ids from ``first`` on: update ids, callback query ids and
    the ids of messages in ``person``'s chat.  Telegram never repeats them, and the twins' fake
    servers must agree on them for the bytes to."""
    fake._update_ids = itertools.count(first)
    fake._ids = itertools.count(first)
    if person is not None:
        fake._message_ids[person.id] = itertools.count(first)


def _csrf(world: World) -> str:
    """The form token that belongs to the CSRF cookie the twins' clients send."""
    return world.web.capabilities.mac("csrf|" + CSRF_VALUE)


def test_what_a_player_receives_does_not_depend_on_cards_they_cannot_see(twins: Twins) -> None:
    worlds, cast, opponents = twins
    check = NonInterference(worlds, cast, opponents)
    pairs = PAIRS if worlds[0].wiring.engine.dialect.name == "sqlite" else PG_PAIRS

    for number in range(pairs):
        check.run_pair(number)

    assert check.steps > pairs and check.compared > 5 * pairs, (check.steps, check.compared)
    assert check.talked > pairs / 10, check.talked
    print(
        f"\n{worlds[0].wiring.engine.dialect.name}: {pairs} pairs, {check.steps} steps, {check.compared} outputs compared, "
        f"{check.pictures} pictures, {check.talked} talks, {check.markers_scanned} scanned for the marker"
    )
