"""What a mail says, as text and as HTML: a ``Letter`` is the sentences, the player's own view of
the table and the moves they can reply with; ``compose`` puts it in a mail.

Everything about the game comes from the player's ``PlayerView`` (their seat's) and the public
news of a ``Notice``, so a letter cannot show the opponent's hidden cards.  A letter is written in
its reader's language (``tr``), suggested moves in that language's command words.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from urllib.parse import quote

from adapters.email.quotes import marker
from service.language.translation import ENGLISH, Translator
from service.language.vocabulary import word
from service.rules.actions import Take
from service.rules.errors import N_
from service.rules.seats import Phase
from service.rules.view import PlayerView
from service.words.cast import facing
from service.words.position import position
from service.words.prompts import action_text

MAX_MOVES = 20
"""Ready-to-send move lines listed in a mail at most."""
DISCARD_HINT = N_(
    "You may discard any other card of your hand instead, and put down other cards: "
    "name them as in the lines above."
)
COMMANDS = N_("Other commands: {commands}.")
STOP_ALL = N_("To get no more mail from this service at all, reply {stop}.")
OTHER_COMMANDS = (
    "say",
    "offer",
    "hand",
    "help",
    "resign",
    "claim",
    "extend",
    "vacation",
    "auto",
    "settings",
    "lang",
    "games",
)


@dataclass(frozen=True)
class Letter:
    intro: tuple[str, ...]
    """The first sentences: what this mail is about."""
    view: PlayerView | None = None
    opponent: str = ""
    """The opponent's name; empty for "your opponent" in the reader's language."""
    news: tuple[str, ...] = ()
    deadline: str | None = None
    notes: tuple[str, ...] = ()
    """Blocks after the position (a help text, instructions), printed as they are."""
    replies: bool = True
    """Whether a reply is read (the marker line on top).  The hint to write a move comes only
    when the letter shows the reader's decision: a mail says only what can be done with it."""
    commands: bool = False
    """Whether the list of the other game commands (``say``, ``offer``, ``auto`` …) follows the
    position: in a player's first mail of a game that shows it, not in every mail (issue 34;
    ``help`` lists them any time)."""
    tr: Translator = ENGLISH
    """The reader's language: the letter's own sentences are in it (``intro`` and ``news`` come
    written in it already)."""
    attachment: tuple[str, bytes] | None = None
    """A file sent with the letter (a player's data, as JSON): its name and content."""
    game_id: str = ""
    """The game the letter is about, named in its body; empty outside any game."""


def move_lines(view: PlayerView, tr: Translator = ENGLISH) -> list[str]:
    """The player's moves as ready-to-send commands: each way to take the center card once (going
    out first, then the most cards put down; with its first possible discard), then the other
    moves (pass, force, the forced discards).  A reply may give a line's number instead."""
    faces = view.variant.deck_faces
    takes: dict[tuple[int, bool], Take] = {}
    others: list[str] = []
    for action in view.legal_actions:
        if isinstance(action, Take):
            takes.setdefault((action.put_down, action.discard is None), action)
        else:
            others.append(action_text(action, faces, tr))
    ordered = sorted(
        takes.values(), key=lambda take: (take.discard is not None, -take.put_down.bit_count())
    )
    room = max(MAX_MOVES - len(others), 1)
    return [action_text(take, faces, tr) for take in ordered[:room]] + others[:MAX_MOVES]


