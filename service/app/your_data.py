"""A player's data (issue 25): everything held about them, to download, and their erasure — the
two use cases every channel offers (``/mydata`` and ``/erase`` on Telegram, ``my data`` and
``erase`` by mail, the player's page, ``GET /api/v1/players/{id}/data`` and ``DELETE
/api/v1/players/{id}``) and only wires.

Erasure cannot be undone, so it is confirmed: the first request is refused with a code
(``NotConfirmed``), and the request repeated with that code erases.  The code is drawn for that
request and shown only on the channel that asked (``service.players.confirmation_codes``): it
expires, confirms once, and a wrong one is refused without a new one (``WrongCode``) and counts
a try, so whoever only sees a request go (a mail's ``From`` can be forged) cannot work it out or
guess it (issue 31).  Erasing gives the player's running games up (not rated), calls off their
open ones (ordinary appends: the log stays whole and every finished game still verifies) and
withdraws them from their running tournaments (a ``PlayerWithdrew`` in each tournament's log,
which keeps their random id as a game's log does), then the ``PersonalData`` port removes the
rest.  An erasure is not recorded in the inbox like other
requests: the request's own row is among those it scrubs, and erasing twice changes nothing.

An export holds what is the player's own (issue 31): their profile, addresses and settings,
their games with the opponent as "a player", their own copy of each finished log, and the
working rows of what they sent, their reviews, and their own part of each tournament they
entered; what other people sent, and their names, addresses and ids in
what is left, stay out (``without_others``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.log.file import export_lines
from service.players.confirmation_codes import ConfirmationCodes
from service.ports.confirmations import Checked, Purpose
from service.ports.directory import Directory
from service.ports.personal import Held, PersonalData
from service.ports.protocols import Clock, EventStore
from service.rules.errors import N_, IllegalAction
from service.words.privacy import Kept

FORMAT = "conquian-player-data"
"""The export's ``format`` field."""


class NotConfirmed(IllegalAction):
    code = "erase_not_confirmed"
    template = N_(
        "Erasing removes your name, your addresses and your settings for good, resigns the games "
        "you are playing and withdraws you from your tournaments; it cannot be undone. To go "
        "ahead, send the same request again with the code {code}."
    )


class WrongCode(IllegalAction):
    code = "confirmation_code_wrong"
    template = N_(
        "That code is not the one we gave you, or it was used, is too old or was tried too "
        "often: nothing was done. Ask again for a new code."
    )


class NothingToErase(IllegalAction):
    code = "nothing_to_erase"
    template = N_("There is nothing held about you to erase.")


@dataclass(frozen=True, slots=True)
class PlayerData:
    """Everything held about one player: what an export shows."""

    player: PlayerId
    profile: dict[str, Any]
    addresses: list[dict[str, str]]
    vacations: list[dict[str, str]]
    games: list[dict[str, Any]]
    logs: dict[GameId, list[str]]
    """Each finished game's log, as the lines of its exported file (``docs/log-format.md``): the
    player's own copy, their conversation's words kept (``copies.copy_for``)."""
    held: Held
    """The working rows that name them (inbox, outbox, the channels' tables, their reviews), as
    text."""
    tournaments: list[dict[str, Any]]
    """The tournaments they entered or created: their own part (``TournamentReads.entries_of``)."""

    def as_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}

    def as_text(self) -> str:
        """The export as a file: indented JSON."""
        return json.dumps(self.as_json(), indent=1, ensure_ascii=False, default=str) + "\n"


@dataclass(frozen=True, slots=True)
class Erased:
    """The player was erased: their running games resigned, their data gone."""

    player: PlayerId
    resigned: int


class PlayerTournaments(Protocol):
    """What of tournaments a player's data needs (``Tournaments`` is it, once wired)."""

    def entries_of(self, player: PlayerId) -> list[dict[str, Any]]: ...

    def withdraw_everywhere(self, player: PlayerId) -> int: ...


class Games(Protocol):
    """What of the game service a player's data needs (``GameService`` is it)."""

    store: EventStore
    clock: Clock
    directory: Directory | None
    player_tournaments: PlayerTournaments | None

    def leave(self, game_id: GameId, player: PlayerId) -> object: ...

    def cancel(self, game_id: GameId, player: PlayerId) -> object: ...

    def transcript(
        self, game_id: GameId, operator: bool = False, reader: PlayerId | None = None
    ) -> list[StoredEvent]: ...


