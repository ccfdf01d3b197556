"""``privacy``, ``my data`` and ``erase [CODE]`` by mail: what is kept about a player, everything
held about them as an attached file, and their erasure (``service.app.your_data``, the use cases
every channel shares; issue 25).

A mail's ``From`` can be forged, so nothing here acts on a player's data by it (issue 31):

* ``my data`` sends the file only on a reply to one of the player's game mails (its token, a
  reply address we signed, proves the mailbox, as for moves).  To the service's own address it
  sends a code instead, and ``my data CODE`` from that address sends the file;
* ``erase`` sends a code on any channel's terms (``YourData.erase``): random, for this address's
  channel only, good for 30 minutes and 5 tries; ``erase CODE`` erases;
* every answer goes to the player's own address, and at most one of each kind a day to an
  address (``ANSWERS_A_DAY``) — except the one that does what a right code confirmed — so
  forged requests cannot bomb a mailbox with files or codes.

``privacy`` answers anyone (once a day an address too).  A mail handled twice is not answered
twice: mail is handled once by its ``Message-ID``, and an erased sender's mail is stored done.
"""

from __future__ import annotations

from datetime import timedelta

from adapters.email.desk import Desk
from adapters.email.inbound import Inbound, answer_word
from adapters.email.letters import Letter
from service.app.your_data import WrongCode, YourData
from service.game.events import PlayerId
from service.ports.confirmations import Checked, Purpose
from service.ports.directory import Address
from service.rules.errors import N_, IllegalAction
from service.words.privacy import privacy_text
from service.words.refusals import refusal_text

ABOUT_YOU = N_(
    "privacy: what is kept about you, and for how long; my data: all of it, as a file; "
    "erase: erase it"
)
ERASE_HOW = N_("Reply erase {code} to erase everything held about you.")
DATA_HOW = N_(
    "Reply my data {code} within 30 minutes to get everything held about you as a file. If you "
    "did not ask for it, nothing will be sent."
)
ERASED = N_("Everything held about you is erased. Goodbye.")
ATTACHED = N_("Everything held about you is in the attached file.")
DATA_FILE = "conquian-data.json"
CHANNEL = "email"
"""The channel a code is given to, and taken back from."""
DAY = timedelta(days=1)
ANSWERS_A_DAY = 1
"""Answers of one kind (privacy, my data, erase) to one address in a day."""


class DataMail:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def handle(self, inbound: Inbound, player: PlayerId | None, signed: bool) -> str | None:
        """Answer ``inbound`` if it asks about the sender's data (what was done), else None.
        ``player`` is the sender's, if they are known; ``signed``: the mail came to a reply
        address we signed for them (a token), which proves it is theirs."""
        words = answer_word(inbound.command).split()  # "Privacy." too (issue 34)
        if words == ["privacy"]:
            return self._privacy(inbound)
        if words[:2] == ["my", "data"] and len(words) <= 3:
            return self._my_data(inbound, player, signed, words[2] if len(words) == 3 else "")
        if words[:1] == ["erase"] and len(words) <= 2:
            return self._erase(inbound, player, words[1] if len(words) == 2 else "")
        return None

    def claimed_player(self, inbound: Inbound) -> PlayerId | None:
        """The player whose proven address the mail (to the service's address) says it is from:
        who it claims to be, which a code sent there, not the ``From``, must prove."""
        desk = self.desk
        if not desk.consent.proven(inbound.sender):
            return None
        return desk.directory.player_at(Address("email", inbound.sender.lower()))

    def _privacy(self, inbound: Inbound) -> str:
        if not self.may_answer(inbound, "privacy"):
            return "privacy: not answered (one a day)"
        tr = self.desk.tr_for(inbound)
        text = privacy_text(tr, self._your_data().kept)
        self.desk.notes.note(inbound, Letter((text,), replies=False, tr=tr))
        return "privacy"

    def _my_data(self, inbound: Inbound, player: PlayerId | None, signed: bool, code: str) -> str:
        if player is None:
            return self._unproven(inbound)
        codes = self._your_data().codes
        if code:
            if codes.check(player, Purpose.DATA, CHANNEL, code) is Checked.CONFIRMED:
                return self._send_data(inbound, player)
            return self._refuse(inbound, "my data", WrongCode())
        if not self.may_answer(inbound, "my data"):
            return "my data: not answered (one a day)"
        if signed:
            return self._send_data(inbound, player)
        tr = self.desk.tr_for(inbound)
        how = tr.gettext(DATA_HOW, code=codes.issue(player, Purpose.DATA, CHANNEL))
        self.desk.notes.note(inbound, Letter((how,), replies=False, tr=tr))
        return "my data: code sent"

    def _send_data(self, inbound: Inbound, player: PlayerId) -> str:
        tr = self.desk.tr_for(inbound)
        data = self._your_data().export(player).as_text().encode()
        letter = Letter((tr.gettext(ATTACHED),), replies=False, tr=tr, attachment=(DATA_FILE, data))
        self.desk.notes.note(inbound, letter)
        return "my data: sent"

    def _erase(self, inbound: Inbound, player: PlayerId | None, code: str) -> str:
        if player is None:
            return self._unproven(inbound)
        if not code and not self.may_answer(inbound, "erase"):
            return "erase: not answered (one a day)"
        tr = self.desk.tr_for(inbound)
        try:
            self._your_data().erase(player, code, CHANNEL)
        except IllegalAction as error:
            found = error.params.get("code")
            if code:  # a wrong code, or nothing to erase
                return self._refuse(inbound, "erase", error)
            how = () if found is None else (tr.gettext(ERASE_HOW, code=found),)
            text = (refusal_text(error, tr=tr), *how)
            self.desk.notes.note(inbound, Letter(text, replies=False, tr=tr))
            return f"erase: refused ({error.code})"
        self.desk.notes.farewell(inbound, Letter((tr.gettext(ERASED),), replies=False, tr=tr))
        return "erased"

    def _refuse(self, inbound: Inbound, kind: str, error: IllegalAction) -> str:
        """A wrong code, or nothing to erase: said once a day (the sender may be a forger)."""
        if not self.may_answer(inbound, kind):
            return f"{kind}: refused ({error.code}), not answered (one a day)"
        tr = self.desk.tr_for(inbound)
        self.desk.notes.note(inbound, Letter((refusal_text(error, tr=tr),), replies=False, tr=tr))
        return f"{kind}: refused ({error.code})"

    def may_answer(self, inbound: Inbound, kind: str) -> bool:
        """Whether ``inbound`` may be answered: one answer of ``kind`` a day to its sender (the
        data commands here, and ``games`` and ``mail …`` to the service's address)."""
        desk = self.desk
        now = desk.clock.now()
        key = f"data-mail:{kind}:{inbound.sender.lower()}"
        return desk.quotas.take(key, ANSWERS_A_DAY, now - DAY, now) is not None

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
