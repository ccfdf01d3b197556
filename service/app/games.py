"""``GameService``: one method per use case, each *load → fold → decide → append* with the version
it loaded, so two writers racing on one game never both succeed.

Steps nobody decides — dealing the next deal with its commitment, revealing a finished deal's
salt, a bot's move, a move a standing instruction makes — are appended together with the move
that caused them.

A player's command is a move of the rules or one of the time control's (claim, extend, leave or
withdraw an instruction: ``clock_commands``); both are appended the same way, under the version.
``vacation`` is the one command that is not about one game: it pauses all the player's games
(``vacations``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from datetime import datetime, timedelta

from service.app.folded import FoldedGames
from service.app.follow_ups import BOTS, follow_ups, start_match
from service.app.replies import Request, looked, moved, on_vacation, rejected, settings_changed
from service.bots.levels import bot_name
from service.clock.deadlines import Deadline, deadline
from service.clock.settings import ClockSettingsOf
from service.clock.timeouts import check_time_control, claimed, extended, timed_out
from service.clock.vacations import end_vacation, is_paused, paused, resumed, start_vacation
from service.delivery.notices import Notice, notice
from service.game.codec import LogEvent
from service.game.errors import (
    GameCalledOff,
    GameNotOver,
    GameNotStarted,
    GameStarted,
    InvitationUsed,
    InvitationWithdrawn,
    NoProfile,
    NoRematchOffered,
    NotAPlayer,
    OwnInvitation,
    RematchNotYet,
    StaleVersion,
    UnknownInvitation,
)
from service.game.events import (
    CLOCK_ONLY_EVENTS,
    PRIVATE_EVENTS,
    ClockPaused,
    ClockResumed,
    GameCancelled,
    GameId,
    GameOpened,
    PlayerId,
    PlayerJoined,
    RematchAccepted,
    RematchOffered,
    TimeControl,
)
from service.game.instructions import given, withdrawn
from service.game.state import Game, apply_all, fold
from service.language.notation import in_faces
from service.language.translation import ENGLISH, Translator, translator
from service.players.profiles import ChangeSetting, ShowSettings, changed
from service.ports.protocols import (
    Append,
    Chance,
    Clock,
    ConcurrencyError,
    Directory,
    EventStore,
    GameSummary,
    Inbox,
    InboxReply,
    Notification,
    Profile,
    StoredEvent,
)
from service.rules.actions import PlayerAction, Resign
from service.rules.decide import decide
from service.rules.errors import IllegalAction, MatchOver
from service.rules.seats import Seat
from service.rules.variants import DEFAULT, MatchTerms, Variant
from service.rules.view import PlayerView, view_for
from service.words.grammar import Command, Query, parse_command
from service.words.time_commands import (
    ClaimWin,
    ClockCommand,
    ExtendDeadline,
    GiveInstruction,
    TakeVacation,
    WithdrawInstruction,
)

_RETRIES = 5


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a player's command did: the game after it and the events it appended (none for a query)."""

    game: Game
    player: PlayerId
    appended: tuple[StoredEvent, ...] = ()
    query: Query | None = None
    vacation: tuple[datetime, tuple[GameId, ...]] | None = None
    """For ``vacation``: when it ends and the games it paused."""
    profile: Profile | None = None
    """For ``settings`` and a change of one: the player's settings (after the change)."""

    @property
    def view(self) -> PlayerView:
        seat = self.game.seat_of(self.player)
        assert seat is not None
        return view_for(self.game.rules, seat)


