"""A fake Telegram Bot API over real HTTP, for end-to-end tests of the bot.

A stdlib ``ThreadingHTTPServer`` answers the methods the bot uses as Telegram does
(``{"ok": true, "result": …}`` or ``{"ok": false, "error_code": …, "description": …}``), keeps
every chat's messages as edited, records every call, and holds people who write to the bot and
press its buttons: ``send`` and ``press`` queue the updates that ``getUpdates`` long-polls for.
Failures are scheduled per method and chat (``fail``), answers lost after the call took effect
(``drop``: the connection closed before Telegram's answer, as a network does), and a person can
block the bot
(``block``/``unblock``, which also send the bot its ``my_chat_member`` update).  As Telegram
does, an edit that would change nothing is answered 400 "message is not modified"; those are
counted (``not_modified``), since each spends the bot's rate-limit budget for nothing.  With
``limits`` on, posts past Telegram's documented limits are refused with 429 and counted
(``refused_by_limits``); ``hold`` keeps a chat's calls waiting, to see other chats answered
meanwhile.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.parser import BytesParser
from email.policy import HTTP
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

TOKEN = "4242:fake-token"
BOT_ID = 4242
BOT_NAME = "conquian_test_bot"
JSON = dict[str, Any]


@dataclass(frozen=True)
class Person:
    id: int
    first_name: str
    language_code: str | None = None
    """What the person's Telegram app is set to, sent with everything they do (``es-MX``)."""

    def as_json(self) -> JSON:
        person: JSON = {"id": self.id, "is_bot": False, "first_name": self.first_name}
        if self.language_code is not None:
            person["language_code"] = self.language_code
        return person


@dataclass
class Message:
    chat_id: int
    message_id: int
    text: str
    markup: JSON | None = None
    photo: bytes | None = None

    def buttons(self) -> list[JSON]:
        rows = (self.markup or {}).get("inline_keyboard", [])
        return [button for row in rows for button in row]

    def labels(self) -> list[str]:
        return [button["text"] for button in self.buttons()]


@dataclass(frozen=True)
class Call:
    method: str
    params: JSON
    photo: bytes | None = None

    @property
    def chat_id(self) -> int | None:
        chat = self.params.get("chat_id")
        return None if chat is None else int(chat)


@dataclass
class Failure:
    method: str
    chat_id: int | None
    status: int
    description: str
    retry_after: int | None = None
    times: int = 1


@dataclass
class Drop:
    """The next ``times`` calls of ``method`` (to ``chat_id``, None: any chat) whose parameters
    pass ``when`` take effect, and their answer is lost: the connection closes instead."""

    method: str
    chat_id: int | None
    times: int
    when: Callable[[JSON], bool]
    dropped: int = 0


SENDS = frozenset({"sendMessage", "sendPhoto", "sendDocument"})
"""The methods that post a new message: what Telegram's limits count (``Limits``)."""


@dataclass(frozen=True)
class Limits:
    """Telegram's documented limits on what a bot posts: about 30 messages a second overall and
    one a second in one chat; past either, 429 with ``retry_after``.  The documentation speaks
    of messages sent; edits and answers to button presses are not counted."""

    per_second: int = 30
    per_chat_seconds: float = 1.0


