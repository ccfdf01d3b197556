"""The text commands of talk at the table, shared by every channel (issue 20):

    say good luck!            write to the opponent (the rest of the line, as written)
    gg, thanks, away, gl      the preset phrases: good game, thanks, sorry I was away, good luck
    offer draw|adjourn|rematch
    accept, decline           answer the opponent's standing offer (or rematch offer)
    withdraw                  take back your own standing offer
    mute, unmute              stop or start again hearing the opponent's messages in this game
    mute for good             never hear this opponent's messages again, in any game (``unmute``
                              undoes it too)
    report [n]                report the opponent's message n (their latest) to the operators

Read before the move grammar (``grammar.parse_command``), on the text as typed: a message keeps
its case and punctuation.  The words are read in every language (``vocabulary``).  ``decline`` is an answer only while an offer waits for the player;
otherwise it is the move grammar's (a force declined).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.game.talk_events import ADJOURN, DRAW
from service.language.vocabulary import in_english
from service.words.grammar import UnexpectedWords, UnknownCommand

REMATCH = "rematch"
PRESETS = {"gg": "good_game", "thanks": "thanks", "away": "away", "gl": "good_luck"}
"""Each preset phrase's command word and its stored name (``talk_events.PHRASES``)."""
FOR_GOOD = ["for", "good"]
"""The words after ``mute`` that make it hold in every game (any language's, in English)."""


@dataclass(frozen=True, slots=True)
class SayText:
    text: str
    phrase: str = ""


@dataclass(frozen=True, slots=True)
class MakeOffer:
    kind: str
    """``draw``, ``adjourn`` or ``rematch``."""


@dataclass(frozen=True, slots=True)
class AnswerOffer:
    accepted: bool


@dataclass(frozen=True, slots=True)
class WithdrawOffer:
    pass


@dataclass(frozen=True, slots=True)
class SetMute:
    muted: bool
    for_good: bool = False
    """In every game with this opponent, not only this one (``players.muting``)."""


@dataclass(frozen=True, slots=True)
class ReportMessage:
    message: int | None = None


TalkRequest = SayText | MakeOffer | AnswerOffer | WithdrawOffer | SetMute | ReportMessage


def talk_command(text: str, answering: bool) -> TalkRequest | None:
    """The talk command ``text`` asks for, or None when it is not one (a move, a look …).
    ``answering``: an offer of the opponent's waits for this player's answer."""
    stripped = text.strip()
    head, _, rest = stripped.partition(" ")
    verb = head.lower().removeprefix("/")
    if verb == "say" or in_english([verb]) == ["say"]:  # ``decir hola`` as ``say hola``
        return SayText(rest)
    words = in_english([word.lower() for word in stripped.split()])
    if not words:
        return None
    verb, more = words[0], words[1:]
    if verb in PRESETS:
        _no_more(more)
        return SayText("", PRESETS[verb])
    if verb == "offer":
        if more in ([DRAW], [ADJOURN], [REMATCH]):
            return MakeOffer(more[0])
        if not more:
            raise UnknownCommand(word="offer")
        raise UnexpectedWords(words=" ".join(more))
    if verb in ("accept", "decline") and (answering or verb == "accept"):
        _no_more(more)
        return AnswerOffer(verb == "accept")
    if verb in ("mute", "unmute") and more == FOR_GOOD:
        return SetMute(verb == "mute", for_good=True)
    simple: dict[str, TalkRequest] = {
        "withdraw": WithdrawOffer(),
        "mute": SetMute(True),
        "unmute": SetMute(False),
    }
    if verb in simple:
        _no_more(more)
        return simple[verb]
    if verb == "report":
        if more and more[0].isdigit() and len(more) == 1 and len(more[0]) < 10:
            return ReportMessage(int(more[0]))
        _no_more(more)
        return ReportMessage()
    return None


def _no_more(words: list[str]) -> None:
    if words:
        raise UnexpectedWords(words=" ".join(words))
