"""Use cases of play: a player's command on a game (a move, a time-control command, a look or
a setting), and the timeouts of decisions nobody made in time.

A move or time-control command is the game decider's (``decide_game``), with what follows it
by itself (``follow_ups``), appended under the version it was decided on (``Journal``); a lost
race is decided again on the newer game, or refused as stale when the player said which
position they saw.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from service.app.follow_ups import deliberating, follow_ups
from service.app.hinting import Hinting
from service.app.intake import InboxKey
from service.app.journal import Journal
from service.app.outcome import Applied, ChangedSetting, Looked, Outcome, WentOnVacation
from service.app.pauses import Pauses
from service.app.profile_changes import ProfileChanges
from service.app.replies import MoveApplied
from service.app.talking import Talking
from service.clock.timeouts import timed_out
from service.game.commands import Claim, Extend, GameCommand, Instruct, Leave, Move, Withdraw
from service.game.decide import checked_seat, decide_game
from service.game.errors import StaleVersion
from service.game.events import CLOCK_ONLY_EVENTS, GameId, PlayerId
from service.game.state import Game
from service.language.notation import in_faces
from service.players.profiles import ChangeSetting, ShowSettings
from service.ports.protocols import Append, Chance, ConcurrencyError
from service.rules.actions import PlayerAction
from service.rules.errors import IllegalAction
from service.rules.view import PlayerView, view_for
from service.words.grammar import AskForHint, Command, Query, parse_command
from service.words.talk_commands import TalkRequest, talk_command
from service.words.time_commands import (
    ClaimWin,
    ClockCommand,
    ExtendDeadline,
    GiveInstruction,
    TakeVacation,
    WithdrawInstruction,
)


@dataclass(frozen=True, slots=True)
class Playing:
    journal: Journal
    chance: Chance
    pauses: Pauses
    profiles: ProfileChanges
    talking: Talking
    hinting: Hinting

    def act(
        self,
        game_id: GameId,
        player: PlayerId,
        command: str | Command | TalkRequest,
        expected_version: int | None,
        inbox_key: InboxKey | None,
    ) -> Outcome:
        """``GameService.act``: a move on a game this process knows is first decided on the game
        as last seen, without reading the log (the append's version check proves it current);
        anything else is answered on the log as it stands."""
        known = self.journal.folded.last_seen(game_id)
        if known is not None and expected_version in (None, known.version):
            try:
                parsed = self._parse(known, player, command)
                if not isinstance(
                    parsed, Query | TakeVacation | ChangeSetting | TalkRequest | AskForHint
                ):
                    return self._play(known, player, parsed, inbox_key)
            except (IllegalAction, ConcurrencyError):
                pass  # perhaps refused only because this process is behind: read the log

        def attempt(game: Game) -> Outcome:
            parsed = self._parse(game, player, command)
            if isinstance(parsed, ShowSettings):
                return Looked(game, player, parsed, self.profiles.profile(player))
            if isinstance(parsed, Query):
                return Looked(game, player, parsed)  # a look is never stale
            if isinstance(parsed, TakeVacation):
                return self._vacation(game, player, parsed.days)  # about all games, never stale
            if isinstance(parsed, ChangeSetting):
                return ChangedSetting(game, player, self.profiles.change(player, parsed))
            if isinstance(parsed, TalkRequest):  # talk is never stale: it moves nothing
                return self.talking.talk(game, player, parsed, inbox_key)
            if expected_version is not None and not self._same_position(game, expected_version):
                raise StaleVersion(seen=expected_version, current=game.version)
            if isinstance(parsed, AskForHint):
                return self.hinting.hint(game, player, inbox_key)
            return self._play(game, player, parsed, inbox_key)

        return self.journal.retried(game_id, attempt, seen=expected_version)

    def leave(self, game_id: GameId, player: PlayerId) -> Applied:
        """``player`` leaves the service (their erasure): the running match is given up as
        ``MatchForfeited(seat, "left")``, which the ratings do not count, unlike a resignation."""

        def attempt(game: Game) -> Applied:
            decided = decide_game(game, Leave(player), self.journal.clock.now())
            events = follow_ups(game, decided, self.chance)  # the deal's salt is revealed
            after, stored = self.journal.append(game, events, actor=player)
            return Applied(after, player, tuple(stored))

        return self.journal.retried(game_id, attempt)

    def player_view(self, game: Game, player: PlayerId) -> PlayerView:
        """The player's view of ``game``, cards spelled in the faces they prefer: what they are
        shown and what their commands are read on."""
        view = view_for(game.rules, checked_seat(game, player))
        return in_faces(view, self.journal.settings.of(player).card_faces)

    def _same_position(self, game: Game, seen: int) -> bool:
        """Whether the position the player saw at version ``seen`` is the current one: only
        clock events (an extension, a pause, an instruction) came after it.  So a player's buttons
        do not go stale because the opponent left an instruction they may not even know of."""
        if seen == game.version:
            return True
        if not 0 < seen < game.version:
            return False
        later = self.journal.store.load(game.id, after=seen)
        return all(isinstance(stored.event, CLOCK_ONLY_EVENTS) for stored in later)

    def _parse(
        self, game: Game, player: PlayerId, command: str | Command | TalkRequest
    ) -> Command | TalkRequest:
        if isinstance(command, str):
            talk = talk_command(command, self.talking.answering(game, player))
            if talk is not None:
                checked_seat(game, player)  # NotAPlayer for someone else
                return talk
            return parse_command(command, self.player_view(game, player))
        checked_seat(game, player)  # NotAPlayer for someone else
        return command

    def _play(
        self,
        game: Game,
        player: PlayerId,
        command: PlayerAction | ClockCommand,
        inbox_key: InboxKey | None,
    ) -> Applied:
        """Decide ``command`` on ``game`` and append what follows under its version."""
        now = self.journal.clock.now()
        decided = decide_game(game, self._game_command(game, player, command, now), now)
        events = follow_ups(game, [*self.journal.quiet_hours(game), *decided], self.chance)
        reply = None
        if inbox_key is not None:
            answer = MoveApplied(game.id, game.version + 1, game.version + len(events))
            reply = inbox_key.reply(answer)
        after, stored = self.journal.append(game, events, actor=player, inbox_reply=reply)
        self.pauses.followed(player, game.id, events, now)
        return Applied(after, player, tuple(stored))

    def _game_command(
        self, game: Game, player: PlayerId, command: PlayerAction | ClockCommand, now: datetime
    ) -> GameCommand:
        """The game decider's command for a parsed one, with the deadline a claim needs."""
        match command:
            case ClaimWin():
                return Claim(player, self._due_at(game))
            case ExtendDeadline(more=more):
                return Extend(player, self._due_at(game), now + more)
            case GiveInstruction(instruction=text):
                return Instruct(player, text)
            case WithdrawInstruction(instruction=text):
                return Withdraw(player, text)
            case _:
                return Move(player, command)

    def _due_at(self, game: Game) -> datetime | None:
        due = self.journal.deadline(game)
        return None if due is None else due.due_at

    def _vacation(self, game: Game, player: PlayerId, days: int) -> WentOnVacation:
        """Start the vacation; the outcome is this game's (its pause, if it is being played)."""
        until, outcomes = self.pauses.take_vacation(player, days)
        games = tuple(outcome.game.id for outcome in outcomes)
        for here in outcomes:
            if here.game.id == game.id:
                return WentOnVacation(here.game, player, until, games, here.appended)
        return WentOnVacation(game, player, until, games)

    def play_bot(self, game_id: GameId, version: int) -> Applied | None:
        """``GameService.play_bot``: the deliberate bot's decision the game waited for at
        ``version``, with what follows it, appended under that version."""
        game = self.journal.folded.last_seen(game_id)
        if game is None or game.version != version:
            game = self.journal.game(game_id)
        bot = deliberating(game)
        if bot is None or game.version != version:
            return None
        events = follow_ups(game, self.journal.quiet_hours(game), self.chance, deliberate=True)
        try:
            after, stored = self.journal.append(game, events, actor=bot)
        except ConcurrencyError:
            return None  # another worker made it first
        return Applied(after, bot, tuple(stored))

    def time_out_all(self, decisions: Sequence[tuple[GameId, int]]) -> list[Applied]:
        """``GameService.time_out_all``: the timeouts of several decisions in one transaction."""
        now = self.journal.clock.now()
        planned = [
            timeout
            for game_id, version in decisions
            if (timeout := self._timeout(game_id, version, now)) is not None
        ]
        written = self.journal.store.append_many([append for _, append, _ in planned], now)
        return [
            Applied(self.journal.folded.keep(after), player, tuple(stored))
            for (after, _, player), stored in zip(planned, written, strict=True)
            if stored is not None
        ]

    def _timeout(
        self, game_id: GameId, version: int, now: datetime
    ) -> tuple[Game, Append, PlayerId] | None:
        """The timeout of the decision ``game_id`` waited for at ``version``, ready to append:
        the game after it, the append and the player who ran out of time; None if the game moved
        on or the deadline has not come."""
        game = self.journal.folded.last_seen(game_id)
        if game is None or game.version != version:
            game = self.journal.game(game_id)
        due = self.journal.deadline(game)
        if game.version != version or due is None or now < due.due_at:
            return None
        quiet = self.journal.quiet_hours(game)
        events = follow_ups(game, [*quiet, *timed_out(game)], self.chance)
        after, append = self.journal.prepared(game, events, None, now)
        return after, append, due.player