@dataclass
class FakeTelegram:
    updates: list[JSON] = field(default_factory=list)
    messages: dict[tuple[int, int], Message] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    answers: dict[str, JSON] = field(default_factory=dict)
    failures: list[Failure] = field(default_factory=list)
    blocked: set[int] = field(default_factory=set)
    started: set[int] = field(default_factory=set)
    """People who wrote to the bot in private: it cannot write to anyone else (403)."""
    menus: dict[str, list[JSON]] = field(default_factory=dict)
    reactions: dict[tuple[int, int], list[JSON]] = field(default_factory=dict)
    """``setMessageReaction`` by chat and message: the bot's reactions to people's messages."""
    """``setMyCommands`` by language code ("" for the default menu)."""
    allowed_updates: list[str] | None = None
    """What the last ``getUpdates`` asked for."""
    not_modified: int = 0
    """Edits answered 400 "message is not modified"."""
    confirmed: int = 0
    """Every update below this id was confirmed by a later ``getUpdates`` offset."""
    pollers: list[Callable[[], bool]] = field(default_factory=list)
    """Whether each bot polling this fake has answered (and followed up) all it confirmed: a
    poller confirms an update once it is stored, and answers it on its own threads
    (``Poller.settled``; the test harness adds and removes its bots)."""
    on_updates: Callable[[list[JSON]], None] | None = None
    """Called with each non-empty batch ``getUpdates`` handed out, once it was sent."""
    limits: Limits | None = None
    """Refuse posts past Telegram's limits with 429 (None: no limit)."""
    refused_by_limits: dict[str, int] = field(default_factory=dict)
    """429s given because of ``limits``: by ``overall`` and ``chat``."""
    refused_posts: list[str] = field(default_factory=list)
    """The first few posts refused for ``limits``: which chat, what, and its earlier post."""
    held: dict[int, threading.Event] = field(default_factory=dict)
    """Chats whose calls are held unanswered until their event is set (``hold``)."""
    drops: list[Drop] = field(default_factory=list)
    """Calls whose answers are lost after they took effect (``drop``)."""

    def __post_init__(self) -> None:
        self.changed = threading.Condition()
        self._woken = 0
        self._ids = itertools.count(1000)
        self._people = itertools.count(7001)
        self._update_ids = itertools.count(500)
        self._message_ids: dict[int, itertools.count[int]] = {}
        self._posted: list[float] = []
        """When the posts of the last second were accepted (``limits``)."""
        self._posted_to: dict[int, float] = {}
        self.posted_at: dict[int, float] = {}
        """Per chat: when (``time.monotonic``) the bot last posted a message there."""
        self.server = _Server(("127.0.0.1", 0), _handler_for(self))
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self.thread.start()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/bot"

    def wake(self) -> None:
        """End the long polls now waiting (a bot that stops need not wait for them)."""
        with self.changed:
            self._woken += 1
            self.changed.notify_all()

    def close(self) -> None:
        self.wake()
        self.server.shutdown()
        self.server.server_close()

    # -- people -----------------------------------------------------------------------------

    def person(self, first_name: str, language_code: str | None = None) -> Person:
        return Person(next(self._people), first_name, language_code)

    def group(self) -> int:
        return -next(self._people)

    def send(
        self, who: Person, text: str, chat_id: int | None = None, reply_to: Message | None = None
    ) -> JSON:
        """``who`` writes ``text`` in their private chat with the bot (or in ``chat_id``), in
        reply to the bot's message ``reply_to`` if given."""
        chat = who.id if chat_id is None else chat_id
        if chat == who.id:
            with self.changed:
                self.started.add(who.id)
        message = {
            "message_id": self._next_message_id(chat),
            "date": int(time.time()),
            "chat": _chat(chat),
            "from": who.as_json(),
            "text": text,
        }
        if text.startswith("/"):
            length = len(text.split()[0])
            message["entities"] = [{"type": "bot_command", "offset": 0, "length": length}]
        if reply_to is not None:
            message["reply_to_message"] = {
                "message_id": reply_to.message_id,
                "date": int(time.time()),
                "chat": _chat(reply_to.chat_id),
                "text": reply_to.text,
            }
        return self.deliver({"message": message})

    def delete(self, chat_id: int, message_id: int) -> None:
        """The person deletes one of the bot's messages from their chat: an edit of it is then
        answered 400 "message to edit not found", as Telegram does."""
        with self.changed:
            del self.messages[(chat_id, message_id)]

    def press(self, who: Person, message: Message, data: str) -> JSON:
        """``who`` presses the button with ``data`` under ``message``."""
        query = {
            "id": str(next(self._ids)),
            "from": who.as_json(),
            "chat_instance": str(message.chat_id),
            "data": data,
            "message": self._message_json(message),
        }
        return self.deliver({"callback_query": query})

    def press_label(self, who: Person, message: Message, label: str) -> JSON:
        """Press the button whose text is ``label`` (exactly, or starting so)."""
        buttons = message.buttons()
        for button in [b for b in buttons if b["text"] == label] or [
            b for b in buttons if b["text"].startswith(label)
        ]:
            return self.press(who, message, button["callback_data"])
        raise AssertionError(f"no button {label!r} under {message.text!r}: {message.labels()}")

    def block(self, who: Person) -> JSON:
        """``who`` blocks the bot: its sends are refused (403) and it is told so."""
        with self.changed:
            self.blocked.add(who.id)
        return self.member_update(who, who.id, "member", "kicked")

    def unblock(self, who: Person) -> JSON:
        with self.changed:
            self.blocked.discard(who.id)
        return self.member_update(who, who.id, "kicked", "member")

    def member_update(self, who: Person, chat_id: int, old: str, new: str) -> JSON:
        """The bot's membership of ``chat_id`` changed from ``old`` to ``new`` by ``who``."""
        bot = {"id": BOT_ID, "is_bot": True, "first_name": "Conquian", "username": BOT_NAME}
        changed = {
            "chat": _chat(chat_id),
            "from": who.as_json(),
            "date": int(time.time()),
            "old_chat_member": _member(bot, old),
            "new_chat_member": _member(bot, new),
        }
        return self.deliver({"my_chat_member": changed})

    def deliver(self, update: JSON, update_id: int | None = None) -> JSON:
        """Queue ``update`` with a new update id (or the given one, as a redelivery)."""
        stored = {**update, "update_id": next(self._update_ids) if update_id is None else update_id}
        with self.changed:
            self.updates.append(stored)
            self.changed.notify_all()
        return stored

    # -- what the bot did --------------------------------------------------------------------

    def wait(self, condition: Callable[[], Any], timeout: float = 15) -> Any:
        """Wait until ``condition()`` is truthy (checked whenever the bot calls or a poller
        settles, ``poke``, and every 50 ms for anything else a bot does without calling); its
        value."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while not (result := condition()):
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"timed out waiting for {condition}")
                self.changed.wait(min(left, 0.05))
        return result

    def poke(self) -> None:
        """Have waiters look again (a bot settled without calling; long polls go on)."""
        with self.changed:
            self.changed.notify_all()

    def settled(self) -> bool:
        """Every bot polling this fake has answered and followed up what it confirmed."""
        return all(check() for check in self.pollers)

    def calls_to(self, chat_id: int, *methods: str) -> list[Call]:
        with self.changed:
            return [c for c in self.calls if c.chat_id == chat_id and c.method in methods]

    def chat(self, chat_id: int) -> list[Message]:
        """The chat's messages from the bot, oldest first, as last edited."""
        with self.changed:
            ids = sorted(number for chat, number in self.messages if chat == chat_id)
            return [self.messages[(chat_id, number)] for number in ids]

    def last(self, chat_id: int) -> Message:
        return self.chat(chat_id)[-1]

    def fail(
        self,
        method: str,
        chat_id: int | None,
        status: int,
        description: str,
        retry_after: int | None = None,
        times: int = 1,
    ) -> None:
        with self.changed:
            self.failures.append(Failure(method, chat_id, status, description, retry_after, times))

    def drop(
        self,
        method: str,
        chat_id: int | None = None,
        times: int = 1,
        when: Callable[[JSON], bool] = lambda params: True,
    ) -> Drop:
        """Lose the answer of the next ``times`` calls of ``method`` that pass ``when``: each is
        done (a message sent is in the chat) and then the connection closes unanswered."""
        dropping = Drop(method, chat_id, times, when)
        with self.changed:
            self.drops.append(dropping)
        return dropping

    def hold(self, chat_id: int) -> threading.Event:
        """Hold every call to ``chat_id`` unanswered (and unrecorded) until the event is set."""
        gate = self.held[chat_id] = threading.Event()
        return gate

    # -- the API -----------------------------------------------------------------------------

    def handle(self, method: str, params: JSON, photo: bytes | None) -> tuple[int, JSON]:
        """Telegram's status and answer to one call; status 0: the answer is lost (``drop``)."""
        if method == "getUpdates":
            return 200, {"ok": True, "result": self._get_updates(params)}
        gate = self.held.get(_int(params.get("chat_id")) or 0)
        if gate is not None:
            gate.wait(30)
        with self.changed:
            self.calls.append(Call(method, params, photo))
            self.changed.notify_all()
            failed = self._failure(method, params) or self._over_limits(method, params)
            if failed is not None:
                return failed
            status, answer = self._answer(method, params, photo)
            return (
                (0, answer) if status == 200 and self._dropped(method, params) else (status, answer)
            )

    def _dropped(self, method: str, params: JSON) -> bool:
        """Whether this call's answer is lost (``drop``); counts it."""
        chat = _int(params.get("chat_id"))
        for dropping in self.drops:
            if (
                dropping.method == method
                and dropping.chat_id in (None, chat)
                and dropping.times
                and dropping.when(params)
            ):
                dropping.times -= 1
                dropping.dropped += 1
                return True
        return False

    def _over_limits(self, method: str, params: JSON) -> tuple[int, JSON] | None:
        """429 for a post past ``limits``; an accepted post is counted against them."""
        limits, chat = self.limits, _int(params.get("chat_id"))
        if limits is None or method not in SENDS or chat is None:
            return None
        now = time.monotonic()
        self._posted = [at for at in self._posted if at > now - 1.0]
        last = self._posted_to.get(chat)
        if last is not None and now - last < limits.per_chat_seconds:
            kind, wait = "chat", last + limits.per_chat_seconds - now
        elif len(self._posted) >= limits.per_second:
            kind, wait = "overall", self._posted[0] + 1.0 - now
        else:
            self._posted.append(now)
            self._posted_to[chat] = now
            return None
        self.refused_by_limits[kind] = self.refused_by_limits.get(kind, 0) + 1
        if len(self.refused_posts) < 5:
            earlier = [m.text[:60] for m in self.messages.values() if m.chat_id == chat][-1:]
            text = str(params.get("text", params.get("caption", "")))[:60]
            self.refused_posts.append(f"{kind} {chat}: {text!r} after {earlier!r}")
        retry = max(1, round(wait + 0.49))
        return _error(
            429, f"Too Many Requests: retry after {retry}", parameters={"retry_after": retry}
        )

    def _answer(self, method: str, params: JSON, photo: bytes | None) -> tuple[int, JSON]:
        chat = int(params["chat_id"]) if "chat_id" in params else None
        markup = json.loads(params["reply_markup"]) if "reply_markup" in params else None
        if method == "getMe":
            return _ok(
                {
                    "id": BOT_ID,
                    "is_bot": True,
                    "first_name": "Conquian",
                    "username": BOT_NAME,
                    "can_join_groups": True,
                }
            )
        if method in ("setWebhook", "deleteWebhook"):
            return _ok(True)
        if method == "setMyCommands":
            self.menus[params.get("language_code", "")] = json.loads(params["commands"])
            return _ok(True)
        if method == "answerCallbackQuery":
            self.answers[params["callback_query_id"]] = params
            return _ok(True)
        if method == "sendChatAction":
            return _ok(True)  # "typing…": nothing is posted
        assert chat is not None, method
        if method == "setMessageReaction":
            self.reactions[(chat, int(params["message_id"]))] = json.loads(params["reaction"])
            return _ok(True)
        if method in ("sendMessage", "sendPhoto", "sendDocument"):
            text = str(params.get("text", params.get("caption", "")))
            message = Message(chat, self._next_message_id(chat), text, markup, photo)
            self.messages[(chat, message.message_id)] = message
            self.posted_at[chat] = time.monotonic()
            return _ok(self._message_json(message))
        found = self.messages.get((chat, int(params["message_id"])))
        if found is None:
            return _error(400, "Bad Request: message to edit not found")
        message = found
        text = params.get("text", message.text) if method == "editMessageText" else message.text
        if (text, markup) == (message.text, message.markup):
            self.not_modified += 1
            return _error(400, "Bad Request: message is not modified")
        message.text, message.markup = text, markup
        return _ok(self._message_json(message))

    def _failure(self, method: str, params: JSON) -> tuple[int, JSON] | None:
        chat = params.get("chat_id")
        if chat is not None and int(chat) in self.blocked and method != "answerCallbackQuery":
            return _error(403, "Forbidden: bot was blocked by the user")
        if chat is not None and 0 < int(chat) not in self.started:
            return _error(403, "Forbidden: bot can't initiate conversation with a user")
        for failure in self.failures:
            if failure.method == method and failure.chat_id in (None, _int(chat)) and failure.times:
                failure.times -= 1
                extra = (
                    {}
                    if failure.retry_after is None
                    else {"parameters": {"retry_after": failure.retry_after}}
                )
                return _error(failure.status, failure.description, **extra)
        return None

    def _get_updates(self, params: JSON) -> list[JSON]:
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        with self.changed:
            if "allowed_updates" in params:
                self.allowed_updates = json.loads(params["allowed_updates"])
            if offset:
                self.confirmed = max(self.confirmed, offset)
                self.updates = [u for u in self.updates if u["update_id"] >= offset]
            self.changed.notify_all()
            woken = self._woken
            self.changed.wait_for(lambda: self.updates or self._woken > woken, min(timeout, 2))
            return list(self.updates[:100])

    def _next_message_id(self, chat: int) -> int:
        return next(self._message_ids.setdefault(chat, itertools.count(1)))

    def _message_json(self, message: Message) -> JSON:
        out: JSON = {
            "message_id": message.message_id,
            "date": int(time.time()),
            "chat": _chat(message.chat_id),
            "from": {"id": BOT_ID, "is_bot": True, "first_name": "Conquian", "username": BOT_NAME},
        }
        if message.photo is not None:
            out["photo"] = [{"file_id": "f", "file_unique_id": "u", "width": 1, "height": 1}]
            out["caption"] = message.text
        else:
            out["text"] = message.text
        if message.markup is not None:
            out["reply_markup"] = message.markup
        return out


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 128