class GameService:
    def __init__(
        self,
        store: EventStore,
        clock: Clock,
        chance: Chance,
        inbox: Inbox | None = None,
        directory: Directory | None = None,
    ):
        self.store = store
        self.clock = clock
        self.chance = chance
        self.inbox = inbox
        self.directory = directory
        self.folded = FoldedGames(store)
        self.settings = ClockSettingsOf(directory, clock)

    # -- use cases --------------------------------------------------------------------------

    def open_game(
        self,
        host: PlayerId,
        variant: Variant = DEFAULT,
        terms: MatchTerms | None = None,
        time_control: TimeControl | None = None,
        opponent: PlayerId | None = None,
        request: str | None = None,
    ) -> GameId:
        """Open a game hosted by ``host``; with a bot ``opponent`` it starts at once.

        ``request`` names the message that asked (its inbox source and key): the same request
        opens the same game, so a message handled again after a crash between the opening and
        the record of its answer opens no second game.  The game's id is then derived from the
        request and the host's id (which nobody else knows), not drawn.
        """
        if request is None:
            game_id = self._open(host, variant, terms, time_control, None)
        else:
            game_id = self._open_once(host, variant, terms, time_control, request)
        if opponent is not None and self.game(game_id).status == "open":
            self.join(self.game(game_id).invitation, opponent)
        return game_id

    def _open_once(
        self,
        host: PlayerId,
        variant: Variant,
        terms: MatchTerms | None,
        time_control: TimeControl | None,
        request: str,
    ) -> GameId:
        digest = hashlib.sha256(f"{host}\n{request}".encode()).hexdigest()
        game_id = GameId(digest[:16])
        try:
            return self._open(host, variant, terms, time_control, None, game_id)
        except ConcurrencyError:
            if self.game(game_id).host != host:
                raise
            return game_id  # opened when this request was first handled

    def join(self, invitation: str, player: PlayerId) -> GameId:
        """Take the free seat of the game this invitation belongs to; the match begins."""
        game_id = self.store.game_by_invitation(invitation)
        if game_id is None:
            raise UnknownInvitation()
        game = self.game(game_id)
        if game.host == player:
            raise OwnInvitation()
        if game.status == "cancelled":
            raise InvitationWithdrawn()
        if game.status != "open":
            raise InvitationUsed()
        events: list[LogEvent] = [PlayerJoined(player, Seat.SECOND)]
        events += decide(game.rules, start_match(game, self.chance))
        try:
            self._append(game, follow_ups(game, events, self.chance), actor=player)
        except ConcurrencyError:
            raise InvitationUsed() from None  # someone else joined first
        return game_id

    def cancel(self, game_id: GameId, player: PlayerId) -> Game:
        """The host calls off a game nobody has joined: its invitation stops working.

        Calling off a game already called off changes nothing, so a request sent twice is
        answered the same; once someone has joined, the game is played (or resigned) instead.
        """
        game = self.game(game_id)
        if game.seat_of(player) is None:
            raise NotAPlayer()
        if game.status == "cancelled":
            return game
        if game.status != "open":
            raise GameStarted()
        try:
            after, _ = self._append(game, [GameCancelled(player)], actor=player)
        except ConcurrencyError:
            raise GameStarted() from None  # the guest joined first
        return after

    def act(
        self,
        game_id: GameId,
        player: PlayerId,
        command: str | Command,
        expected_version: int | None = None,
        inbox_key: tuple[str, str] | None = None,
    ) -> Outcome:
        """A move, a time-control command or a query by ``player``, as text in the shared grammar
        or as a value.

        With ``expected_version`` (the version the player was shown) a move on a position that has
        changed since is refused as stale.  Without it, a lost race is retried on the new position.

        A move on a game this process knows is first decided on the game as last seen, without
        reading the log: the append's version check then proves that game current, since the log
        only grows.  Anything else — a look (never stale), a refusal, a lost race, a version the
        process has not seen — is answered on the log as it stands, so every answer rests on the
        current log, as if it had been read first.
        """
        known = self.folded.last_seen(game_id)
        if known is not None and expected_version in (None, known.version):
            try:
                parsed = self._parse(known, player, command)
                if not isinstance(parsed, Query | TakeVacation | ChangeSetting):
                    return self._play(known, player, parsed, inbox_key)
            except (IllegalAction, ConcurrencyError):
                pass  # perhaps refused only because this process is behind: read the log
        for _ in range(_RETRIES):
            game = self.game(game_id)
            parsed = self._parse(game, player, command)
            if isinstance(parsed, ShowSettings):
                return Outcome(game, player, query=parsed, profile=self._profile(player))
            if isinstance(parsed, Query):
                return Outcome(game, player, query=parsed)  # a look is never stale
            if isinstance(parsed, TakeVacation):
                return self._vacation(game, player, parsed.days)  # about all games, never stale
            if isinstance(parsed, ChangeSetting):
                return Outcome(game, player, profile=self._change_setting(player, parsed))
            if expected_version is not None and not self._same_position(game, expected_version):
                raise StaleVersion(seen=expected_version, current=game.version)
            try:
                return self._play(game, player, parsed, inbox_key)
            except ConcurrencyError:
                if expected_version is not None:
                    raise StaleVersion(seen=expected_version, current=game.version + 1) from None
        raise StaleVersion(seen=game.version, current=game.version + 1)

    def _same_position(self, game: Game, seen: int) -> bool:
        """Whether the position the player saw at version ``seen`` is the current one: only
        clock events (an extension, a pause, an instruction) came after it.  So a player's buttons
        do not go stale because the opponent left an instruction they may not even know of."""
        if seen == game.version:
            return True
        if not 0 < seen < game.version:
            return False
        later = self.store.load(game.id, after=seen)
        return all(isinstance(stored.event, CLOCK_ONLY_EVENTS) for stored in later)

    def _parse(self, game: Game, player: PlayerId, command: str | Command) -> Command:
        self._seat(game, player)  # NotAPlayer for someone else
        if isinstance(command, str):
            return parse_command(command, self.player_view(game, player))
        return command

    def _play(
        self,
        game: Game,
        player: PlayerId,
        command: PlayerAction | ClockCommand,
        inbox_key: tuple[str, str] | None,
    ) -> Outcome:
        """Decide ``command`` on ``game`` and append what follows under its version."""
        now = self.clock.now()
        events = follow_ups(game, self._decided(game, player, command, now), self.chance)
        reply = None
        if inbox_key is not None:
            answer = moved(game.id, game.version + 1, game.version + len(events))
            reply = InboxReply(inbox_key[0], inbox_key[1], json.dumps(answer))
        after, stored = self._append(game, events, actor=player, inbox_reply=reply)
        if isinstance(events[0], ClockResumed):
            end_vacation(self, self.directory, player, now, moved_in=game.id)
        return Outcome(after, player, tuple(stored))

    def _decided(
        self, game: Game, player: PlayerId, command: PlayerAction | ClockCommand, now: datetime
    ) -> Sequence[LogEvent]:
        """The events ``command`` makes; a player's own move first ends their vacation."""
        seat = self._seat(game, player)
        due_at = (
            _due_at(self.deadline(game)) if isinstance(command, ClaimWin | ExtendDeadline) else None
        )
        match command:
            case ClaimWin():
                return claimed(game, seat, now, due_at)
            case ExtendDeadline(more=more):
                return extended(game, seat, now, due_at, now + more)
            case GiveInstruction(instruction=text):
                self._check_playing(game)
                return given(game.clocks.instructions[seat], view_for(game.rules, seat), text)
            case WithdrawInstruction(instruction=text):
                return withdrawn(game.clocks.instructions[seat], seat, text)
        back: list[LogEvent] = [ClockResumed(seat)] if is_paused(game, seat, now) else []
        return [*back, *decide(game.rules, command)]

    def time_out(self, game_id: GameId, version: int) -> Outcome | None:
        """Apply the timeout of the decision the game waited for at ``version``, if it is overdue.

        A move that landed first changed the version, so a late or repeated timeout is a no-op
        (None), and so is one whose deadline has not come (it was extended, or a clock paused).
        A game this process last saw at ``version`` is not read again (the worker reads its
        claimed batch at once): the append's version check proves it current, as for a move.
        """
        outcomes = self.time_out_all([(game_id, version)])
        return outcomes[0] if outcomes else None

    def time_out_all(self, decisions: Sequence[tuple[GameId, int]]) -> list[Outcome]:
        """Apply the timeouts of several decisions, each a game and the version it waited at, as
        ``time_out`` would each one, in one transaction (``EventStore.append_many``: each game's
        append stays all or nothing under its own version, so a move that landed first leaves
        that game out); the outcomes of those that timed out.  The worker's claimed batch: one
        commit for it instead of one per game."""
        now = self.clock.now()
        planned = [
            timeout
            for game_id, version in decisions
            if (timeout := self._timeout(game_id, version, now)) is not None
        ]
        written = self.store.append_many([append for _, append, _ in planned], now)
        return [
            Outcome(self.folded.keep(after), player, tuple(stored))
            for (after, _, player), stored in zip(planned, written, strict=True)
            if stored is not None
        ]

    def _timeout(
        self, game_id: GameId, version: int, now: datetime
    ) -> tuple[Game, Append, PlayerId] | None:
        """The timeout of the decision ``game_id`` waited for at ``version``, ready to append:
        the game after it, the append and the player who ran out of time; None if the game moved
        on or the deadline has not come."""
        game = self.folded.last_seen(game_id)
        if game is None or game.version != version:
            game = self.game(game_id)
        due = self.deadline(game)
        if game.version != version or due is None or now < due.due_at:
            return None
        events = follow_ups(game, timed_out(game), self.chance)
        after, append = self._prepared(game, events, None, now)
        return after, append, due.player

    def claim_win(self, game_id: GameId, player: PlayerId) -> Outcome:
        """The waiting player takes the match once the opponent's deadline has passed."""
        return self.act(game_id, player, ClaimWin(self._seat(self.game(game_id), player)))

    def extend_deadline(self, game_id: GameId, player: PlayerId, more: timedelta) -> Outcome:
        """The waiting player gives the opponent ``more`` time, from now, once the deadline passed."""
        seat = self._seat(self.game(game_id), player)
        return self.act(game_id, player, ExtendDeadline(seat, more))

    def take_vacation(self, player: PlayerId, days: int) -> tuple[datetime, list[Outcome]]:
        """Pause the clocks of all ``player``'s games for ``days`` days (``vacations``): when the
        vacation ends, and the outcome in each game it paused."""
        if self.directory is None:
            raise NoProfile()
        return start_vacation(self, self.directory, player, days, self.clock.now())

    def pause_clock(self, game_id: GameId, player: PlayerId, until: datetime) -> Outcome | None:
        """Stop ``player``'s clock in one game until ``until``; None if the game is not played."""
        return self._clock_change(game_id, player, lambda game, seat: paused(game, seat, until))

    def resume_clock(self, game_id: GameId, player: PlayerId) -> Outcome | None:
        """Restart ``player``'s paused clock in one game; None if it is not paused."""
        now = self.clock.now()
        return self._clock_change(game_id, player, lambda game, seat: resumed(game, seat, now))

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
            return self._answer(source, key, rejected(request.game_id, error))
        game = outcome.game
        if outcome.profile is not None and outcome.query is None:
            answer = settings_changed(game.id, game.version, outcome.profile)
            return self._answer(source, key, answer)
        if outcome.vacation is not None:
            until, games = outcome.vacation
            return self._answer(source, key, on_vacation(game.id, game.version, until, games))
        if outcome.query is not None:
            return self._answer(source, key, looked(game.id, game.version, outcome.query))
        return moved(request.game_id, outcome.appended[0].seq, outcome.appended[-1].seq)

    def _answer(self, source: str, key: str, answer: dict[str, object]) -> dict[str, object]:
        """Store ``answer`` unless another delivery of the message was answered first; the stored
        answer either way (a duplicate that lost the race to move hears what the winner heard)."""
        assert self.inbox is not None
        stored: dict[str, object] = json.loads(self.inbox.complete(source, key, json.dumps(answer)))
        return stored

    # -- reading ----------------------------------------------------------------------------

    def game(self, game_id: GameId) -> Game:
        """The game as its log stands now (reading only what this process has not folded yet)."""
        return self.folded.current(game_id)

    def view(self, game_id: GameId, player: PlayerId) -> tuple[Game, PlayerView]:
        """The game as ``player`` may see it, with the version to send back with a move."""
        game = self.game(game_id)
        return game, self.player_view(game, player)

    def player_view(self, game: Game, player: PlayerId) -> PlayerView:
        """The player's view of ``game``, cards spelled in the faces they prefer: what they are
        shown and what their commands are read on."""
        view = view_for(game.rules, self._seat(game, player))
        return in_faces(view, self.settings.of(player).card_faces)

    def notice(self, notification: Notification) -> Notice:
        """What ``notification`` tells its player about the game as it stands now (a channel
        words it); the deadline in the player's own time zone."""
        game = self.game(notification.game_id)
        events = self.store.load(game.id, after=notification.from_seq - 1)
        in_range = [one for one in events if one.seq <= notification.to_seq]
        timezone = self.settings.of(notification.player).timezone
        tr = self.translator_of(notification.player)
        faces = self.settings.of(notification.player).card_faces
        names = (self.name_of(game.players[0], tr), self.name_of(game.players[1], tr))
        due = self.deadline(game)
        return notice(game, in_range, notification, due, timezone, tr, faces, names)

    def name_of(self, player: PlayerId | None, tr: Translator = ENGLISH) -> str:
        """What the news calls a player: their name, or the bot's in the reader's language."""
        if player is None:
            return tr.gettext("(nobody yet)")
        if player in BOTS:
            return bot_name(player, tr)
        if self.directory is not None:
            try:
                return self.directory.profile(player).name
            except KeyError:
                pass
        return str(player)

    def translator_of(self, player: PlayerId) -> Translator:
        """The player's own language (their profile's); English for a player without one."""
        return translator(self.settings.of(player).language)

    def games_of(self, player: PlayerId) -> list[GameSummary]:
        """The player's games, most recently changed first; games called off are not listed."""
        return [line for line in self.store.summaries(player) if line.status != "cancelled"]

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
        check_time_control(time_control or TimeControl())
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

    def _profile(self, player: PlayerId) -> Profile:
        if self.directory is None:
            raise NoProfile()
        try:
            return self.directory.profile(player)
        except KeyError:
            raise NoProfile() from None

    def _change_setting(self, player: PlayerId, change: ChangeSetting) -> Profile:
        """Store the changed setting; it counts from the player's next decision (``profiles``)."""
        profile = changed(self._profile(player), change)
        assert self.directory is not None  # _profile found the player there
        self.directory.update(profile)
        self.settings.forget(player)
        return profile

    def _vacation(self, game: Game, player: PlayerId, days: int) -> Outcome:
        """Start the vacation; the outcome is this game's (its pause, if it is being played)."""
        until, outcomes = self.take_vacation(player, days)
        games = tuple(outcome.game.id for outcome in outcomes)
        here = [outcome for outcome in outcomes if outcome.game.id == game.id]
        return replace(here[0] if here else Outcome(game, player), vacation=(until, games))

    def _clock_change(
        self,
        game_id: GameId,
        player: PlayerId,
        change: Callable[[Game, Seat], ClockPaused | ClockResumed | None],
    ) -> Outcome | None:
        """Append the clock event ``change`` gives on the current game, retrying a lost race
        (a clock event does not depend on the position, so it goes on the newer one)."""
        for _ in range(_RETRIES):
            game = self.game(game_id)
            event = change(game, self._seat(game, player))
            if event is None:
                return None
            try:
                after, stored = self._append(game, [event], actor=player)
            except ConcurrencyError:
                continue
            return Outcome(after, player, tuple(stored))
        raise StaleVersion(seen=game.version, current=game.version + 1)

    def _check_playing(self, game: Game) -> None:
        if game.status != "playing":
            raise MatchOver()

    def _append(
        self,
        game: Game,
        events: Sequence[LogEvent],
        actor: PlayerId | None,
        inbox_reply: InboxReply | None = None,
    ) -> tuple[Game, list[StoredEvent]]:
        """Append under the loaded version, with the summary and the opponents' notifications."""
        now = self.clock.now()
        after, append = self._prepared(game, events, actor, now)
        stored = self.store.append(
            game.id,
            game.version,
            append.events,
            now,
            append.summary,
            append.notifications,
            inbox_reply,
        )
        return self.folded.keep(after), stored

    def _prepared(
        self, game: Game, events: Sequence[LogEvent], actor: PlayerId | None, now: datetime
    ) -> tuple[Game, Append]:
        """The game after ``events`` and their append: the summary, and notifications for the
        players other than ``actor`` (and the bots)."""
        after = apply_all(
            game,
            (
                StoredEvent(game.id, game.version + offset, 0, event, now)
                for offset, event in enumerate(events, start=1)
            ),
        )
        to_tell = [p for p in after.players if p is not None and p != actor and p not in BOTS]
        if all(isinstance(event, PRIVATE_EVENTS) for event in events):
            to_tell = []  # an instruction is the giver's business (``instructions``)
        notes = tuple(Notification(p, game.id, game.version + 1, after.version) for p in to_tell)
        summary = summary_of(after, self.deadline(after))
        return after, Append(game.id, game.version, tuple(events), summary, notes)

    def deadline(self, game: Game) -> Deadline | None:
        """When the decision ``game`` waits for falls due, in its player's settings."""
        seat = game.rules.to_act
        player = None if seat is None else game.players[seat]
        if player is None or player in BOTS:
            return None
        return deadline(game, self.settings.of(player))

    def _seat(self, game: Game, player: PlayerId) -> Seat:
        seat = game.seat_of(player)
        if seat is None:
            raise NotAPlayer()
        if game.status == "open":
            raise GameNotStarted()
        if game.status == "cancelled":
            raise GameCalledOff()
        return seat


def _due_at(due: Deadline | None) -> datetime | None:
    return None if due is None else due.due_at


def summary_of(game: Game, due: Deadline | None = None) -> GameSummary:
    """The game's line in its players' lists, with its deadline and first reminder."""
    invitation = game.invitation if game.status == "open" else None
    return GameSummary(
        game.id,
        game.players,
        game.status,
        game.to_act,
        game.turn_since,
        game.version,
        invitation,
        None if due is None else due.due_at,
        due.reminders[0] if due is not None and due.reminders else None,
    )
