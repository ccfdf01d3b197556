"""The Telegram surfaces: button data (``callbacks.decode`` and what a press asks for) and whole
updates, stored and answered by the processor ``conquian telegram``'s poller and webhook call,
against the fake Bot API.

An update is what the webhook route lets through (a JSON object with an integer ``update_id``):
messages and button presses as Telegram sends them, with text and data from ``inputs``, from
the two players of a running game, a stranger and people never seen, in private chats and
groups — and objects that only look like updates.  After each one: nothing was logged as a
failure, the update is answered (no longer waiting), a person who wrote in private or pressed a
button heard back, every call stayed within Telegram's limits, and an update refused by the
service moved no game.
"""

from __future__ import annotations

import json
import logging
import random
import tempfile
from pathlib import Path
from typing import Any

from telegram import Update

from adapters.telegram.callbacks import LIMIT, Press, action_of, decode, selection
from adapters.telegram.channel import SOURCE
from adapters.telegram.processor import key_of
from service.delivery.dispatch import TryLater
from service.ports.memory_directory import SeededChance
from tests.reliability.fuzz.inputs import (
    EXAMPLES,
    LARGE,
    PIPELINE_EXAMPLES,
    json_value,
    large_texts,
    seeded,
    some_text,
)
from tests.reliability.fuzz.progress import progress
from tests.reliability.fuzz.watch import LoggedFailures
from tests.telegram.fake_api import FakeTelegram, Person
from tests.telegram.harness import Bot, Phone

TEXT_LIMIT, CAPTION_LIMIT, ANSWER_LIMIT = 4096, 1024, 200
"""Telegram's limits: a message's text, a photo's caption, a button press's answer."""


# -- button data ---------------------------------------------------------------------------------

DATA_PARTS = (
    ("m1", "m2", "s1", "x2", "h0", "l0", "m0", "m3", "z1", "", "m", "m11"),
    ("P", "F", "N", "R1f", "T3.5", "T0.-", "D5.-", "D-.5", "Tzz.1", "T.", "R"),
    ("g1", "0", "5", "²", "٣", "-1", "1_0", " 7", "0x1f", "ffffffffff", "T1.40"),
)


def button_data_of(rng: random.Random) -> str:
    """Data shaped like ours (parts of ours, joined by colons), or any text."""
    if rng.randrange(3):
        parts = (
            some_text(rng)[:10]
            if (group := rng.randrange(4)) == 3
            else rng.choice(DATA_PARTS[group])
            for _ in range(rng.randrange(7))
        )
        return ":".join(parts)
    return some_text(rng, noise=rng.randrange(2) == 0)


button_data = seeded(button_data_of)


class ButtonData:
    """``decode``, ``action_of`` and ``selection`` on any data: a press or None, never an error;
    a press decoded from data re-encodes to the same data when it fits in 64 bytes."""

    name = "Telegram button data"
    examples = EXAMPLES
    cases = button_data

    def check(self, data: str) -> None:
        press = decode(data)
        if press is None:
            return
        assert isinstance(press, Press)
        action_of(press)
        selection(press)
        if len(data.encode()) <= LIMIT:
            assert decode(press.encode()) == press, data

    @staticmethod
    def large_cases(rng: random.Random) -> list[str]:
        return [*large_texts(rng), "m1:g:" + "1" * (LARGE - 10) + ":P", ":" * LARGE]


# -- whole updates -------------------------------------------------------------------------------

GAME, VERSION, MESSAGE = "<game>", "<version>", "<message>"
"""Placeholders a case may hold, filled in at check time (the running game's id and version,
a message the bot sent): strategies draw cases before any game exists."""

