"""``GameService``: one method per use case, each *load → fold → decide → append* with the version
it loaded, so two writers racing on one game never both succeed.

Steps nobody decides — dealing the next deal with its commitment, revealing a finished deal's
salt, a bot's move — are appended together with the move that caused them.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from contextlib import suppress
from dataclasses import dataclass

from .bots import Policy, greedy_bot, random_bot
from .codec import LogEvent, is_rules_event
from .commands import Query, ShowHand, ShowHelp, parse_command
from .errors import (
    GameNotOver,
    GameNotStarted,
    InvitationUsed,
    NoRematchOffered,
    NoSuchGame,
    NotAPlayer,
    OwnInvitation,
    RematchNotYet,
    StaleVersion,
    UnknownInvitation,
)
from .fairness import commitment
from .game import Game, apply_all, fold
from .game_events import (
    DealCommitted,
    DealRevealed,
    GameId,
    GameOpened,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TimeControl,
)
from .ports import (
    Chance,
    Clock,
    ConcurrencyError,
    EventStore,
    GameSummary,
    Inbox,
    InboxReply,
    Notification,
    StoredEvent,
)
from .rules.actions import PlayerAction, Resign, StartDeal, StartMatch
from .rules.decide import cuts_from, decide
from .rules.errors import IllegalAction
from .rules.events import Event
from .rules.evolve import replay
from .rules.seats import Phase, Seat
from .rules.variants import DEFAULT, FirstDealer, MatchTerms, Variant
from .rules.view import PlayerView, view_for

BOTS: dict[str, Policy] = {"bot:greedy": greedy_bot, "bot:random": random_bot}
"""Players the service moves for itself: ``PlayerId("bot:greedy")`` can be invited like anyone."""
_RETRIES = 5
_REMEMBERED_GAMES = 4096


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a player's command did: the game after it and the events it appended (none for a query)."""

    game: Game
    player: PlayerId
    appended: tuple[StoredEvent, ...] = ()
    query: Query | None = None

    @property
    def view(self) -> PlayerView:
        seat = self.game.seat_of(self.player)
        assert seat is not None
        return view_for(self.game.rules, seat)


@dataclass(frozen=True, slots=True)
class Request:
    """What a channel made of an inbound message: who, which game, the command, the version seen."""

    player: PlayerId
    game_id: GameId
    command: str
    expected_version: int | None = None


