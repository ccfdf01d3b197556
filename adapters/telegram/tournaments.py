"""Tournaments on Telegram (issue 37): ``/tournaments`` (the open ones, each with its *Join*
button), ``/join_tournament CODE``, ``/withdraw_tournament CODE`` and ``/tournament CODE`` (its
standings, a private player as "a player").

The words are the one grammar of tournaments (``service.words.tournament_words``), the answers
the tournaments' (``Tournaments.request``, handled once under the update's key, a refusal too),
the wording ``tournament_replies``'s: this part lays them out and adds the commands a player can
send next.  A *Join* button carries its tournament's id (``callbacks``: ``t0:<tournament>:0:``);
pressed once it is full or has begun, it is answered why and changes nothing.  Entering is for
private chats: each round's game is played there, with the player's hand.
"""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.asking import Asking
from adapters.telegram.callbacks import Press
from adapters.telegram.incoming import Pressed, Said
from service.app.replies import Reply, Shown, Told
from service.app.tournaments import Tournaments
from service.game.events import GameId
from service.language.translation import Translator
from service.rules.errors import N_, IllegalAction
from service.tournaments.requests import (
    EnterTournament,
    TournamentEntered,
    TournamentLeft,
    TournamentOpened,
    TournamentRequest,
)
from service.words.refusals import Refused, refusal_text
from service.words.tournament_replies import (
    listed_line,
    standings_lines,
    tournament_code,
    tournament_said,
)
from service.words.tournament_words import (
    JOIN,
    LOOK,
    SHOW,
    WITHDRAW,
    LookAtTournaments,
    ShowStandings,
    read_tournament_command,
)

TOURNAMENT_HELP = N_(
    "/tournaments — the tournaments open for entries, to join; /join_tournament CODE — enter "
    "one; /withdraw_tournament CODE — leave one; /tournament CODE — its standings"
)
"""The tournaments' commands, for ``/help`` and after words they cannot read."""
NOT_HERE = N_(
    "Enter a tournament in your private chat with me: its games are played there, with your hand."
)
COMMANDS = frozenset({LOOK, SHOW, JOIN, WITHDRAW})
LISTED = 10
"""Tournaments a listing shows with their buttons (Telegram's keyboards stay short)."""


def join_button(tournament_id: str, tr: Translator) -> InlineKeyboardButton:
    label = tr.pgettext("button", "Join {code}", code=tournament_code(tournament_id))
    press = Press("tournament", GameId(tournament_id), 0)
    return InlineKeyboardButton(label, callback_data=press.encode())


class Entering(Asking[TournamentRequest]):
    where = NOT_HERE
    unwired = "no tournaments"

    @property
    def tournaments(self) -> Tournaments | None:
        return self.channel.tournaments

    def way_in(self) -> Tournaments | None:
        return self.tournaments

    def read(self, said: Said, text: str) -> TournamentRequest | None:
        tournaments = self.tournaments
        assert tournaments is not None
        asked = read_tournament_command(said.player, text)
        if isinstance(asked, LookAtTournaments):
            self.channel.record(said.key, Shown("tournaments"))
            self._listing(said, tournaments)
            return None
        if isinstance(asked, ShowStandings):
            self._standings(said, tournaments, asked.code)
            return None
        assert asked is not None  # ``COMMANDS`` let only the tournaments' verbs through
        return asked

    def asked_by(self, pressed: Pressed, press: Press) -> TournamentRequest:
        """*Join* under a listed tournament: entered, or refused with why."""
        return EnterTournament(pressed.player, press.game_id)

    def answer(self, said: Said, reply: Reply) -> None:
        tr = said.tr
        match reply:
            case TournamentEntered(tournament_id=tournament_id):
                after = tr.gettext(
                    "/withdraw_tournament {code} leaves it.", code=tournament_code(tournament_id)
                )
                self.screens.say(said.chat_id, f"{tournament_said(reply, tr)}\n{after}")
            case TournamentLeft() | TournamentOpened():
                after = tr.gettext("/tournaments shows the open tournaments.")
                self.screens.say(said.chat_id, f"{tournament_said(reply, tr)}\n{after}")
            case Refused():
                text = f"⚠ {refusal_text(reply, tr)}\n\n{tr.gettext(TOURNAMENT_HELP)}"
                self.screens.say(said.chat_id, text)
            case Told(text=text):
                self.screens.say(said.chat_id, f"⚠ {text}")

    def _standings(self, said: Said, tournaments: Tournaments, code: str) -> None:
        """One tournament's standings, every player as the reader may see them."""
        tr = said.tr
        try:
            tournament = tournaments.found(code)
        except IllegalAction as error:
            self.answer(said, self.channel.record(said.key, Refused.of(error)))
            return
        self.channel.record(said.key, Shown("tournament"))
        lines = standings_lines(
            tournament,
            lambda player: tournaments.shown_as(said.player, player),
            lambda player: self.channel.name(player, tr),
            tr,
        )
        self.screens.say(said.chat_id, "\n".join(lines))

    def _listing(self, said: Said, tournaments: Tournaments) -> None:
        """The tournaments open for entries, each with its *Join* button (not one already
        entered)."""
        tr = said.tr
        shown = tournaments.open_ones()[:LISTED]
        if not shown:
            self.screens.say(said.chat_id, tr.gettext("No tournament takes entries now."))
            return
        lines = [listed_line(one, tr) for one in shown]
        buttons = [
            [join_button(one.tournament_id, tr)] for one in shown if said.player not in one.players
        ]
        heading = tr.gettext("Tournaments open for entries (code · format · players · terms):")
        text = "\n".join([heading, *lines])
        self.screens.say(said.chat_id, text, InlineKeyboardMarkup(buttons) if buttons else None)