def _handler_for(fake: FakeTelegram) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            prefix = f"/bot{TOKEN}/"
            if not self.path.startswith(prefix):
                self._reply(401, {"ok": False, "error_code": 401, "description": "Unauthorized"})
                return
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            params, photo = _parse(self.headers.get("Content-Type", ""), body)
            method = self.path[len(prefix) :]
            status, payload = fake.handle(method, params, photo)
            if not status:  # done, but the answer is lost: the connection closes unanswered
                self.close_connection = True
                return
            self._reply(status, payload)
            watcher = fake.on_updates
            if method == "getUpdates" and payload["result"] and watcher is not None:
                watcher(payload["result"])

        def _reply(self, status: int, payload: JSON) -> None:
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


def _parse(content_type: str, body: bytes) -> tuple[JSON, bytes | None]:
    """Form fields (python-telegram-bot posts JSON inside them for objects) and an uploaded file."""
    if content_type.startswith("multipart/form-data"):
        parsed = BytesParser(policy=HTTP).parsebytes(
            f"Content-Type: {content_type}\r\n\r\n".encode() + body
        )
        params: JSON = {}
        photo = None
        for part in parsed.iter_parts():
            name = part.get_param("name", header="content-disposition")
            payload = part.get_payload(decode=True)
            assert isinstance(payload, bytes)
            if part.get_filename():
                photo = payload
            else:
                params[str(name)] = payload.decode()
        return params, photo
    fields = parse_qs(body.decode(), keep_blank_values=True)
    return {name: values[-1] for name, values in fields.items()}, None


def _chat(chat_id: int) -> JSON:
    return {"id": chat_id, "type": "private" if chat_id > 0 else "group", "title": "friends"}


def _member(user: JSON, status: str) -> JSON:
    member: JSON = {"user": user, "status": status}
    if status == "kicked":
        member["until_date"] = 0
    return member


def _int(value: object) -> int | None:
    return None if value is None else int(str(value))


def _ok(result: object) -> tuple[int, JSON]:
    return 200, {"ok": True, "result": result}


def _error(status: int, description: str, **extra: object) -> tuple[int, JSON]:
    return status, {"ok": False, "error_code": status, "description": description, **extra}