@dataclass(frozen=True, slots=True)
class YourData:
    """Export and erasure of a player, over the game service and the ``PersonalData`` port."""

    service: Games
    personal: PersonalData
    kept: Kept
    """How long working rows are kept: what the privacy text says."""
    codes: ConfirmationCodes

    def export(self, player: PlayerId) -> PlayerData:
        directory = self.service.directory
        assert directory is not None, "a player's data needs the directory"
        profile = directory.profile(player)
        found = directory.addresses(player)
        summaries = self.service.store.summaries(player)
        logs = {
            line.game_id: export_lines(self.service.transcript(line.game_id, reader=player))
            for line in summaries
            if line.status == GameStatus.OVER
        }
        others = {p for line in summaries for p in line.players if p is not None and p != player}
        tournaments = self.service.player_tournaments
        withheld = _withheld(directory, others)
        return PlayerData(
            player,
            {k: v for k, v in asdict(profile).items() if k != "player"},
            [{"channel": a.channel, "value": a.value} for a in found],
            [
                {"start": start.isoformat(), "end": end.isoformat()}
                for start, end in directory.vacations(player)
            ],
            [_summary(line, player) for line in summaries],
            logs,
            {
                table: [{k: withheld(v) for k, v in row.items()} for row in rows]
                for table, rows in self.personal.held(player, found).items()
            },
            [] if tournaments is None else tournaments.entries_of(player),
        )

    def erasure_code(self, player: PlayerId, channel: str) -> str:
        """A new code to confirm ``player``'s erasure on ``channel`` (shown there only)."""
        return self.codes.issue(player, Purpose.ERASE, channel)

    def erase(self, player: PlayerId, code: str, channel: str) -> Erased:
        """Erase ``player`` if ``code`` is the one ``channel`` was given: without a code
        ``NotConfirmed`` with a new one, with a wrong one ``WrongCode`` (no new one: the channel
        may be read by someone else than the one who asked); ``NothingToErase`` for a player
        already erased."""
        directory = self.service.directory
        assert directory is not None, "erasing a player needs the directory"
        if directory.profile(player).former:
            raise NothingToErase()
        if not code.strip():
            raise NotConfirmed(code=self.erasure_code(player, channel))
        if self.codes.check(player, Purpose.ERASE, channel, code) is not Checked.CONFIRMED:
            raise WrongCode()
        return self.erase_now(player)

    def erase_now(self, player: PlayerId) -> Erased:
        """Erase ``player`` without a code: for operators (``conquian erase``), and once a code
        confirmed it."""
        directory = self.service.directory
        assert directory is not None, "erasing a player needs the directory"
        profile = directory.profile(player)
        if profile.former:
            raise NothingToErase()
        resigned = self._leave_games(player)
        # After the games are left (not rated), so a withdrawal resigns nothing more.
        tournaments = self.service.player_tournaments
        if tournaments is not None:
            tournaments.withdraw_everywhere(player)
        found = directory.addresses(player)
        self.personal.erase(player, found, profile.name, self.service.clock.now())
        return Erased(player, resigned)

    def _leave_games(self, player: PlayerId) -> int:
        """Leave every running game (a forfeit the ratings do not count), call off every open one;
        how many were left."""
        resigned = 0
        for line in self.service.store.summaries(player):
            if line.status == GameStatus.PLAYING:
                self.service.leave(line.game_id, player)
                resigned += 1
            elif line.status == GameStatus.OPEN:
                self.service.cancel(line.game_id, player)
        return resigned


WITHHELD = "[…]"
"""What stands in an export for another person's name, address or id."""


def _withheld(directory: Directory, others: set[PlayerId]) -> Callable[[str], str]:
    """A text with every name, address and id of ``others`` (the player's opponents) put out of
    it: a row the player sent may still quote them (their own mail quoting the game's news)."""
    values: set[str] = set(others)
    values.update(profile.name for profile in directory.profiles_of(others))  # bots have none
    for other in others:
        values.update(a.value for a in directory.addresses(other))
    found = sorted(filter(None, values), key=len, reverse=True)
    if not found:
        return lambda text: text
    pattern = re.compile(
        r"(?<!\w)(" + "|".join(re.escape(v) for v in found) + r")(?!\w)", re.IGNORECASE
    )
    return lambda text: pattern.sub(WITHHELD, text)


def _summary(line: Any, player: PlayerId) -> dict[str, Any]:
    """A game as the export lists it: the player's own seat, not who sat opposite (their name and
    id are theirs; the finished game's log names them by id, as its public replay does)."""
    return {
        "game_id": line.game_id,
        "seat": list(line.players).index(player) + 1,
        "status": str(line.status),
        "since": line.since.isoformat(),
        "version": line.version,
    }
