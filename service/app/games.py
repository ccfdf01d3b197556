"""``GameService``: the application object every channel calls, one method per use case.

Each use case is *load → decide → append with the version it loaded → follow-ups*: the game
decider (``game_decide``) and the rules decide, ``Journal`` loads, appends and retries a lost
race (one policy for all), and the use cases live in modules named after what they own:
``seating`` (open, join, call off), ``rematches``, ``playing`` (moves, time-control commands,
looks, settings, timeouts) and ``pauses`` (a player's clock across their games: vacations).
This class wires them; the reading side (games, views, notices, logs, lists) is ``GameReads``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from service.app.folded import FoldedGames
from service.app.hinting import Hinting
from service.app.intake import InboxKey, Intake
from service.app.journal import Journal, summary_of
from service.app.link_requests import ConfirmLink, LinkRequest, OfferLink, link_reply
from service.app.lobby_requests import CallOff, LobbyRequest, Rematch, handled_once, lobby_reply
from service.app.outcome import Applied, Hinted, Outcome
from service.app.pauses import Pauses
from service.app.playing import Playing
from service.app.practising import Practise, Practising, SkipPractice
from service.app.profile_changes import ProfileChanges
from service.app.reads import GameReads, RoundOf, no_round
from service.app.rematches import Rematches, has_left
from service.app.replies import Opened, Rematched, Reply, Request, Shown
from service.app.reviewing import Reviewing
from service.app.seating import Seating
from service.app.talking import ADJOURN_LIMIT, Talking
from service.app.your_data import PlayerTournaments, YourData
from service.bots.levels import HARD_ROLLOUTS
from service.clock.settings import ClockSettingsOf
from service.game.decide import checked_seat
from service.game.events import GameId, PlayerId, TimeControl
from service.game.state import Game
from service.log.reviews import REVIEW_ROLLOUTS
from service.players.confirmation_codes import ConfirmationCodes
from service.players.linking import InMemoryLinkCodes, LinkCodes, Linking
from service.ports.confirmations import Confirmations, InMemoryConfirmations
from service.ports.directory import Directory, Profile
from service.ports.personal import PersonalData
from service.ports.protocols import Chance, Clock, EventStore, Inbox
from service.ports.reviews import InMemoryReviews, ReviewStore
from service.rules.actions import Resign
from service.rules.errors import IllegalAction
from service.rules.variants import DEFAULT, DeckFaces, MatchTerms, Variant
from service.words.grammar import Command
from service.words.privacy import Kept
from service.words.refusals import Refused
from service.words.time_commands import ClaimWin, ExtendDeadline

__all__ = ["GameService", "Outcome", "Request", "summary_of"]


class GameService(GameReads):
    def __init__(
        self,
        store: EventStore,
        clock: Clock,
        chance: Chance,
        inbox: Inbox | None = None,
        directory: Directory | None = None,
        link_codes: LinkCodes | None = None,
        personal: PersonalData | None = None,
        kept: Kept | None = None,
        secret: Callable[[], bytes] = lambda: b"",
        adjourn_limit: timedelta = ADJOURN_LIMIT,
        confirmations: Confirmations | None = None,
        hint_rollouts: int = HARD_ROLLOUTS,
        reviews: ReviewStore | None = None,
        review_rollouts: int = REVIEW_ROLLOUTS,
    ):
        self.store = store
        self.clock = clock
        self.chance = chance
        self.inbox = inbox
        self.intake = None if inbox is None else Intake(inbox, clock)
        self.directory = directory
        codes = link_codes or InMemoryLinkCodes()
        self.linking = None if directory is None else Linking(directory, codes, clock, chance)
        self.folded = FoldedGames(store)
        self.round_of: RoundOf = no_round  # tournaments set theirs (``Tournaments.round_of``)
        self.player_tournaments: PlayerTournaments | None = None
        """Set by ``Tournaments``: what a player's export lists of them and their erasure leaves."""
        self.settings = ClockSettingsOf(directory, clock)
        journal = Journal(store, clock, self.folded, self.settings)
        self.journal = journal
        self.seating = Seating(journal, chance)
        self.rematches = Rematches(
            journal, chance, self.seating, lambda player: has_left(directory, player)
        )
        self.pauses = Pauses(journal, directory)
        profiles = ProfileChanges(directory, self.settings)
        rematches = self.rematches
        self.talking = Talking(
            journal,
            chance,
            rematches.started,
            rematches.accept,
            profiles,
            adjourn_limit,
            rematches.check_opponent,
        )
        self.playing = Playing(
            journal, chance, self.pauses, profiles, self.talking, Hinting(journal, hint_rollouts)
        )
        self.practising = Practising(self.seating, profiles, store)
        """The guided first deal: started, declined, offered (``practising``)."""
        self.reviewing = Reviewing(
            store, reviews or InMemoryReviews(store.read_all), review_rollouts
        )
        """Reviews of ended matches (the worker's ``review`` job makes them, issue 38)."""
        confirming = ConfirmationCodes(confirmations or InMemoryConfirmations(), clock, secret)
        self.your_data = (
            None if personal is None else YourData(self, personal, kept or Kept(), confirming)
        )
        """A player's export and erasure (``your_data``); it needs the stores' ``PersonalData``."""

    # -- use cases --------------------------------------------------------------------------

    def open_game(
        self,
        host: PlayerId,
        variant: Variant = DEFAULT,
        terms: MatchTerms | None = None,
        time_control: TimeControl | None = None,
        opponent: PlayerId | None = None,
        request: str | None = None,
        rated: bool | None = None,
    ) -> GameId:
        """Open a game hosted by ``host``; with a bot ``opponent`` it starts at once.

        ``request`` names the message that asked (its inbox source and key): the same request
        opens the same game, so a message handled again after a crash between the opening and
        the record of its answer opens no second game.  The game's id is then derived from the
        request and the host's id (which nobody else knows), not drawn.
        """
        return self.seating.open_game(host, variant, terms, time_control, opponent, request, rated)

    def join(self, invitation: str, player: PlayerId) -> GameId:
        """Take the free seat of the game this invitation belongs to; the match begins."""
        return self.seating.join(invitation, player)

    def cancel(self, game_id: GameId, player: PlayerId) -> Game:
        """The host calls off a game nobody has joined: its invitation stops working.

        Calling off a game already called off changes nothing, so a request sent twice is
        answered the same; once someone has joined, the game is played (or resigned) instead.
        """
        return self.seating.cancel(game_id, player)

    def act(
        self,
        game_id: GameId,
        player: PlayerId,
        command: str | Command,
        expected_version: int | None = None,
        inbox_key: InboxKey | None = None,
    ) -> Outcome:
        """A move, a time-control command or a query by ``player``, as text in the shared grammar
        or as a value: the service's own way in, behind the intake (``handle``) and the use cases
        that name a move (``resign``, ``claim_win`` …).  No channel calls it: a channel's request
        goes through ``handle`` or ``request``, stored and answered once
        (``tests/test_channel_boundary.py``).

        With ``expected_version`` (the version the player was shown) a move on a position that has
        changed since is refused as stale.  Without it, a lost race is retried on the new position.
        Every answer rests on the current log, as if it had been read first (``Playing.act``).
        """
        return self.playing.act(game_id, player, command, expected_version, inbox_key)

    def time_out(self, game_id: GameId, version: int) -> Applied | None:
        """Apply the timeout of the decision the game waited for at ``version``, if it is overdue.

        A move that landed first changed the version, so a late or repeated timeout is a no-op
        (None), and so is one whose deadline has not come (it was extended, or a clock paused).
        """
        outcomes = self.time_out_all([(game_id, version)])
        return outcomes[0] if outcomes else None

    def time_out_all(self, decisions: Sequence[tuple[GameId, int]]) -> list[Applied]:
        """Apply the timeouts of several decisions, each a game and the version it waited at, as
        ``time_out`` would each one, in one transaction (``EventStore.append_many``: each game's
        append stays all or nothing under its own version, so a move that landed first leaves
        that game out); the outcomes of those that timed out.  The worker's claimed batch: one
        commit for it instead of one per game."""
        return self.playing.time_out_all(decisions)

    def play_bot(self, game_id: GameId, version: int) -> Applied | None:
        """Make the decision of the deliberate bot (the hard bot's search) the game waited for at
        ``version``: the worker's job, so that no request waits for a search.  A game that moved
        on, or another worker that made it first, makes this a no-op (None)."""
        return self.playing.play_bot(game_id, version)

    def claim_win(self, game_id: GameId, player: PlayerId) -> Outcome:
        """The waiting player takes the match once the opponent's deadline has passed."""
        return self.act(game_id, player, ClaimWin(checked_seat(self.game(game_id), player)))

    def extend_deadline(self, game_id: GameId, player: PlayerId, more: timedelta) -> Outcome:
        """The waiting player gives the opponent ``more`` time, from now, once the deadline passed."""
        seat = checked_seat(self.game(game_id), player)
        return self.act(game_id, player, ExtendDeadline(seat, more))

    def pause_clock(self, game_id: GameId, player: PlayerId, until: datetime) -> Applied | None:
        """Stop ``player``'s clock in one game until ``until``; None if the game is not played."""
        return self.pauses.pause(game_id, player, until)

    def resign(self, game_id: GameId, player: PlayerId) -> Outcome:
        return self.act(game_id, player, Resign(checked_seat(self.game(game_id), player)))

    def leave(self, game_id: GameId, player: PlayerId) -> Outcome:
        """``player`` leaves a running game because they are erased: it ends as a forfeit the
        ratings leave out (``Playing.leave``)."""
        return self.playing.leave(game_id, player)

    def offer_rematch(self, game_id: GameId, player: PlayerId) -> GameId | None:
        """Offer a new game with the same settings; a bot, or an earlier offer, accepts at once."""
        return self.rematches.offer(game_id, player)

    def accept_rematch(self, game_id: GameId, player: PlayerId) -> GameId:
        return self.rematches.accept(game_id, player)

    def may_rematch(self, game: Game, player: PlayerId) -> bool:
        """Whether a channel may offer ``player`` a rematch of ``game``: not with a player who
        erased themselves (``Rematches.may_rematch``)."""
        return self.rematches.may_rematch(game, player)

    def handle(
        self, source: str, key: str, payload: str, request: Request, new: bool = False
    ) -> Reply:
        """An inbound message, handled once however often it is delivered; the same reply each time.

        A message its channel stored before (a Telegram update, a mail) is completed with its
        reply; one it did not (a request over HTTP, a terminal line) is stored with it, one
        insert: the reply in the same transaction as the events the move appends (or on its own
        for a query or a refused move).  Two deliveries racing meet at that write.  A ``new`` key
        was drawn for this request (a request sent without a key, a terminal line): nothing can
        be stored under it, so the inbox is not read first.
        """
        assert self.intake is not None, "handle() needs an inbox"
        at: InboxKey | Reply = InboxKey(source, key, payload)
        if not new:
            at = self.intake.unstored(InboxKey(source, key), payload)
        if not isinstance(at, InboxKey):
            return at  # answered before: the same reply
        try:
            outcome = self.act(
                request.game_id,
                request.player,
                request.command,
                request.expected_version,
                inbox_key=at,
            )
        except IllegalAction as error:
            return self.intake.record(at, self._refused(error, request.game_id))
        if isinstance(outcome, Applied | Hinted):
            return outcome.reply  # recorded in the same transaction as its events
        return self.intake.record(at, outcome.reply)

    def _refused(self, error: IllegalAction, game_id: GameId) -> Refused:
        """The refusal as it is kept, its cards spelled in the game's deck faces (the game this
        process folded to refuse it; the French faces of a game it never read)."""
        game = self.folded.last_seen(game_id)
        return Refused.of(
            error, game_id, DeckFaces.FRENCH if game is None else game.variant.deck_faces
        )

    def request(
        self,
        source: str,
        key: str,
        payload: str,
        request: LobbyRequest | LinkRequest | Practise | SkipPractice,
    ) -> Reply:
        """A request of the lobby (open a game, join one, call one off, a rematch) or of linking
        a channel, handled once however often it is delivered; the same typed reply each time
        (``lobby_requests``, ``link_requests``)."""
        assert self.intake is not None, "request() needs an inbox"
        at = InboxKey(source, key)
        game_id = request.game_id if isinstance(request, CallOff | Rematch) else None
        return handled_once(self.intake, at, payload, lambda: self._reply(at, request), game_id)

    def recorded(self, source: str, key: str, payload: str) -> Reply | None:
        """Store a request unless it is known; the reply recorded for it, if it was handled: for
        a channel whose request is answered in steps of its own (mail's bot games, invitations)."""
        assert self.intake is not None, "recorded() needs an inbox"
        return self.intake.earlier(InboxKey(source, key), payload)

    def record(self, source: str, key: str, reply: Reply) -> Reply:
        """Record a request's reply unless one was recorded first; the recorded reply either way."""
        assert self.intake is not None, "record() needs an inbox"
        return self.intake.record(InboxKey(source, key), reply)

    def _reply(
        self, at: InboxKey, request: LobbyRequest | LinkRequest | Practise | SkipPractice
    ) -> Reply:
        match request:
            case Practise(player):
                return Opened(self.practising.start(player, f"{at.source}:{at.key}"))
            case SkipPractice(player):
                self.practising.skip(player)
                return Shown("skip practice")
            case Rematch(player, game_id):
                game_id = game_id or self.rematches.last_finished(player)
                opponent = next(p for p in self.game(game_id).players if p != player)
                started = self.offer_rematch(game_id, player)
                return Rematched(started, self.name_of(opponent, self.translator_of(player)))
            case OfferLink() | ConfirmLink():
                assert self.linking is not None, "linking needs a directory"
                return link_reply(self.linking, request)
            case _:
                return lobby_reply(self.seating, at, request)

    def choose_words(self, player: PlayerId, language: str | None, faces: str | None) -> Profile:
        """Store the language and card faces ``player`` chose outside a game (None: unchanged)."""
        return self.playing.profiles.choose_words(player, language, faces)