CHATS = ("private", "private", "private", "group", "other")
COMMANDS = (
    *("/start", "/new", "/new bot", "/games", "/hand", "/resign", "/rematch", "/log", "/help"),
    *("/rules", "/settings", "/link", "/new@conquian_test_bot", "/hand@other_bot", "/x", "/"),
    *("/seek", "/seek deals=2 rating", "/lobby", "/pair", "/unpair", "/withdraw", "/accept"),
    *("/tournaments", "/join_tournament", "/join_tournament 0a", "/withdraw_tournament x y"),
    "/tournament",
)
READY = ("/start <game>", "/hand #<game>", "/log <game>", "#<game> pass", "/new bot")
PRESSES = (
    ("m1", "m2", "s1", "s2", "x1", "h0", "l0", "k0", "t0"),
    (GAME, "nosuchgame", ""),
    (VERSION, "0", "1", "99999999999999999999", "²"),
    ("P", "F", "N", "R0", "T0.-", "T1.2", "D3.-", "1", "3ff", ""),
)


def update_of(rng: random.Random) -> dict[str, Any]:
    """A message or a button press as Telegram sends them, from a player, a stranger or someone
    new, in a private chat or a group; or an object that only looks like an update."""
    kind = rng.choice(("message", "message", "press", "press", "other"))
    if kind == "other":
        return _not_quite(rng)
    sender = _sender(rng)
    if kind == "press":
        query: dict[str, Any] = {"id": "<query>", "from": sender, "chat_instance": "1"}
        if rng.randrange(2):
            query["data"] = _press_data(rng)
        if rng.randrange(4):
            query["message"] = {"message_id": MESSAGE, "chat": rng.choice(CHATS), "date": 0}
        return {"callback_query": query}
    message: dict[str, Any] = {"message_id": "<id>", "date": 0, "chat": rng.choice(CHATS)}
    message["from"] = sender
    if rng.randrange(10):
        message["text"] = _text(rng)
    if rng.randrange(4) == 0:
        message["reply_to_message"] = {"message_id": MESSAGE, "date": 0, "chat": rng.choice(CHATS)}
    return {"message": message}


def _sender(rng: random.Random) -> str | dict[str, Any]:
    if rng.randrange(5) < 3:
        return rng.choice(("ana", "ben", "cy"))
    name = some_text(rng)[:64]
    return {"id": rng.randrange(1, 2**52), "is_bot": rng.randrange(2) == 0, "first_name": name}


def _text(rng: random.Random) -> str:
    shape = rng.randrange(4)
    if shape == 0:
        return some_text(rng)
    if shape == 1:
        return f"{rng.choice(COMMANDS)} {some_text(rng)}"
    if shape == 2:
        return f"#{GAME} {some_text(rng)}"
    return rng.choice(READY)


def _press_data(rng: random.Random) -> str:
    if rng.randrange(2):
        return ":".join(rng.choice(part) for part in PRESSES)
    return button_data_of(rng)


def _not_quite(rng: random.Random) -> dict[str, Any]:
    shape = rng.randrange(4)
    if shape == 0:
        return {"edited_message": {"text": "pass"}} if rng.randrange(2) else {}
    if shape == 1:
        fields = ("chat", "message_id", "text", "date")
        partial = {name: json_value(rng) for name in fields if rng.randrange(2)}
        if "chat" in partial and rng.randrange(2):
            partial["chat"] = {"id": json_value(rng)}
        return {"message": partial}
    if shape == 2:
        return {"callback_query": {"id": some_text(rng)}}
    return {some_text(rng)[:12]: json_value(rng) for _ in range(rng.randrange(4))}


updates = seeded(update_of)


