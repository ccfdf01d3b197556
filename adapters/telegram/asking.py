"""``Asking``: a part of the bot whose commands and buttons are requests of one of the service's
ways in (``Lobby.request``, ``Tournaments.request``).

Reading a typed command, asking it once under the update's key (a refusal too) and answering a
button's press are the same for each such part, so they are written here once; a part says how
its words are read (and what it shows without asking), what a press asks, and how it lays out
the replies with the commands a player can send next.
"""

from __future__ import annotations

from typing import Generic, TypeVar

from adapters.telegram.callbacks import Press
from adapters.telegram.channel import SOURCE
from adapters.telegram.incoming import Pressed, Said, said_by_press
from adapters.telegram.screens import ChatPart
from service.app.lobby_requests import WayIn
from service.app.replies import Reply, Told
from service.rules.errors import IllegalAction
from service.words.refusals import Refused, refusal_text

Asked = TypeVar("Asked")


class Asking(ChatPart, Generic[Asked]):
    where: str
    """Where the part's commands are sent instead of a group (a private chat, and why)."""
    unwired: str
    """What the record says of a press on a bot wired without the part (tests of other parts)."""

    def way_in(self) -> WayIn[Asked] | None:
        raise NotImplementedError

    def read(self, said: Said, text: str) -> Asked | None:
        """The request ``text`` asks for; None when the part answered it without asking (a
        listing).  Words it cannot read are refused (``IllegalAction``)."""
        raise NotImplementedError

    def asked_by(self, pressed: Pressed, press: Press) -> Asked:
        """What a press of the part's button asks."""
        raise NotImplementedError

    def answer(self, said: Said, reply: Reply) -> None:
        """The reply laid out, with the commands the player can send next."""
        raise NotImplementedError

    def command(self, said: Said, name: str, args: list[str]) -> None:
        """A command typed in a chat: read, asked once, answered."""
        way_in = self.way_in()
        if self.not_here(said, name, way_in is not None, self.where):
            return
        assert way_in is not None
        try:
            asked = self.read(said, " ".join([name, *args]))
        except IllegalAction as error:
            self.answer(said, self.channel.record(said.key, Refused.of(error)))
            return
        if asked is not None:
            self.answer(said, way_in.request(SOURCE, said.key, said.payload, asked))

    def pressed(self, pressed: Pressed, press: Press) -> None:
        """The part's button under a listed line: asked once, answered, or refused with why (in
        an alert, changing nothing)."""
        tr, way_in = pressed.tr, self.way_in()
        if way_in is None:
            self.channel.record(pressed.key, Told(self.unwired, refused=True))
            self.channel.api.answer(
                pressed.callback_id, tr.gettext("This button is not one of mine.")
            )
            return
        reply = way_in.request(SOURCE, pressed.key, pressed.payload, self.asked_by(pressed, press))
        if isinstance(reply, Refused):
            self.channel.api.answer(pressed.callback_id, refusal_text(reply, tr), alert=True)
            return
        self.channel.api.answer(pressed.callback_id)
        self.answer(said_by_press(pressed), reply)
