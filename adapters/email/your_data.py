"""``privacy``, ``my data`` and ``erase [CODE]`` by mail: what is kept about a player, everything
held about them as an attached file, and their erasure (``service.app.your_data``, the use cases
every channel shares; issue 25).

``my data`` and ``erase`` are read from a mail that proves its sender — a reply to one of the
player's game mails (its token) — or, to the service's own address, from a proven address (one
that answered our mail with its token before): the file goes only to the address it was asked
from, and the erasure's code, which only the service can make, only there too.  ``privacy``
answers anyone.  A mail handled twice is not answered twice: mail is handled once by its
``Message-ID``, and an erased sender's mail is stored done.
"""

from __future__ import annotations

from adapters.email.desk import Desk
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from service.app.your_data import YourData
from service.game.events import PlayerId
from service.ports.directory import Address
from service.rules.errors import N_, IllegalAction
from service.words.privacy import privacy_text
from service.words.refusals import refusal_text

ABOUT_YOU = N_(
    "privacy: what is kept about you, and for how long; my data: all of it, as a file; "
    "erase: erase it"
)
ERASE_HOW = N_("Reply erase {code} to erase everything held about you.")
ERASED = N_("Everything held about you is erased. Goodbye.")
ATTACHED = N_("Everything held about you is in the attached file.")
DATA_FILE = "conquian-data.json"


class DataMail:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def handle(self, inbound: Inbound, player: PlayerId | None) -> str | None:
        """Answer ``inbound`` if it asks about the sender's data (what was done), else None.
        ``player`` is the proven sender's, if they are known."""
        words = inbound.command.lower().split()
        if words == ["privacy"]:
            return self._privacy(inbound)
        if words == ["my", "data"]:
            return self._my_data(inbound, player)
        if words[:1] == ["erase"] and len(words) <= 2:
            return self._erase(inbound, player, words[1] if len(words) == 2 else "")
        return None

    def proven_player(self, inbound: Inbound) -> PlayerId | None:
        """The sender's player when the address is proven (mail to the service's address)."""
        desk = self.desk
        if not desk.consent.proven(inbound.sender):
            return None
        return desk.directory.player_at(Address("email", inbound.sender.lower()))

    def _privacy(self, inbound: Inbound) -> str:
        tr = self.desk.tr_for(inbound)
        if not self.desk.notes.may_answer_error(inbound.sender):
            return "privacy: not answered (an answer went out within the hour)"
        text = privacy_text(tr, self._your_data().kept)
        self.desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
        return "privacy"

    def _my_data(self, inbound: Inbound, player: PlayerId | None) -> str:
        if player is None:
            return self._unproven(inbound)
        tr = self.desk.tr_for(inbound)
        data = self._your_data().export(player).as_text().encode()
        letter = Letter((tr.gettext(ATTACHED),), replies=False, tr=tr, attachment=(DATA_FILE, data))
        self.desk.notes.note(inbound, letter)
        return "my data: sent"

    def _erase(self, inbound: Inbound, player: PlayerId | None, code: str) -> str:
        if player is None:
            return self._unproven(inbound)
        tr = self.desk.tr_for(inbound)
        try:
            self._your_data().erase(player, code)
        except IllegalAction as error:
            found = error.params.get("code")
            how = () if found is None else (tr.gettext(ERASE_HOW, code=found),)
            text = (refusal_text(error, tr=tr), *how)
            self.desk.notes.note(inbound, Letter(text, replies=False, tr=tr))
            return f"erase: refused ({error.code})"
        self.desk.notes.farewell(inbound, Letter((tr.gettext(ERASED),), replies=False, tr=tr))
        return "erased"

    def _unproven(self, inbound: Inbound) -> str:
        tr = self.desk.tr_for(inbound)
        why = tr.gettext(
            "To get or erase your data by mail, reply to a mail of one of your games: only that "
            "proves the address is yours."
        )
        return self.desk.notes.refuse(inbound, why)

    def _your_data(self) -> YourData:
        your_data = self.desk.service.your_data
        assert your_data is not None, "mail runs on the stores, which hold personal data"
        return your_data
