"""Replies about the player rather than one move, from any game's mail or to the service's own
address: ``games`` lists their running games (whose turn, the deadline), and ``mail …`` sets
when and how their mail comes (``choices.py``)."""

from __future__ import annotations

from adapters.email.choices import choices_text, how_to
from adapters.email.desk import Desk
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from service.delivery.notices import deadline_text
from service.game.events import PlayerId
from service.game.status import GameStatus
from service.ports.protocols import GameSummary


def games(desk: Desk, inbound: Inbound, player: PlayerId) -> str:
    """``games``: the player's running games, each with whose turn it is and its deadline."""
    mail = desk.mail
    tr = mail.tr(player)
    running = [one for one in desk.service.games_of(player) if one.status == GameStatus.PLAYING]
    if not running:
        lines = [tr.gettext("You have no running games.")]
    else:
        lines = [tr.gettext("Your running games:")]
        lines += [_line(desk, one, player) for one in running]
        lines.append(tr.gettext("To play, reply to the latest mail of a game."))
    desk.notes.note(inbound, Letter(tuple(lines), replies=False, tr=tr))
    return f"games: {len(running)}"


def _line(desk: Desk, one: GameSummary, player: PlayerId) -> str:
    mail = desk.mail
    tr = mail.tr(player)
    others = [p for p in one.players if p is not None and p != player]
    name = mail.name(others[0] if others else None, tr)
    if one.to_act == player:
        turn = tr.gettext("your turn")
    else:
        turn = tr.gettext("{name}'s turn", name=mail.name(one.to_act, tr))
    line = tr.gettext("Game {game} with {name}: {turn}", game=one.game_id, name=name, turn=turn)
    if one.due_at is not None:
        timezone = desk.service.clock_settings(player).timezone
        due = deadline_text(one.due_at, timezone, tr)
        line += "; " + tr.gettext("deadline {when}", when=due)
    return f"• {line}"


def choose(desk: Desk, inbound: Inbound, player: PlayerId, choice: str) -> str:
    """``mail turn|each|digest|text|html``: stored for the address the reply came from."""
    desk.mail.choices.choose(inbound.sender, choice, desk.mail.clock.now())
    when, text_only = desk.mail.choices.of(inbound.sender)
    tr = desk.mail.tr(player)
    letter = Letter((choices_text(when, text_only, tr), how_to(tr)), replies=False, tr=tr)
    desk.notes.note(inbound, letter)
    return f"mail {choice}"