class UpdateReading:
    """What the processor reads of an update before it answers: its inbox key, the Bot API
    library's ``Update``, and the button data; a key for anything the webhook lets through, and
    an ``Update`` or the library's refusal (which the processor records as ignored)."""

    name = "Telegram update reading"
    examples = EXAMPLES
    cases = updates

    def __init__(self) -> None:
        self.people = {
            name: Person(7000 + n, name.title()) for n, name in enumerate(("ana", "ben", "cy"))
        }
        self._numbers = iter(range(10**6, 10**12))

    def check(self, case: dict[str, Any]) -> None:
        values = {GAME: "g1", VERSION: "3", MESSAGE: 5, "<id>": next(self._numbers), "<query>": "q"}
        update = {**_fill(case, values, self.people), "update_id": next(self._numbers)}
        assert key_of(update)
        json.dumps(update)  # what the inbox stores
        try:
            parsed = Update.de_json(update, None)
        except Exception:
            return
        query = parsed.callback_query
        if query is not None and query.data is not None:
            press = decode(query.data)
            if press is not None:
                action_of(press)
                selection(press)

    @staticmethod
    def large_cases(rng: random.Random) -> list[dict[str, Any]]:
        return Updates.large_cases(rng)


class Updates:
    """Whole updates through ``Processor.receive`` and ``answer_waiting`` on a SQLite bot."""

    name = "Telegram updates"
    examples = PIPELINE_EXAMPLES
    cases = updates

    def __init__(self, data_dir: Path | None = None) -> None:
        self._temporary = tempfile.TemporaryDirectory() if data_dir is None else None
        where = data_dir or Path(self._temporary.name)  # type: ignore[union-attr]
        self.fake = FakeTelegram()
        self.bot = Bot(self.fake, where / "data", SeededChance(11))
        self.processor = self.bot.app.processor
        self.people = {name: self.fake.person(name.title()) for name in ("ana", "ben", "cy")}
        self.failures = LoggedFailures()
        logging.getLogger("adapters").addHandler(self.failures)
        self._numbers = iter(range(10**6, 10**9))
        self.game_id = self._start_game()

    def close(self) -> None:
        logging.getLogger("adapters").removeHandler(self.failures)
        self.bot.close()
        self.fake.close()
        if self._temporary is not None:
            self._temporary.cleanup()

    def _start_game(self) -> str:
        """Ana opens a game, Ben joins it by the invitation: the game the cases play in."""
        ana, ben = (Phone(self.fake, self.people[name]) for name in ("ana", "ben"))
        for phone, text in ((ana, "/start"), (ben, "/start"), (ana, "/new")):
            self.deliver(self.fake.send(phone.person, text))
        self.deliver(self.fake.send(ben.person, f"/start {ana.invitation()}"))
        summaries = self.bot.service.games_of(self.bot.player(self.people["ana"]))
        return next(s.game_id for s in summaries if s.status == "playing")

    def deliver(self, update: dict[str, Any]) -> None:
        """What the poller does with one update: store it, answer everything waiting (again
        when the Bot API could not be reached: on a loaded machine a connection can time out)."""
        self.fake.updates.clear()
        self.processor.receive(update)
        for _ in range(3):
            try:
                self.processor.answer_waiting()
                return
            except TryLater:
                continue
        self.processor.answer_waiting()

    def check(self, case: dict[str, Any]) -> None:
        if self.bot.service.game(self.game_id).status != "playing":
            self.game_id = self._start_game()
        update = self._filled(case)
        calls, before = len(self.fake.calls), progress(self.bot.wiring.engine)
        self.failures.records.clear()
        self.deliver(update)
        assert not self.failures.records, self.failures.records[0].getMessage()
        assert not self.bot.app.channel.records.waiting(1), "an update is left unanswered"
        made = self.fake.calls[calls:]
        for call in made:
            _within_limits(call.method, call.params)
        self._check_answered(update, made)
        reply = self.bot.wiring.inbox.receive(
            SOURCE, key_of(update), "", self.bot.service.clock.now()
        )
        if reply.reply is not None and '"ok": false' in reply.reply:
            assert progress(self.bot.wiring.engine) == before, f"refused yet moved: {update}"

    def _check_answered(self, update: dict[str, Any], made: list[Any]) -> None:
        """A press is always answered; a person writing in private hears back, unless the text
        was empty or an update for another bot."""
        query = update.get("callback_query")
        if isinstance(query, dict) and isinstance(query.get("from"), dict):
            assert any(c.method == "answerCallbackQuery" for c in made), f"unanswered: {update}"
        message = update.get("message")
        if (
            isinstance(message, dict)
            and isinstance(message.get("from"), dict)
            and message.get("chat", {}).get("type") == "private"
            and str(message.get("text", "")).strip()
            and "@other_bot" not in message["text"]
        ):
            assert made, f"nothing answered {update}"

    def _filled(self, case: dict[str, Any]) -> dict[str, Any]:
        """The case with its placeholders filled in and fresh ids, as Telegram would send it."""
        game = self.bot.service.game(self.game_id)
        messages = self.fake.chat(self.people["ana"].id) or [None]
        last = messages[-1]
        values = {
            GAME: self.game_id,
            VERSION: str(game.version),
            MESSAGE: 1 if last is None else last.message_id,
            "<id>": next(self._numbers),
            "<query>": str(next(self._numbers)),
        }
        update = {**_fill(case, values, self.people), "update_id": next(self._numbers)}
        message = update.get("message")
        chat = message.get("chat") if isinstance(message, dict) else None
        if isinstance(chat, dict) and chat.get("type") == "private":  # they started the bot
            self.fake.started.add(chat["id"])
        return update

    @staticmethod
    def large_cases(rng: random.Random) -> list[dict[str, Any]]:
        """64 KB texts typed in private by a player (Telegram itself stops at 4,096 characters)."""
        return [
            {
                "message": {
                    "message_id": "<id>",
                    "date": 0,
                    "chat": "private",
                    "from": "ana",
                    "text": text,
                }
            }
            for text in large_texts(rng)
        ]