def _sections(letter: Letter) -> list[tuple[str, list[str]]]:
    """The letter's parts in order, each a kind (``p``, ``list``, ``moves``, ``position``,
    ``pre``) and its lines."""
    tr = letter.tr
    parts: list[tuple[str, list[str]]] = [("p", list(letter.intro))]
    if letter.deadline:
        parts.append(("p", [tr.gettext("Deadline: {when}.", when=letter.deadline)]))
    if letter.news:
        parts.append(("list", list(letter.news)))
    view = letter.view
    if view is not None:
        opponent = letter.opponent or tr.gettext("your opponent")
        seen = position(view, facing(opponent, view.seat, tr), tr)
        parts.append(("position", list(seen.lines)))
        parts.append(("p", [seen.turn]))
        moves = move_lines(view, tr) if view.is_my_decision else []
        if moves:
            parts.append(("p", [tr.gettext("Reply with one of these lines (or just its number):")]))
            parts.append(("moves", moves))
            if any(isinstance(action, Take) and action.discard for action in view.legal_actions):
                parts.append(("p", [tr.gettext(DISCARD_HINT)]))
    parts.extend(("pre", note.splitlines()) for note in letter.notes)
    if letter.commands and letter.replies and view is not None and view.phase is not Phase.OVER:
        commands = ", ".join(word(tr, one) for one in OTHER_COMMANDS)
        parts.append(("p", [tr.gettext(COMMANDS, commands=commands)]))
    if letter.game_id:
        parts.append(("p", [tr.gettext("Game {game}", game=letter.game_id)]))
    parts.append(("p", [tr.gettext(STOP_ALL, stop=word(tr, "stop"))]))
    return parts


def _prompts(letter: Letter) -> list[str]:
    """The lines on top of a letter that is answered: the marker, and the hint to write a move
    on the first line when the letter shows the reader's decision."""
    if not letter.replies:
        return []
    lines = [marker(letter.tr)]
    if letter.view is not None and letter.view.is_my_decision:
        lines.append(letter.tr.gettext("Write your move on the first line of your reply."))
    return lines


def letter_text(letter: Letter) -> str:
    lines: list[str] = []
    if letter.replies:
        lines += [*_prompts(letter), ""]
    for kind, part in _sections(letter):
        if kind == "list":
            part = [f"  • {line}" for line in part]
        elif kind == "moves":
            part = [f"  {number}. {line}" for number, line in enumerate(part, start=1)]
        lines += [*part, ""]
    return "\n".join(lines).rstrip() + "\n"


def letter_html(
    letter: Letter, picture_cid: str | None, reply_to: str | None = None, subject: str = ""
) -> str:
    """The letter as HTML; with ``reply_to``, each ready-to-send move is a ``mailto:`` link that
    opens the reply with that move on its first line (``subject``: the reply's)."""
    blocks: list[str] = []
    prompts = _prompts(letter)
    if prompts:
        blocks.append(f'<p style="color:#888">{html.escape(prompts[0])}</p>')
        blocks.extend(f"<p>{html.escape(line)}</p>" for line in prompts[1:])
    for kind, part in _sections(letter):
        escaped = [html.escape(line) for line in part]
        if kind == "list":
            blocks.append("<ul>" + "".join(f"<li>{line}</li>" for line in escaped) + "</ul>")
        elif kind == "moves":
            items = "".join(
                f"<li>{_move_link(line, shown, reply_to, subject)}</li>"
                for line, shown in zip(part, escaped, strict=True)
            )
            blocks.append(f"<ol>{items}</ol>")
        elif kind in ("pre", "position"):
            blocks.append("<p>" + "<br>".join(escaped) + "</p>")
            if kind == "position" and picture_cid is not None:
                alt = html.escape(letter.tr.gettext("The table"))
                blocks.append(f'<p><img src="cid:{picture_cid}" alt="{alt}"></p>')
        else:
            blocks.append("<p>" + " ".join(escaped) + "</p>")
    language = html.escape(letter.tr.language)
    return f'<html lang="{language}"><body>' + "\n".join(blocks) + "</body></html>"


def _move_link(line: str, shown: str, reply_to: str | None, subject: str) -> str:
    """A move as ``<code>``, inside a ``mailto:`` link to the reply address when there is one."""
    if reply_to is None:
        return f"<code>{shown}</code>"
    target = f"mailto:{quote(reply_to, safe='@+')}?subject={quote(subject)}&body={quote(line)}"
    return f'<a href="{html.escape(target)}"><code>{shown}</code></a>'
