"""Finding an opponent on Telegram (issue 36): ``/seek``, ``/lobby``, ``/pair``, ``/unpair``,
``/withdraw CODE`` (and ``/accept CODE``), and the *Accept* button under each seek of a listing.

The words are the one grammar of the lobby (``service.words.seek_words``), the answers the lobby's
(``Lobby.request``, handled once under the update's key, a refusal too), the wording
``seek_replies``'s: this part only lays them out and adds the commands a player can send next.
A listing names an owner only where the service allows it (a private player is "a player").
An *Accept* button carries its seek's id (``callbacks``: ``k0:<seek>:0:``); pressed after
someone else took the seek, or after it was withdrawn or expired, it is answered that the seek
is gone and changes nothing.  Seeking is for private chats: a seek's game is played there.

When a seek is accepted, the taker's first board comes as the answer; its owner, and both
players of a pair, hear of the game from the outbox on their own channel, as of any join.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.asking import Asking
from adapters.telegram.callbacks import Press
from adapters.telegram.incoming import Pressed, Said
from service.app.lobby import Lobby
from service.app.replies import Reply, Shown, Told
from service.game.events import GameId
from service.language.translation import Translator
from service.rules.errors import N_
from service.seeks import requests
from service.seeks.listing import SeekFilter
from service.seeks.seeks import SeekId
from service.words.refusals import Refused, refusal_text
from service.words.seek_replies import LOBBY_AS_IT_IS, listed_line, seek_code, seek_said
from service.words.seek_words import LookAtLobby, read_seek_command

SEEK_HELP = N_(
    "/seek [options] [rating 1400-1800] [reliable 80] [days 7] — an open challenge in the "
    "lobby, with /new's options; /lobby — the open seeks, to accept; /pair [options] — be "
    "paired with anyone whose terms fit; /unpair — stop waiting; /withdraw CODE — take your "
    "seek out"
)
"""The lobby's commands, for ``/help`` and after words the lobby cannot read."""
NOT_HERE = N_(
    "Find an opponent in your private chat with me: a seek's game is played there, with your hand."
)
LISTED = 10
"""Seeks a listing shows with their buttons (Telegram's keyboards stay short)."""


def is_seek_command(name: str, args: list[str]) -> bool:
    """Whether ``/name args`` is the lobby's: ``/accept`` and ``/withdraw`` are also talk's
    (an offer's), told apart by the seek's code they name."""
    if name in ("seek", "lobby", "pair", "unpair"):
        return True
    return name in ("accept", "withdraw") and len(args) == 1 and not args[0].startswith("#")


def accept_button(seek_id: SeekId, tr: Translator) -> InlineKeyboardButton:
    label = tr.pgettext("button", "Accept {code}", code=seek_code(seek_id))
    return InlineKeyboardButton(label, callback_data=Press("seek", GameId(seek_id), 0).encode())


class Seeking(Asking[requests.SeekRequest]):
    where = NOT_HERE
    unwired = "no lobby"

    @property
    def lobby(self) -> Lobby | None:
        return self.channel.lobby

    def way_in(self) -> Lobby | None:
        return self.lobby

    def read(self, said: Said, text: str) -> requests.SeekRequest | None:
        asked = read_seek_command(said.player, text)
        if isinstance(asked, LookAtLobby):
            self.channel.record(said.key, Shown("lobby"))
            self._listing(said, SeekFilter(rated=asked.rated))
            return None
        assert asked is not None  # ``is_seek_command`` let only the lobby's verbs through
        return asked

    def asked_by(self, pressed: Pressed, press: Press) -> requests.SeekRequest:
        """*Accept* under a listed seek: the seek is the presser's, or it is gone."""
        return requests.AcceptSeek(pressed.player, SeekId(press.game_id))

    def answer(self, said: Said, reply: Reply) -> None:
        tr = said.tr
        match reply:
            case requests.SeekAccepted(game_id=game_id):
                self.screens.turn(said.player, game_id, [seek_said(reply, tr)])
            case (
                requests.SeekPublished()
                | requests.SeekWithdrawn()
                | requests.PairingWaited()
                | requests.PairingLeft()
            ):
                self.screens.say(said.chat_id, f"{seek_said(reply, tr)}\n{_next(reply, tr)}")
            case Refused(code=code):
                after = (
                    SEEK_HELP if code not in LOBBY_AS_IT_IS else N_("/lobby shows the open seeks.")
                )
                text = f"⚠ {refusal_text(reply, tr)}\n\n{tr.gettext(after)}"
                self.screens.say(said.chat_id, text)
            case Told(text=text):
                self.screens.say(said.chat_id, f"⚠ {text}")

    def _listing(self, said: Said, wanted: SeekFilter) -> None:
        """The open seeks that admit the player, each with its *Accept* button (not their own)."""
        lobby, tr = self.lobby, said.tr
        assert lobby is not None
        listed = lobby.listing(said.player, wanted)[:LISTED]
        if not listed:
            text = tr.gettext(
                "No open seek fits you now. /seek publishes yours; /pair waits for anyone whose "
                "terms fit."
            )
            self.screens.say(said.chat_id, text)
            return
        name_of = lambda player: self.channel.name(player, tr)  # noqa: E731
        lines = [listed_line(one, name_of, tr) for one in listed]
        buttons = [[accept_button(one.seek_id, tr)] for one in listed if not one.own]
        heading = tr.gettext("Open seeks (code · who · terms):")
        text = "\n".join([heading, *lines, "", tr.gettext("/withdraw CODE takes your seek out.")])
        self.screens.say(said.chat_id, text, InlineKeyboardMarkup(buttons) if buttons else None)


def _next(reply: requests.SeekReply, tr: Translator) -> str:
    """The commands a player can send after a lobby request."""
    match reply:
        case requests.SeekPublished(seek_id=seek_id):
            return tr.gettext(
                "/withdraw {code} takes it out of the lobby; /lobby shows the open seeks.",
                code=seek_code(seek_id),
            )
        case requests.PairingWaited():
            return tr.gettext("/unpair stops waiting.")
    return tr.gettext(
        "/seek publishes a seek; /pair waits for anyone whose terms fit; /lobby shows the open seeks."
    )