def _fill(value: Any, values: dict[str, Any], people: dict[str, Person]) -> Any:
    if isinstance(value, dict):
        filled = {key: _fill(one, values, people) for key, one in value.items()}
        sender = filled.get("from")
        if isinstance(sender, str) and sender in people:
            filled["from"] = people[sender].as_json()
        chat = filled.get("chat")
        if isinstance(chat, str) and isinstance(filled.get("from"), dict):
            filled["chat"] = _chat(chat, filled["from"])
        if isinstance(filled.get("reply_to_message"), dict) and "chat" in filled:
            filled["reply_to_message"]["chat"] = filled["chat"]
        if isinstance(filled.get("message"), dict) and "from" in filled:
            message = filled["message"]
            if isinstance(message.get("chat"), str):
                message["chat"] = _chat(message["chat"], filled["from"])
        return filled
    if isinstance(value, str):
        if value in values:
            return values[value]
        for placeholder in (GAME, VERSION):
            value = value.replace(placeholder, str(values[placeholder]))
    return value


def _chat(kind: str, sender: dict[str, Any]) -> dict[str, Any]:
    user = int(sender.get("id", 1)) if isinstance(sender.get("id"), int) else 1
    if kind == "private":
        return {"id": user, "type": "private", "first_name": str(sender.get("first_name", ""))}
    if kind == "group":
        return {"id": -1001, "type": "group", "title": "players"}
    return {"id": -1002, "type": "supergroup", "title": "others"}


def _within_limits(method: str, params: dict[str, Any]) -> None:
    if method in ("sendMessage", "editMessageText"):
        assert 0 < len(str(params.get("text", ""))) <= TEXT_LIMIT, (method, len(params["text"]))
    if method == "sendPhoto":
        assert len(str(params.get("caption", ""))) <= CAPTION_LIMIT
    if method == "answerCallbackQuery":
        assert len(str(params.get("text", ""))) <= ANSWER_LIMIT, params.get("text")
    markup = params.get("reply_markup")
    if isinstance(markup, str) and "callback_data" in markup:
        for row in json.loads(markup).get("inline_keyboard", []):
            for button in row:
                assert 0 < len(button.get("callback_data", "x").encode()) <= LIMIT, button
