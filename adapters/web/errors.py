"""How a refusal becomes an HTTP answer: one JSON shape and the status that says what went wrong.

``{"error": {"code": ..., "message": ..., "params": {...}}}`` for every refusal of the API, the
service's own (``IllegalAction`` codes) and the web's (bad JSON, a missing token, a rate limit).
A refusal of the game is told to the player in their language (the one the game's other channels
speak to them in); the web's own refusals of a request's form are for the client's programmer
and stay English (``docs/decisions/languages-the-api-speaks-the-players-language.md``).
"""

from __future__ import annotations

from service.app.rematches import OpponentLeft
from service.app.reviewing import ReviewNotYet
from service.app.your_data import NotConfirmed, NothingToErase, WrongCode
from service.game.errors import (
    GameCalledOff,
    GameNotOver,
    GameNotStarted,
    GameStarted,
    InvitationUsed,
    InvitationWithdrawn,
    NoRematchOffered,
    NoSuchGame,
    NotAPlayer,
    OwnInvitation,
    RematchNotYet,
    StaleVersion,
    UnknownInvitation,
)
from service.language.translation import ENGLISH, Translator
from service.rules.errors import IllegalAction
from service.rules.variants import DeckFaces
from service.seeks.errors import (
    BadWanted,
    NotWanted,
    NotYourSeek,
    OwnSeek,
    SeekGone,
    SeekLasts,
    TooManyAccepts,
    TooManyGames,
    TooManySeeks,
)
from service.tournaments.errors import (
    BadTournamentTerms,
    EntriesClosed,
    MayNotCreate,
    NotEntered,
    TooManyTournaments,
    TournamentFull,
    TournamentOver,
    UnknownTournament,
)
from service.words.lobby import BadNumber, NumberTooLarge
from service.words.refusals import Refused, refusal_text

_STATUS: dict[type[IllegalAction], int] = {
    StaleVersion: 409,
    NotAPlayer: 403,
    NoSuchGame: 404,
    UnknownInvitation: 404,
    GameNotStarted: 409,
    InvitationUsed: 409,
    InvitationWithdrawn: 410,
    GameCalledOff: 410,
    GameStarted: 409,
    OwnInvitation: 409,
    GameNotOver: 409,
    ReviewNotYet: 409,
    RematchNotYet: 409,
    NoRematchOffered: 409,
    OpponentLeft: 409,
    BadNumber: 400,
    NumberTooLarge: 400,
    NotConfirmed: 409,
    WrongCode: 409,
    NothingToErase: 410,
    SeekGone: 409,
    OwnSeek: 409,
    NotYourSeek: 403,
    NotWanted: 403,
    TooManyGames: 409,
    TooManySeeks: 409,
    TooManyAccepts: 409,
    BadWanted: 400,
    SeekLasts: 400,
    UnknownTournament: 404,
    EntriesClosed: 409,
    TournamentFull: 409,
    NotEntered: 409,
    TournamentOver: 409,
    BadTournamentTerms: 400,
    MayNotCreate: 403,
    TooManyTournaments: 409,
}
"""Refusals about the request's standing, and numbers a field cannot hold (the API's schema
bounds them); anything else the rules or the grammar refuse is 422."""
_BY_CODE = {kind.code: status for kind, status in _STATUS.items()}


def status_of(error: IllegalAction | Refused) -> int:
    """The HTTP status a refusal is answered with, by the API and the pages alike: by its code,
    so a refusal the intake recorded (``Refused``) is answered as it was the first time."""
    return _BY_CODE.get(error.code, 422)


class ApiError(Exception):
    """A refusal to answer with ``status`` and the error body."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        params: dict[str, str] | None = None,
        refusal: IllegalAction | Refused | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.params = params or {}
        self.refusal = refusal
        """The game's refusal this answers, worded again in the reader's language."""

    @classmethod
    def of(cls, error: IllegalAction | Refused, faces: DeckFaces = DeckFaces.FRENCH) -> ApiError:
        """The answer to a refusal of the service or the rules, or to one the intake recorded."""
        status = status_of(error)
        params = {name: str(value) for name, value in error.params.items()}
        return cls(status, error.code, refusal_text(error, faces=faces), params, error)

    def body(self, tr: Translator = ENGLISH) -> dict[str, object]:
        """The answer's body; a refusal of the game is worded in ``tr``'s language."""
        message = self.message if self.refusal is None else refusal_text(self.refusal, tr=tr)
        return {"error": {"code": self.code, "message": message, "params": self.params}}


def bad_request(message: str, code: str = "bad_request") -> ApiError:
    return ApiError(400, code, message)


def forbidden(message: str = "A valid player token is required.") -> ApiError:
    return ApiError(403, "forbidden", message)


def not_found(message: str = "There is no such game.") -> ApiError:
    return ApiError(404, "not_found", message)
