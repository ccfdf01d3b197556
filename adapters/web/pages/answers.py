"""The answer a player's page shows in place for a query typed in its command box.

``help``, ``hand``, ``auto``, ``settings`` and ``hint`` change nothing in the game, so the page does not
move on: it shows their answer above the same table, as the terminal and the chats do, in the
player's language and card faces.  A move has no answer here: the page shows the new table.
The answer is worded from the intake's reply (``Answered``, ``SettingChanged``), so a form
posted twice is answered as the first time, on the game and settings as they are.
"""

from __future__ import annotations

import re

from adapters.web.context import web
from service.app.replies import Answered, HintShown, Reply, SettingChanged
from service.game.events import PlayerId
from service.game.hint_rules import may_hint
from service.language.translation import Translator
from service.players.profiles import settings_text
from service.words.cast import cast_of
from service.words.hints import hint_text
from service.words.position import position
from service.words.prompts import help_text, instructions_text


def answer_text(reply: Reply, player: PlayerId, tr: Translator) -> str:
    """What the query ``reply`` answers; empty for a move."""
    service = web().service
    match reply:
        case Answered(query="settings") | SettingChanged():
            directory = service.directory
            assert directory is not None  # the web keeps its players in the directory
            return settings_text(directory.profile(player), tr, directory)
        case Answered(game_id=game_id, version=version, query=query):
            game = service.game_at(game_id, version)
            view = service.player_view(game, player)
            if query == "help":
                return help_text(view, tr, may_hint(game, view.seat))
            if query == "instructions":
                standing = game.clocks.instructions[view.seat]
                return instructions_text(standing, view.variant.deck_faces, tr)
            cast = cast_of(game.players, service.directory, tr, player)
            return "\n".join(position(view, cast, tr).all_lines)
        case HintShown(game_id=game_id, version=version):
            view = service.player_view(service.game_at(game_id, version), player)
            return hint_text(reply, view.variant.deck_faces, tr)
    return ""


_COLUMNS = re.compile(r"^  (\S.*?)\s{2,}(\S.*)$")
_MORE = re.compile(r"^\s{8,}(\S.*)$")


def command_rows(answer: str) -> list[tuple[str, str]] | None:
    """A two-column answer (``help``'s command list) as rows of a command and what it does, a
    line of prose as a row without a command, so a phone shows one command under another
    instead of wrapping the columns into each other; None for any other answer."""
    rows: list[tuple[str, str]] = []
    for line in answer.splitlines():
        more, columns = _MORE.match(line), _COLUMNS.match(line)
        if more and rows:
            command, meaning = rows[-1]
            rows[-1] = (command, f"{meaning} {more.group(1)}".strip())
        elif columns:
            rows.append((columns.group(1).strip(), columns.group(2)))
        elif line.startswith("  "):
            rows.append((line.strip(), ""))
        else:
            rows.append(("", line.strip()))
    return rows if sum(1 for command, _ in rows if command) >= 3 else None
