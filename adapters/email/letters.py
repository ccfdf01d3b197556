"""What a mail says, as text and as HTML: a ``Letter`` is the sentences, the player's own view of
the table and the moves they can reply with; ``compose`` puts it in a mail.

Everything about the game comes from the player's ``PlayerView`` (their seat's) and the public
news of a ``Notice``, so a letter cannot show the opponent's hidden cards.  English for now.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from service.narration import center_text, table_text
from service.notation import cards_text
from service.prompts import action_text, options_text
from service.rules.actions import Take
from service.rules.view import PlayerView

from .quotes import MARKER

MAX_MOVES = 20
"""Ready-to-send move lines listed in a mail at most."""
DISCARD_HINT = (
    "You may discard any other card of your hand instead, and put down other cards: "
    "name them as in the lines above."
)
COMMANDS = "Other commands: hand, help, resign, claim, extend, vacation, auto, settings."


@dataclass(frozen=True)
class Letter:
    intro: tuple[str, ...]
    """The first sentences: what this mail is about."""
    view: PlayerView | None = None
    opponent: str = "your opponent"
    news: tuple[str, ...] = ()
    deadline: str | None = None
    notes: tuple[str, ...] = ()
    """Blocks after the position (a help text, instructions), printed as they are."""
    replies: bool = True
    """Whether a reply is read (the marker line and the hint on top)."""


def move_lines(view: PlayerView) -> list[str]:
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
            others.append(action_text(action, faces))
    ordered = sorted(
        takes.values(), key=lambda take: (take.discard is not None, -take.put_down.bit_count())
    )
    room = max(MAX_MOVES - len(others), 1)
    return [action_text(take, faces) for take in ordered[:room]] + others[:MAX_MOVES]


def position_lines(view: PlayerView, opponent: str) -> list[str]:
    faces = view.variant.deck_faces
    me, them = view.seat, view.opponent
    match = view.match
    lines = [
        f"Deal {view.deal_number} · you are player {me.number}, {opponent} is player "
        f"{them.number} · stock {view.stock_size} cards · dead {view.dead_size} · "
        f"score {match.scores[me]}–{match.scores[them]}",
        f"{opponent}'s table: {table_text(view.tables[them], faces)}"
        f"   ({view.hand_sizes[them]} cards in hand)",
        f"Your table: {table_text(view.tables[me], faces)}",
    ]
    if view.center is not None and view.source is not None:
        lines.append(f"Center card: {center_text(view.center, view.source, view.player, faces)}")
    if view.dead:
        lines.append(f"Dead cards: {cards_text(view.dead, faces)}")
    lines.append(f"Your hand: {cards_text(view.hand, faces) or '(empty)'}")
    if view.revealed is not None:
        lines.append(f"{opponent}'s hand was: {cards_text(view.revealed, faces) or '(empty)'}")
    return lines


def _sections(letter: Letter) -> list[tuple[str, list[str]]]:
    """The letter's parts in order, each a kind (``p``, ``list``, ``moves``, ``position``,
    ``pre``) and its lines."""
    parts: list[tuple[str, list[str]]] = [("p", list(letter.intro))]
    if letter.deadline:
        parts.append(("p", [f"Deadline: {letter.deadline}."]))
    if letter.news:
        parts.append(("list", list(letter.news)))
    view = letter.view
    if view is not None:
        parts.append(("position", position_lines(view, letter.opponent)))
        parts.append(("p", [options_text(view)]))
        moves = move_lines(view) if view.is_my_decision else []
        if moves:
            parts.append(("p", ["Reply with one of these lines (or just its number):"]))
            parts.append(("moves", moves))
            if any(isinstance(action, Take) and action.discard for action in view.legal_actions):
                parts.append(("p", [DISCARD_HINT]))
    parts.extend(("pre", note.splitlines()) for note in letter.notes)
    if letter.replies:
        parts.append(("p", [COMMANDS]))
    return parts


def letter_text(letter: Letter) -> str:
    lines: list[str] = []
    if letter.replies:
        lines += [MARKER, "Write your move on the first line of your reply.", ""]
    for kind, part in _sections(letter):
        if kind == "list":
            part = [f"  • {line}" for line in part]
        elif kind == "moves":
            part = [f"  {number}. {line}" for number, line in enumerate(part, start=1)]
        lines += [*part, ""]
    return "\n".join(lines).rstrip() + "\n"


def letter_html(letter: Letter, picture_cid: str | None) -> str:
    blocks: list[str] = []
    if letter.replies:
        blocks.append(f'<p style="color:#888">{html.escape(MARKER)}</p>')
    for kind, part in _sections(letter):
        escaped = [html.escape(line) for line in part]
        if kind == "list":
            blocks.append("<ul>" + "".join(f"<li>{line}</li>" for line in escaped) + "</ul>")
        elif kind == "moves":
            items = "".join(f"<li><code>{line}</code></li>" for line in escaped)
            blocks.append(f"<ol>{items}</ol>")
        elif kind in ("pre", "position"):
            blocks.append("<p>" + "<br>".join(escaped) + "</p>")
            if kind == "position" and picture_cid is not None:
                blocks.append(f'<p><img src="cid:{picture_cid}" alt="The table"></p>')
        else:
            blocks.append("<p>" + " ".join(escaped) + "</p>")
    return "<html><body>" + "\n".join(blocks) + "</body></html>"
