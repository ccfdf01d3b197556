"""The ratings' use cases: follow the log, rebuild, a player's stats, the leaderboard, choices.

Every channel asks these, so a private profile is hidden in one place (``stats``): another player
gets ``None``, exactly what an unknown player gets, and cannot tell the two apart.  A profile
carries the player's reliability too (issue 36), so it is shown exactly where the rating is.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace

from service.game.events import PlayerId
from service.game.stored import StoredEvent
from service.ports.reliability import ReliabilityStore
from service.ratings.fairness import RatingRules
from service.ratings.finished import ENDED, finished
from service.ratings.projection import Counted, fold, new_standing
from service.ratings.standing import Standing, Tally
from service.ratings.store import Changes, Load, RatingStore, Stats, Visibility
from service.ratings.values import Rater
from service.words.naming import may_see

LEAST_GAMES = 5
"""Rated games a public profile needs to be on the leaderboard."""
BATCH = 500
"""Games a follower folds in one transaction: short, so the write lock is soon free again."""
REBUILD_BATCH = 5000
"""Games a rebuild folds at once: each batch reads and writes the standings of the players in it,
so fewer, larger batches read and write each standing fewer times (the order, and so the result,
is the same)."""


class Ratings:
    def __init__(
        self,
        store: RatingStore,
        rater: Rater,
        rules: RatingRules | None = None,
        reliability: ReliabilityStore | None = None,
    ) -> None:
        self.store = store
        self.rater = rater
        self.rules = rules or RatingRules()
        self.reliability = reliability
        """The reliabilities a profile shows beside the rating (the lobby keeps them)."""

    def follow(self, limit: int = BATCH) -> int:
        """Fold the games finished since the last call (up to ``limit``); how many."""
        return self.store.catch_up(self._step, limit)

    def catch_up(self, batch: int = BATCH) -> int:
        total = 0
        while counted := self.follow(batch):
            total += counted
        return total

    def rebuild(self) -> int:
        """Forget the projection and fold every finished game again, in the same order."""
        self.store.reset()
        return self.catch_up(REBUILD_BATCH)

    def _step(self, games: Sequence[Sequence[StoredEvent]], load: Load) -> Changes:
        results = [one for one in map(finished, games) if one is not None]
        players = {player for one in results for player in one.players}
        known = load(players)
        standings = {p: known.get(p) or new_standing(p, self.rules) for p in players}
        counted: list[Counted] = []
        for game in results:
            after, record = fold(standings, game, self.rules, self.rater)
            standings.update(after)
            counted.append(record)
        ends = [e.position for game in games for e in game if type(e.event).__name__ == ENDED]
        return Changes(standings, counted, max(ends))

    def stats(self, reader: PlayerId | None, player: PlayerId) -> Stats | None:
        """The player's profile as ``reader`` may see it; None when it is private (or unknown)."""
        visibility = self.store.visibility(player)
        if player in self.rules.bots:  # the anchors: public, never on the leaderboard
            visibility = Visibility(public=True, listed=False)
        own = reader == player
        if not own and not visibility.public:
            return None
        standing = self.store.standing(player) or new_standing(player, self.rules)
        shown = standing if own else self._seen_by(reader, standing)
        reliability = None if self.reliability is None else self.reliability.of(player)
        return Stats(shown, visibility, own, reliability)

    def is_public(self, player: PlayerId) -> bool:
        """Whether anyone may see the player's name and profile (a bot's always)."""
        return player in self.rules.bots or self.store.visibility(player).public

    def _seen_by(self, reader: PlayerId | None, standing: Standing) -> Standing:
        """``standing`` as ``reader`` may see it (``words.naming``): every opponent they may not
        see becomes None — the tallies of all of them one line, their games without the id of
        the game (a game's id leads to its log, and the log to the player's id)."""
        public = functools.cache(self.is_public)

        def shown(opponent: PlayerId | None) -> PlayerId | None:
            table = (standing.player, opponent)
            return opponent if opponent and may_see(reader, opponent, public, table) else None

        tallies: dict[PlayerId | None, Tally] = {}
        for opponent, tally in standing.opponents:
            who = shown(opponent)
            before = tallies.get(who, Tally())
            tallies[who] = Tally(
                before.wins + tally.wins, before.losses + tally.losses, before.draws + tally.draws
            )
        recent = tuple(
            one if shown(one.opponent) else replace(one, opponent=None, game_id=None)
            for one in standing.recent
        )
        return replace(standing, opponents=tuple(tallies.items()), recent=recent)

    def find(self, text: str, name_of: Callable[[PlayerId], str]) -> PlayerId | None:
        """The player ``text`` names: a player id, or the name of exactly one public profile
        (``@`` and case aside).  A private player is never found by name."""
        wanted = text.strip().lstrip("@").casefold()
        public = self.store.public()
        if PlayerId(text.strip()) in public:
            return PlayerId(text.strip())
        named = [one for one in public if name_of(one).casefold() == wanted]
        return named[0] if len(named) == 1 else None

    def leaderboard(self, limit: int = 100) -> list[Standing]:
        return self.store.leaderboard(LEAST_GAMES, limit)

    def choose(
        self, player: PlayerId, public: bool | None = None, listed: bool | None = None
    ) -> Visibility:
        """Make the profile public or private, join or leave the leaderboard."""
        now = self.store.visibility(player)
        chosen = Visibility(
            now.public if public is None else public, now.listed if listed is None else listed
        )
        self.store.choose(player, chosen)
        return chosen
