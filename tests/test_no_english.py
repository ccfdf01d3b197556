"""No English is left in what a player of each of the five other languages reads: their turn
message at every decision of a whole deal (text and buttons), their reminders (Telegram and mail)
and every error answer.

Two checks on the rendered output: a recording catalog notes every message the language's catalog
lacks (a catalog miss, which gettext would quietly show in English), and the output is scanned
for the English catalog's words that the language's translations never use
(``tests/english_left.py``), which only an untranslated sentence (or a hard-coded one) brings.
The pages, a whole game on Telegram and by mail, and the terminal have their own such tests
(``tests/web/test_no_english_pages.py``, ``tests/channels/test_no_english_channels.py``,
``tests/cli/test_no_english_terminal.py``)."""

from __future__ import annotations

import gettext
import random
import string
from datetime import UTC, datetime, timedelta

import pytest

from adapters.email.letters import letter_text
from adapters.email.sender import notice_letter
from adapters.telegram.keyboards import turn_keyboard
from adapters.telegram.render import due_text, table_text_for
from service.app.games import GameService
from service.bots.policies import greedy_bot
from service.delivery.notices import Notice
from service.game import errors, instruction_errors
from service.language.translation import LOCALES, Phrase, Translator
from service.players import linking
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.rules import errors as rules_errors
from service.rules.cards import DECK
from service.rules.errors import IllegalAction
from service.words import grammar as commands
from service.words import lobby
from service.words.refusals import refusal_text
from service.words.time_commands import BadDuration
from tests.english_left import english_left

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
LANGUAGES = ("es", "fil", "uk", "ms", "hi")


class Recording(gettext.NullTranslations):
    """A language's compiled catalog that notes every message it lacks."""

    def __init__(self, language: str) -> None:
        super().__init__()
        with open(LOCALES / language / "LC_MESSAGES" / "messages.mo", "rb") as file:
            self.catalog = gettext.GNUTranslations(file)
        self.misses: list[str] = []

    def _has(self, key: object, message: str) -> None:
        if key not in self.catalog._catalog:  # type: ignore[attr-defined]
            self.misses.append(message)

    def gettext(self, message: str) -> str:
        self._has(message, message)
        return self.catalog.gettext(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self._has((msgid1, 0), msgid1)
        return self.catalog.ngettext(msgid1, msgid2, n)

    def pgettext(self, context: str, message: str) -> str:
        self._has(f"{context}\x04{message}", message)
        return self.catalog.pgettext(context, message)


@pytest.fixture(params=LANGUAGES)
def reader(request: pytest.FixtureRequest) -> tuple[Translator, Recording]:
    recording = Recording(request.param)
    return Translator(request.param, recording), recording


def english(text: str, tr: Translator) -> list[str]:
    return english_left(text, tr.language, ("Ana", "Ben"))


def test_a_turn_message_has_no_english_at_any_decision_of_a_deal(
    reader: tuple[Translator, Recording],
) -> None:
    tr, recording = reader
    service = GameService(InMemoryEventStore(), ManualClock(T0), SeededChance(4))
    game_id = service.open_game("ana")  # type: ignore[arg-type]
    service.join(service.game(game_id).invitation, "ben")  # type: ignore[arg-type]
    rng = random.Random(2)
    shown = 0
    while (game := service.game(game_id)).status == "playing":
        assert game.to_act is not None
        _, view = service.view(game_id, game.to_act)
        due = due_text(T0 + timedelta(hours=20), "America/Mexico_City", T0, tr)
        text = table_text_for(view, game_id, ("Ana", "Ben"), due, tr)
        markup = turn_keyboard(game_id, game.version, view, tr)
        labels = [b.text for row in (markup.inline_keyboard if markup else ()) for b in row]
        assert english(text, tr) == [] and english(" ".join(labels), tr) == [], (text, labels)
        service.act(game_id, game.to_act, greedy_bot(view, rng))
        shown += 1
    assert shown > 5
    assert recording.misses == []


def test_a_reminder_has_no_english(reader: tuple[Translator, Recording]) -> None:
    tr, recording = reader
    service = GameService(InMemoryEventStore(), ManualClock(T0), SeededChance(4))
    game_id = service.open_game("ana")  # type: ignore[arg-type]
    service.join(service.game(game_id).invitation, "ben")  # type: ignore[arg-type]
    game = service.game(game_id)
    assert game.to_act is not None
    _, view = service.view(game_id, game.to_act)
    notice = Notice(game_id, game.to_act, "reminder", (), view, game.version, True, tr.when(T0))
    text = letter_text(notice_letter(notice, "Ben", tr))
    telegram = tr.gettext("⏰ Reminder: this game waits for your move.")
    assert english(text, tr) == [] and english(telegram, tr) == [], text
    assert recording.misses == []


def every_refusal() -> list[type[IllegalAction]]:
    found: list[type[IllegalAction]] = []
    for module in (rules_errors, errors, commands, instruction_errors, linking, lobby):
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, IllegalAction) and value not in found:
                found.append(value)
    return [*found, BadDuration]


@pytest.mark.parametrize("refusal", every_refusal(), ids=lambda kind: kind.__name__)
def test_every_error_answer_has_no_english(
    refusal: type[IllegalAction], reader: tuple[Translator, Recording]
) -> None:
    tr, recording = reader
    fields = [name for _, name, _, _ in string.Formatter().parse(refusal.template) if name]
    samples = {name: "7" if name in ("seat", "count", "left") else DECK[6] for name in fields}
    if "reason" in fields:
        samples["reason"] = Phrase("Quiet hours must not cover the whole day.")
    text = refusal_text(refusal(**samples), tr=tr)
    assert english(text, tr) == [], text
    assert recording.misses == []
