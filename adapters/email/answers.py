"""The mail that answers a player's reply, from what ``GameService.handle`` answered (the stored
answer: the same however often the reply is delivered).

A move is answered only when there is something to tell: the player's decision comes up again
(the service tells a player only of what others did) or the match ended.  Otherwise the
opponent's next move brings the next mail.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC

from adapters.email.letters import Letter
from adapters.email.sender import GameMail, ending_letter
from adapters.email.your_data import ABOUT_YOU
from service.app.games import GameService
from service.app.replies import (
    Answered,
    HintShown,
    MoveApplied,
    OnVacation,
    Reply,
    SettingChanged,
)
from service.game.errors import StaleVersion
from service.game.events import PRIVATE_EVENTS, PlayerId
from service.game.hint_rules import may_hint
from service.game.instructions import suggests_auto_pass
from service.game.state import Game
from service.game.status import GameStatus
from service.game.stored import StoredEvent
from service.game.talk_events import TALK_EVENTS
from service.language.translation import Translator
from service.players.profiles import settings_text
from service.rules.seats import Phase
from service.rules.view import PlayerView
from service.words.cast import cast_of
from service.words.hints import hint_text
from service.words.lessons import lessons_now, prompt_text
from service.words.news import forced_card, news, without_salts
from service.words.prompts import auto_pass_hint, help_text, instructions_text
from service.words.refusals import Refused, refusal_text

UNPARSEABLE = frozenset({"empty_command", "unknown_command"})
"""Error codes of text that is no command at all: answered at most once an hour per sender."""


def answer_letter(mail: GameMail, game: Game, player: PlayerId, answer: Reply) -> Letter | None:
    """The letter answering ``answer`` on ``game`` as it stands now, or None when none is due."""
    tr = mail.tr(player)  # after the command: ``lang …`` is answered in the new language
    opponent = mail.opponent(game, player)
    letter = _answer(mail.service, game, player, answer, opponent, tr)
    if letter is None or letter.view is None:
        return letter
    if isinstance(answer, MoveApplied) and game.status == GameStatus.OVER:
        result, rematch = mail.result(game, player, tr), mail.service.may_rematch(game, player)
        replay = mail.replay(game.id, game.status)
        return ending_letter(
            result, letter.view, opponent, tr, letter.news, rematch=rematch, replay=replay
        )
    return replace(letter, deadline=mail.deadline(game, player))


def _answer(
    service: GameService,
    game: Game,
    player: PlayerId,
    answer: Reply,
    opponent: str,
    tr: Translator,
) -> Letter | None:
    current, view = service.view(game.id, player)
    if isinstance(answer, Refused):
        return Letter((_refusal(answer, tr),), view, opponent, tr=tr)
    if isinstance(answer, MoveApplied):
        first, last = answer.first, answer.last
        logged = service.events(game.id, after=first - 1)
        told = sum(1 for one in logged if one.seq <= last)
        instructed = any(isinstance(one.event, PRIVATE_EVENTS) for one in logged[:told])
        if not (view.is_my_decision or view.phase is Phase.OVER or instructed):
            return None
        cast = cast_of(game.players, service.directory, tr, player)
        events = [one.event for one in logged]
        said = news(events, game.variant, cast, tr, forced_card(game.rules), told)
        intro = _done(logged[:told], view, tr)
        notes = [_instructions(game, view, tr)] if instructed else []
        if suggests_auto_pass(game, view.seat):
            notes.append(auto_pass_hint(tr))
        notes += practice_notes(current, view, tr)
        told_news = tuple(without_salts(events, said))
        return Letter((intro,), view, opponent, news=told_news, notes=tuple(notes), tr=tr)
    return _looked(service, answer, game, player, view, opponent, tr)


def practice_notes(game: Game, view: PlayerView, tr: Translator) -> list[str]:
    """The guided first deal's prompt at the player's decision, as a paragraph (issue 38)."""
    prompt = prompt_text(lessons_now(game, view.seat), view, tr)
    return [tr.gettext("Practice: {prompt}", prompt=prompt)] if prompt else []


def _done(applied: list[StoredEvent], view: PlayerView, tr: Translator) -> str:
    """What the answer to an applied command says first: a move is played, but words at the
    table (``say``, ``offer``, ``mute`` …) and standing instructions are no move, and leave the
    turn where it was."""
    if all(isinstance(one.event, (*TALK_EVENTS, *PRIVATE_EVENTS)) for one in applied):
        if view.is_my_decision:
            return tr.gettext("Done. It is still your turn.")
        return tr.gettext("Done.")
    if view.is_my_decision:
        return tr.gettext("Your move is played. It is your turn again.")
    return tr.gettext("Your move is played.")


def _instructions(game: Game, view: PlayerView, tr: Translator) -> str:
    """The player's standing instructions in ``game``, each with what it shows the opponent:
    said where an instruction is given, so the player knows it before it applies."""
    standing = game.clocks.instructions[view.seat]
    return instructions_text(standing, view.variant.deck_faces, tr)


def _refusal(error: Refused, tr: Translator) -> str:
    if error.code == StaleVersion.code:
        return tr.gettext(
            "Your reply answered an older mail: the game has moved on since, so nothing was "
            "played. Here is the position now."
        )
    return tr.gettext("That did not work: {reason}", reason=refusal_text(error, tr))


def _looked(
    service: GameService,
    answer: Reply,
    game: Game,
    player: PlayerId,
    view: PlayerView,
    opponent: str,
    tr: Translator,
) -> Letter:
    """The answer to a look (hand, help, instructions, settings) or a change of settings."""
    query = answer.query if isinstance(answer, Answered) else None
    if query == "help":
        notes = (help_text(view, tr, may_hint(game, view.seat)), tr.gettext(ABOUT_YOU))
        return Letter((tr.gettext("The commands:"),), None, opponent, notes=notes, tr=tr)
    if query == "instructions":
        intro = tr.gettext("Your standing instructions:")
        return Letter((intro,), view, opponent, notes=(_instructions(game, view, tr),), tr=tr)
    if query == "settings" or isinstance(answer, SettingChanged):
        assert service.directory is not None
        text = settings_text(service.directory.profile(player), tr, service.directory)
        return Letter((tr.gettext("Your settings:"),), view, opponent, notes=(text,), tr=tr)
    if isinstance(answer, HintShown):
        return Letter((hint_text(answer, view.variant.deck_faces, tr),), view, opponent, tr=tr)
    if isinstance(answer, OnVacation):
        until = tr.when(answer.until.astimezone(UTC))
        intro = tr.gettext(
            "You are on vacation until {when} (UTC); your next move ends it.", when=until
        )
        return Letter((intro,), view, opponent, tr=tr)
    return Letter((tr.gettext("Here is the game as it stands."),), view, opponent, tr=tr)
