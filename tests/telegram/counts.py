"""What a game costs in Telegram messages (issue 34): the new messages — what notifies — and the
edits the bot makes in a set of chats while something is done, counted from the fake Bot API's
calls.  ``test_message_counts.py`` holds the bot to its budget; its figures are in
``docs/benchmarks.md`` ("Issue 34 counts")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from tests.telegram.fake_api import FakeTelegram

NEW = frozenset({"sendMessage", "sendPhoto", "sendDocument"})
EDITS = frozenset({"editMessageText", "editMessageReplyMarkup", "editMessageCaption"})


@dataclass(frozen=True)
class Tally:
    new: int
    edits: int
    decisions: int = 1

    @property
    def new_per_decision(self) -> float:
        return self.new / self.decisions

    @property
    def edits_per_decision(self) -> float:
        return self.edits / self.decisions

    def __str__(self) -> str:
        return (
            f"{self.new} new and {self.edits} edits over {self.decisions} decisions: "
            f"{self.new_per_decision:.2f} new, {self.edits_per_decision:.2f} edits per decision"
        )


@dataclass(frozen=True)
class Counted:
    """The tally of each chat counted, and of them all."""

    chats: dict[int, Tally]

    @property
    def total(self) -> Tally:
        tallies = self.chats.values()
        decisions = max((t.decisions for t in tallies), default=1)
        return Tally(sum(t.new for t in tallies), sum(t.edits for t in tallies), decisions)

    def of(self, chat: int) -> Tally:
        return self.chats[chat]


def counted(fake: FakeTelegram, chats: Iterable[int], doing: Callable[[], int]) -> Counted:
    """The new messages and edits in each of ``chats`` while ``doing`` runs (it returns how
    many decisions it made)."""
    with fake.changed:
        start = len(fake.calls)
    decisions = doing()
    with fake.changed:
        calls = fake.calls[start:]
    return Counted(
        {
            chat: Tally(
                sum(c.method in NEW for c in calls if c.chat_id == chat),
                sum(c.method in EDITS for c in calls if c.chat_id == chat),
                decisions,
            )
            for chat in chats
        }
    )
