"""The data commands by mail (issue 31): ``privacy``, ``my data [CODE]``, ``erase [CODE]`` and
``stop``, from the player, from forgers of her address and from strangers, to the service's
address, to her genuine reply address and to altered ones, with the code she was last mailed,
the code the service used to derive from her id, or any six digits — sometimes the same mail
delivered again, sometimes after minutes, hours or a day.

After each: nothing was logged as a failure and the mail is handled; a mail delivered again is
not handled again (no answer, nothing done); Ana is erased only by ``erase`` with the code she
was mailed, from her address, and she or Ben is stopped only by ``stop`` to their own reply address; and no
address got more than one answer of a kind (privacy, my data, erase) in a day — but for the one
that does what a right code confirmed (the file sent, the erasure).  An erased Ana comes back as
a new player (the operators lift the never-mail list's entry her erasure made: it is checked, then
lifted), so the cases go on.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from sqlalchemy import delete

from adapters.sql.email_tables import mail_suppressions
from tests.email.test_your_data_trust import derived_code
from tests.email.world import ANA, BEN, SERVICE
from tests.reliability.fuzz.inputs import PIPELINE_EXAMPLES, seeded, some_text
from tests.reliability.fuzz.mail_ground import MailGround

STRANGER = "cy@example.org"
SENDERS = (ANA, ANA, ANA, "ANA@Example.org", f"Ana <{ANA}>", BEN, STRANGER)
RECIPIENTS = ("service", "service", "ana", "ana", "ben", "altered")
COMMANDS = ("privacy", "my data", "my data CODE", "erase", "erase CODE", "erase CODE", "stop")
CODES = ("mailed", "mailed", "derived", "random", "empty")
WAITS = (0, 0, 0, 1, 45, 60 * 5, 60 * 24)
"""Minutes between one mail and the next."""
KINDS = {"privacy": "privacy", "my": "my data", "erase": "erase"}
ACTS = ("erased", "my data: sent")
DAY = timedelta(days=1)


@dataclass(frozen=True)
class DataCase:
    sender: str
    recipient: str
    command: str
    code: str
    wait: int
    again: bool
    quote: str


def data_case(rng: random.Random) -> DataCase:
    return DataCase(
        rng.choice(SENDERS),
        rng.choice(RECIPIENTS),
        rng.choice(COMMANDS),
        rng.choice(CODES),
        rng.choice(WAITS),
        rng.randrange(6) == 0,
        some_text(rng) if rng.randrange(3) == 0 else "",
    )


class DataMail(MailGround):
    """The data commands by mail through the email channel's handler, on SQLite."""

    name = "email data commands"
    examples = PIPELINE_EXAMPLES // 20
    """A twentieth of the other mail's cases: one takes about 35 ms (a code or a file mailed,
    quotas counted), the other mail's 2-10 ms; a thousand still erase Ana a few times."""
    cases = seeded(data_case)

    def __init__(self, data_dir: Path | None = None) -> None:
        super().__init__(data_dir, ("Ben", BEN))  # Ana joins in ``_ana``, again after an erasure
        self.answered: dict[tuple[str, str], datetime] = {}
        self.mailed: dict[str, str] = {}
        self._ana()

    def _ana(self) -> None:
        """Ana, a proven player in a game with Ben (again, after she was erased)."""
        self.world.register("Ana", ANA)
        self.game_id = self.world.start_game(ANA, BEN)
        self.tokens = {
            "ana": str(self.world.latest(ANA).message["Reply-To"]),
            "ben": str(self.world.latest(BEN).message["Reply-To"]),
        }
        self.mailed = {}
        self.answered = {k: v for k, v in self.answered.items() if k[0] != ANA}  # a new player
        self.sink.received.clear()

    def check(self, case: DataCase) -> None:
        world = self.world
        world.clock.advance(minutes=case.wait)
        ana = world.players[ANA]
        raw = self._mail(case)
        self.failures.records.clear()
        key = self.handler.receive(raw, ())
        done = self.handler.handle_waiting()
        world.drain()
        assert not self.failures.records, self.failures.records[0].getMessage()
        assert not self.handler.store.waiting(1), "a mail is left waiting"
        outcome = done.get(key, "")
        if case.again:
            sent = len(self.sink.received)
            assert self.handler.receive(raw, ()) == key
            again = self.handler.handle_waiting()
            assert again == {}, ("a mail was handled twice", case, outcome, again)
            world.drain()
            assert len(self.sink.received) == sent
        self._count(case, outcome)
        erased = world.wiring.directory.profile(ana).former
        if erased:
            assert outcome == "erased", outcome
            assert _address(case.sender) == ANA, case
            assert case.command == "erase CODE" and case.code == "mailed", case
            stopped = world.channel.handler.consent.stopped(ANA)
            assert stopped, "an erased player's address is never mailed again"
            self._lift_suppressions()
        for address, own in ((ANA, "ana"), (BEN, "ben")):
            if world.channel.handler.consent.stopped(address):
                assert case.command == "stop" and case.recipient == own, case
                assert _address(case.sender) == address, case
                world.channel.handler.consent.prove(address, world.clock.now())
        self._remember_codes()
        if erased:
            self._ana()

    def _lift_suppressions(self) -> None:
        """What the operators do when an erased person asks for our mail again (nothing in the
        service lifts it): so the erased Ana can come back, and the cases go on."""
        with self.world.wiring.engine.begin() as connection:
            connection.execute(delete(mail_suppressions))

    def _mail(self, case: DataCase) -> bytes:
        code = {
            "mailed": self.mailed.get(case.command.split()[0], "000000"),
            "derived": derived_code(self.world, self.world.players[ANA]),
            "random": f"{random.Random(next(self.numbers)).randrange(10**6):06d}",
            "empty": "",
        }[case.code]
        recipient = {
            "service": SERVICE,
            "ana": self.tokens["ana"],
            "ben": self.tokens["ben"],
            "altered": self.tokens["ana"].replace("reply+", "reply+9"),
        }[case.recipient]
        message = EmailMessage()
        message["From"] = case.sender
        message["To"] = recipient
        message["Subject"] = "Re: Conquian"
        message["Message-ID"] = f"<data{next(self.numbers)}@example.org>"
        body = case.command.replace("CODE", code).strip()
        message.set_content(f"{body}\n\n> {case.quote}\n" if case.quote else body + "\n")
        return message.as_bytes()

    def _count(self, case: DataCase, outcome: str) -> None:
        """Check that no address got a second answer of the case's kind within a day."""
        kind = KINDS.get(case.command.split()[0])
        acted = outcome in ACTS and "CODE" in case.command and case.code != "empty"
        if kind is None or acted or outcome.startswith("refused:"):
            return  # not a data answer, or the act a code confirmed; refusals: issue 24's limit
        now = self.world.clock.now()
        for mail in self.sink.received:
            last = self.answered.get((mail.to.lower(), kind))
            assert last is None or now - last >= DAY, (case, outcome, last, now)
            self.answered[(mail.to.lower(), kind)] = now

    def _remember_codes(self) -> None:
        """The codes last mailed to Ana (what only her mailbox sees)."""
        for mail in self.sink.received:
            if mail.to.lower() != ANA:
                continue
            for kind, pattern in (("erase", r"erase (\d{6})"), ("my", r"my data (\d{6})")):
                found = re.search(pattern, mail.text())
                if found:
                    self.mailed[kind] = found.group(1)
        self.sink.received.clear()

    @staticmethod
    def large_cases(rng: random.Random) -> list[Any]:
        """A data command with 64 KB of quoted text below it."""
        return [
            DataCase(ANA, "ana", command, "mailed", 0, False, some_text(rng) * 200)
            for command in ("my data", "erase")
        ]


def _address(sender: str) -> str:
    """The address of a ``From`` of the cases."""
    return sender.lower().removeprefix("ana <").removesuffix(">")