class GameService:
    def __init__(self, store: EventStore, clock: Clock, chance: Chance, inbox: Inbox | None = None):
        self.store = store
        self.clock = clock
        self.chance = chance
        self.inbox = inbox
        self._games: dict[GameId, Game] = {}
        self._games_lock = threading.Lock()

    # -- use cases --------------------------------------------------------------------------

    def open_game(
        self,
        host: PlayerId,
        variant: Variant = DEFAULT,
        terms: MatchTerms | None = None,
        time_control: TimeControl | None = None,
        opponent: PlayerId | None = None,
    ) -> GameId:
        """Open a game hosted by ``host``; with a bot ``opponent`` it starts at once."""
        game_id = self._open(host, variant, terms, time_control, None)
        if opponent is not None:
            self.join(self.game(game_id).invitation, opponent)
        return game_id

    def join(self, invitation: str, player: PlayerId) -> GameId:
        """Take the free seat of the game this invitation belongs to; the match begins."""
        game_id = self.store.game_by_invitation(invitation)
        if game_id is None:
            raise UnknownInvitation()
        game = self.game(game_id)
        if game.host == player:
            raise OwnInvitation()
        if game.status != "open":
            raise InvitationUsed()
        events: list[LogEvent] = [PlayerJoined(player, Seat.SECOND)]
        events += decide(game.rules, self._start_match(game))
        try:
            self._append(game, self._follow_ups(game, events), actor=player)
        except ConcurrencyError:
            raise InvitationUsed() from None  # someone else joined first
        return game_id

    def act(
        self,
        game_id: GameId,
        player: PlayerId,
        command: str | PlayerAction,
        expected_version: int | None = None,
        inbox_key: tuple[str, str] | None = None,
    ) -> Outcome:
        """A move or a query by ``player``, as text in the shared grammar or as an action.

        With ``expected_version`` (the version the player was shown) a move on a position that has
        changed since is refused as stale.  Without it, a lost race is retried on the new position.

        A move on a game this process knows is first decided on the game as last seen, without
        reading the log: the append's version check then proves that game current, since the log
        only grows.  Anything else — a look (never stale), a refusal, a lost race, a version the
        process has not seen — is answered on the log as it stands, so every answer rests on the
        current log, as if it had been read first.
        """
        known = self._games.get(game_id)
        if known is not None and expected_version in (None, known.version):
            try:
                parsed = self._parse(known, player, command)
                if not isinstance(parsed, ShowHand | ShowHelp):
                    return self._play(known, player, parsed, inbox_key)
            except (IllegalAction, ConcurrencyError):
                pass  # perhaps refused only because this process is behind: read the log
        for _ in range(_RETRIES):
            game = self.game(game_id)
            parsed = self._parse(game, player, command)
            if isinstance(parsed, ShowHand | ShowHelp):
                return Outcome(game, player, query=parsed)  # a look is never stale
            if expected_version is not None and expected_version != game.version:
                raise StaleVersion(seen=expected_version, current=game.version)
            try:
                return self._play(game, player, parsed, inbox_key)
            except ConcurrencyError:
                if expected_version is not None:
                    raise StaleVersion(seen=expected_version, current=game.version + 1) from None
        raise StaleVersion(seen=game.version, current=game.version + 1)

    def _parse(
        self, game: Game, player: PlayerId, command: str | PlayerAction
    ) -> PlayerAction | Query:
        seat = self._seat(game, player)
        if isinstance(command, str):
            return parse_command(command, view_for(game.rules, seat))
        return command

    def _play(
        self,
        game: Game,
        player: PlayerId,
        action: PlayerAction,
        inbox_key: tuple[str, str] | None,
    ) -> Outcome:
        """Decide ``action`` on ``game`` and append what follows under its version."""
        events = self._follow_ups(game, decide(game.rules, action))
        reply = None
        if inbox_key is not None:
            moved = _moved(game.id, game.version + 1, game.version + len(events))
            reply = InboxReply(inbox_key[0], inbox_key[1], json.dumps(moved))
        after, stored = self._append(game, events, actor=player, inbox_reply=reply)
        return Outcome(after, player, tuple(stored))

    def resign(self, game_id: GameId, player: PlayerId) -> Outcome:
        seat = self._seat(self.game(game_id), player)
        return self.act(game_id, player, Resign(seat))

    def offer_rematch(self, game_id: GameId, player: PlayerId) -> GameId | None:
        """Offer a new game with the same settings; a bot, or an earlier offer, accepts at once."""
        game = self.game(game_id)
        seat = self._seat(game, player)
        if game.status != "over":
            raise RematchNotYet()
        if game.rematch is not None:
            return self._start_rematch(game)
        opponent = game.players[seat.other]
        assert opponent is not None
        if game.rematch_offer == opponent:
            return self._accept(game, player)
        if game.rematch_offer != player:
            game, _ = self._append(game, [RematchOffered(player)], actor=player)
        return self._accept(game, opponent) if opponent in BOTS else None

    def accept_rematch(self, game_id: GameId, player: PlayerId) -> GameId:
        game = self.game(game_id)
        self._seat(game, player)
        if game.rematch is not None:
            return self._start_rematch(game)
        if game.rematch_offer is None or game.rematch_offer == player:
            raise NoRematchOffered()
        return self._accept(game, player)

    def handle(self, source: str, key: str, payload: str, request: Request) -> dict[str, object]:
        """An inbound message, handled once however often it is delivered; the same reply each time.

        The message is stored first; its reply is stored in the same transaction as the events
        the move appends (or on its own for a query or a rejected move).
        """
        assert self.inbox is not None, "handle() needs an inbox"
        entry = self.inbox.receive(source, key, payload, self.clock.now())
        if entry.reply is not None:
            answer: dict[str, object] = json.loads(entry.reply)
            return answer
        try:
            outcome = self.act(
                request.game_id,
                request.player,
                request.command,
                request.expected_version,
                inbox_key=(source, key),
            )
        except IllegalAction as error:
            return self._answer(source, key, _rejected(request.game_id, error))
        if outcome.query is not None:
            return self._answer(source, key, _query_reply(outcome))
        return _moved(request.game_id, outcome.appended[0].seq, outcome.appended[-1].seq)

    def _answer(self, source: str, key: str, answer: dict[str, object]) -> dict[str, object]:
        """Store ``answer`` unless another delivery of the message was answered first; the stored
        answer either way (a duplicate that lost the race to move hears what the winner heard)."""
        assert self.inbox is not None
        stored: dict[str, object] = json.loads(self.inbox.complete(source, key, json.dumps(answer)))
        return stored

    # -- reading ----------------------------------------------------------------------------

    def game(self, game_id: GameId) -> Game:
        """The game as its log stands now.

        Folded games are kept (a bounded number), so each call reads and folds only the events
        appended since — by any process, so the log stays the only truth.
        """
        known = self._games.get(game_id)
        newer = self.store.load(game_id, after=0 if known is None else known.version)
        if known is None:
            if not newer:
                raise NoSuchGame()
            return self._remember(fold(newer))
        return self._remember(apply_all(known, newer) if newer else known)

    def _remember(self, game: Game) -> Game:
        with self._games_lock:
            known = self._games.pop(game.id, None)
            if known is not None and known.version > game.version:
                game = known
            elif len(self._games) >= _REMEMBERED_GAMES:
                del self._games[next(iter(self._games))]  # the least recently used
            self._games[game.id] = game
        return game

    def view(self, game_id: GameId, player: PlayerId) -> tuple[Game, PlayerView]:
        """The game as ``player`` may see it, with the version to send back with a move."""
        game = self.game(game_id)
        return game, view_for(game.rules, self._seat(game, player))

    def games_of(self, player: PlayerId) -> list[GameSummary]:
        return self.store.summaries(player)

    def transcript(self, game_id: GameId, operator: bool = False) -> list[StoredEvent]:
        """The whole log of a finished game; a running game's log holds hidden cards."""
        stored = self.store.load(game_id)
        if fold(stored).status != "over" and not operator:
            raise GameNotOver()
        return stored

    # -- the steps ----------------------------------------------------------------------------

    def _open(
        self,
        host: PlayerId,
        variant: Variant,
        terms: MatchTerms | None,
        time_control: TimeControl | None,
        rematch_of: GameId | None,
        game_id: GameId | None = None,
    ) -> GameId:
        game_id = game_id or GameId(self.chance.token())
        opened = GameOpened(
            game_id,
            host,
            variant,
            terms or MatchTerms.default_for(variant),
            time_control or TimeControl(),
            self.chance.token(),
            rematch_of,
        )
        now = self.clock.now()
        summary = GameSummary(game_id, (host, None), "open", None, now, 1, opened.invitation)
        self.store.append(game_id, 0, [opened], now, summary)
        return game_id

    def _accept(self, game: Game, player: PlayerId) -> GameId:
        """Record the acceptance (once, under the version), then start the new game."""
        try:
            game, _ = self._append(
                game, [RematchAccepted(player, GameId(self.chance.token()))], player
            )
        except ConcurrencyError:
            game = self.game(game.id)  # accepted by a racing request; start what it recorded
        return self._start_rematch(game)

    def _start_rematch(self, game: Game) -> GameId:
        """Open and join the recorded rematch unless that is done already.

        Idempotent, so a crash between recording the acceptance and starting the game is
        repaired by the next offer or acceptance instead of leaving a game that never starts.
        """
        assert game.rematch is not None
        offerer = game.rematch_offer or game.host
        accepter = game.players[1] if game.players[0] == offerer else game.players[0]
        assert accepter is not None
        if not self.store.load(game.rematch):
            with suppress(ConcurrencyError):  # opened by a racing request
                self._open(
                    offerer, game.variant, game.terms, game.time_control, game.id, game.rematch
                )
        rematch = self.game(game.rematch)
        if rematch.status == "open":
            with suppress(InvitationUsed):  # joined by a racing request
                self.join(rematch.invitation, accepter)
        return game.rematch

    def _start_match(self, game: Game) -> StartMatch:
        if game.variant.first_dealer is FirstDealer.CUT_LOW_DEALS:
            return StartMatch(game.variant, game.terms, cuts=cuts_from(self.chance.deck()))
        dealer = Seat.FIRST if self.chance.random() < 0.5 else Seat.SECOND
        return StartMatch(game.variant, game.terms, dealer)

    def _follow_ups(self, game: Game, events: Sequence[LogEvent]) -> list[LogEvent]:
        """``events`` and everything that follows without a person deciding."""
        out = list(events)
        players = _players_after(game, events)
        state = replay(_rules_events(events), game.rules)
        salts = {c.number: c.salt for c in game.commitments}
        revealed = set(game.revealed)
        while True:
            number = state.deal_number
            if state.phase in (Phase.DEALING, Phase.OVER) and number and number not in revealed:
                out.append(DealRevealed(number, salts[number]))
                revealed.add(number)
            if state.phase is Phase.DEALING:
                deck, salt = self.chance.deck(), self.chance.salt()
                out.append(DealCommitted(number + 1, commitment(deck, salt), salt))
                salts[number + 1] = salt
                step = decide(state, StartDeal(deck))
            elif state.to_act is not None and players[state.to_act] in BOTS:
                bot = BOTS[str(players[state.to_act])]
                step = decide(state, bot(view_for(state, state.to_act), self.chance))
            else:
                return out
            out += step
            state = replay(step, state)

    def _append(
        self,
        game: Game,
        events: Sequence[LogEvent],
        actor: PlayerId | None,
        inbox_reply: InboxReply | None = None,
    ) -> tuple[Game, list[StoredEvent]]:
        """Append under the loaded version, with the summary and the opponents' notifications."""
        now = self.clock.now()
        after = apply_all(
            game,
            (
                StoredEvent(game.id, game.version + offset, 0, event, now)
                for offset, event in enumerate(events, start=1)
            ),
        )
        to_tell = [p for p in after.players if p is not None and p != actor and p not in BOTS]
        notes = [Notification(p, game.id, game.version + 1, after.version) for p in to_tell]
        stored = self.store.append(
            game.id, game.version, events, now, summary_of(after), notes, inbox_reply
        )
        return self._remember(after), stored

    def _seat(self, game: Game, player: PlayerId) -> Seat:
        seat = game.seat_of(player)
        if seat is None:
            raise NotAPlayer()
        if game.status == "open":
            raise GameNotStarted()
        return seat


