"""How many SQL statements one Telegram move costs, on SQLite and PostgreSQL (issue 21, item 4).

Two people play typed moves (the greedy bot's choice from their own view) through the real
channel against the fake Bot API; for each move the statements the engine executes are counted
(SQLAlchemy's ``before_cursor_execute``) in the two parts of its path as they are deployed: the
Telegram process storing the update and answering it (``Poller.fetch`` + ``answer_waiting``),
and the worker telling the opponent (``Worker.drain``); each post takes its chat's turn from the
database, as deployed (``chat_pace.py``).  Prints one JSON line per database::

    python -m tests.bench.telegram_statements [--moves 40] [--database sqlite|postgresql]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, event

from adapters.sql.telegram_chat_pace import SharedChats
from adapters.telegram.pacing import Pacer
from service.bots.policies import greedy_bot
from service.game.events import GameId
from service.ports.memory_directory import SeededChance
from service.words.prompts import action_text
from tests.bench.databases import DATABASES, scratch
from tests.telegram.fake_api import FakeTelegram
from tests.telegram.harness import Bot, Phone


class Counter:
    """Statements executed on an engine, from any thread, while ``counting``."""

    def __init__(self, engine: Engine) -> None:
        self.count = 0
        self._lock = threading.Lock()
        event.listen(engine, "before_cursor_execute", self._seen)

    def _seen(self, *_: Any) -> None:
        with self._lock:
            self.count += 1

    @contextmanager
    def counting(self, into: list[int]) -> Iterator[None]:
        before = self.count
        yield
        into.append(self.count - before)


def measure(url: str, moves: int, workdir: Path) -> dict[str, object]:
    fake = FakeTelegram()
    bot = Bot(fake, workdir / "data", SeededChance(11), database_url=url)
    try:
        ana, ben = Phone(fake, fake.person("Ana")), Phone(fake, fake.person("Ben"))
        bot.start()
        ana.say("/new")
        ben.say(f"/start {ana.invitation()}")
        [line] = bot.service.games_of(bot.player(ana.person))
        bot.stop()  # from here on the rounds are run (and counted) by hand
        # As deployed, each post takes its chat's turn from the database (``chat_pace.py``);
        # a thousandth of a second apart, so that counting it costs no waiting.
        pacer = Pacer(0, 0.001)
        pacer.shared = SharedChats(bot.wiring.engine)
        bot.app.channel.api.pacer = pacer
        return _moves(bot, fake, [ana, ben], line.game_id, moves)
    finally:
        bot.close()
        fake.close()


def _moves(
    bot: Bot, fake: FakeTelegram, phones: list[Phone], game_id: GameId, moves: int
) -> dict[str, object]:
    counter = Counter(bot.wiring.engine)
    answer: list[int] = []
    tell: list[int] = []
    calls_before = len(fake.calls)
    rng = random.Random(5)
    by_player = {bot.player(p.person): p for p in phones}
    for _ in range(moves):
        game = bot.service.game(game_id)
        if game.status != "playing" or game.to_act is None:
            break
        view = bot.service.player_view(game, game.to_act)
        phone = by_player[game.to_act]
        fake.send(phone.person, action_text(greedy_bot(view, rng), view.variant.deck_faces))
        with counter.counting(answer):
            bot.poller.fetch(0)
            bot.app.processor.answer_waiting()
        with counter.counting(tell):
            bot.worker.drain()
        assert bot.service.game(game_id).version > game.version, "the move was not applied"
    methods: dict[str, int] = {}
    for call in fake.calls[calls_before:]:
        methods[call.method] = methods.get(call.method, 0) + 1
    return {
        "moves": len(answer),
        "bot_api_calls_per_move": {
            m: round(n / len(answer), 2) for m, n in sorted(methods.items())
        },
        "telegram_process_per_move": _spread(answer),
        "worker_per_move": _spread(tell),
        "total_median": statistics.median(a + t for a, t in zip(answer, tell, strict=True)),
    }


def _spread(values: list[int]) -> dict[str, float]:
    return {"median": statistics.median(values), "mean": round(statistics.fmean(values), 1),
            "min": min(values), "max": max(values)}  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--database", choices=DATABASES, action="append")
    args = parser.parse_args(argv)
    for database in args.database or DATABASES:
        with scratch(database) as url, tempfile.TemporaryDirectory() as workdir:
            figures = measure(url, args.moves, Path(workdir))
        print(json.dumps({"database": database, **figures}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
