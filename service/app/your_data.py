"""A player's data (issue 25): everything held about them, to download, and their erasure — the
two use cases every channel offers (``/mydata`` and ``/erase`` on Telegram, ``my data`` and
``erase`` by mail, the player's page, ``GET /api/v1/players/{id}/data`` and ``DELETE
/api/v1/players/{id}``) and only wires.

Erasure cannot be undone, so it is confirmed: the first request is refused with a code
(``NotConfirmed``), and the request repeated with that code erases.  The code is a MAC of the
player's id under the service's secret (the key that signs web links), so it is the same on every
channel, needs no storage, and nobody who only knows the player's id and address (a mail's
``From`` can be forged) can work it out.  Erasing ends the player's running games by resignation and calls off their open
ones (ordinary appends: the log stays whole and every finished game still verifies), then the
``PersonalData`` port removes the rest.  An erasure is not recorded in the inbox like other
requests: the request's own row is among those it scrubs, and erasing twice changes nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any, Protocol

from service.game.events import GameId, PlayerId
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.log.file import export_lines
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
        "Erasing removes your name, your addresses and your settings for good, and resigns the "
        "games you are playing; it cannot be undone. To go ahead, send the same request again "
        "with the code {code}."
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
    """The working rows that name them (inbox, outbox, the channels' tables), as text."""

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


class Games(Protocol):
    """What of the game service a player's data needs (``GameService`` is it)."""

    store: EventStore
    clock: Clock
    directory: Directory | None

    def leave(self, game_id: GameId, player: PlayerId) -> object: ...

    def cancel(self, game_id: GameId, player: PlayerId) -> object: ...

    def transcript(
        self, game_id: GameId, operator: bool = False, reader: PlayerId | None = None
    ) -> list[StoredEvent]: ...


class YourData:
    """Export and erasure of a player, over the game service and the ``PersonalData`` port."""

    def __init__(
        self,
        service: Games,
        personal: PersonalData,
        kept: Kept,
        secret: Callable[[], bytes] = lambda: b"",
    ) -> None:
        self.service = service
        self.personal = personal
        self.kept = kept
        self.secret = secret
        """The service's secret, read when a code is first needed."""
        """How long working rows are kept: what the privacy text says."""

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
        return PlayerData(
            player,
            {k: v for k, v in asdict(profile).items() if k != "player"},
            [{"channel": a.channel, "value": a.value} for a in found],
            [
                {"start": start.isoformat(), "end": end.isoformat()}
                for start, end in directory.vacations(player)
            ],
            [_summary(line) for line in summaries],
            logs,
            self.personal.held(player, found),
        )

    def erase(self, player: PlayerId, code: str) -> Erased:
        """Erase ``player`` if ``code`` is their confirmation code (``NotConfirmed`` with the code
        otherwise; ``NothingToErase`` for a player already erased)."""
        directory = self.service.directory
        assert directory is not None, "erasing a player needs the directory"
        profile = directory.profile(player)
        if profile.former:
            raise NothingToErase()
        expected = self.code(player)
        if not hmac.compare_digest(code.strip(), expected):
            raise NotConfirmed(code=expected)
        resigned = self._leave_games(player)
        found = directory.addresses(player)
        self.personal.erase(player, found, profile.name, self.service.clock.now())
        return Erased(player, resigned)

    def code(self, player: PlayerId) -> str:
        """Six digits that confirm ``player``'s erasure, the same on every channel."""
        digest = hmac.new(self.secret(), f"conquian-erase:{player}".encode(), hashlib.sha256)
        return f"{int(digest.hexdigest()[:12], 16) % 1_000_000:06d}"

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


def _summary(line: Any) -> dict[str, Any]:
    return {
        "game_id": line.game_id,
        "players": list(line.players),
        "status": str(line.status),
        "since": line.since.isoformat(),
        "version": line.version,
    }