def summary_of(game: Game) -> GameSummary:
    """The game's line in its players' lists."""
    invitation = game.invitation if game.status == "open" else None
    return GameSummary(
        game.id, game.players, game.status, game.to_act, game.turn_since, game.version, invitation
    )


def _moved(game_id: GameId, first: int, last: int) -> dict[str, object]:
    """The reply to a move: the game's new version and the range of events it appended."""
    return {"ok": True, "game_id": game_id, "version": last, "events": [first, last]}


def _rejected(game_id: GameId, error: IllegalAction) -> dict[str, object]:
    params = {name: str(value) for name, value in error.params.items()}
    return {
        "ok": False,
        "game_id": game_id,
        "error": {"code": error.code, "message": error.message, "params": params},
    }


def _query_reply(outcome: Outcome) -> dict[str, object]:
    kind = "hand" if isinstance(outcome.query, ShowHand) else "help"
    return {"ok": True, "game_id": outcome.game.id, "version": outcome.game.version, "query": kind}


def _players_after(
    game: Game, events: Sequence[LogEvent]
) -> tuple[PlayerId | None, PlayerId | None]:
    players = game.players
    for event in events:
        if isinstance(event, PlayerJoined):
            players = (
                (event.player, players[1])
                if event.seat is Seat.FIRST
                else (players[0], event.player)
            )
    return players


def _rules_events(events: Sequence[LogEvent]) -> list[Event]:
    return [event for event in events if is_rules_event(event)]
