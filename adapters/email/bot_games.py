"""A game against the bot by mail: ``new game with the bot [level] [options]``.

The game starts at once (the bot accepts) and the answer is the sender's first table, in the
game's thread, naming the bot's level.  That answer goes to the mail's ``From``, which proves
nothing: an unproven sender gets it at most as often as a confirmation (once a day, within the
service's hourly cap), and an address on the never-mail list gets nothing, so a forged flood
cannot turn it into mail to strangers.
"""

from __future__ import annotations

from adapters.email.answers import practice_notes
from adapters.email.desk import Desk
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from service.app.replies import Opened
from service.players.invitations import may_confirm
from service.words.lobby import OPPONENTS, GameOptions


class BotGames:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def open(self, inbound: Inbound, options: GameOptions, practice: bool = False) -> str:
        """``new game with the bot [level] [options]``: the game starts at once (the bot accepts);
        the answer is the sender's first table, in the game's thread, naming the bot's level.

        The answer goes to the mail's ``From``, which proves nothing: an unproven sender gets it at
        most as often as a confirmation (once a day, within the service's hourly cap), and an
        address on the never-mail list gets nothing, so a forged flood cannot use it either.
        ``practice``: the guided first deal instead (``practice``, issue 38), whose letters carry
        its prompts."""
        desk = self.desk
        opponent = options.opponent or OPPONENTS["bot"]  # "friend" here still means the bot
        earlier = desk.earlier(inbound)
        if isinstance(earlier, Opened):  # opened before a crash: only the mail is left
            game_id = earlier.game_id
            host = desk.player_for(inbound.sender, inbound.sender_name, inbound.language)
        else:
            refused = self._unproven_limit(inbound)
            if refused is not None:
                return refused
            host = desk.player_for(inbound.sender, inbound.sender_name, inbound.language)
            request = f"email:{inbound.key}"
            if practice:
                game_id = desk.service.practising.start(host, request)
            else:
                game_id = desk.service.open_game(
                    host,
                    options.variant,
                    options.terms,
                    options.time_control,
                    opponent,
                    request=request,
                    rated=options.rated,
                )
            desk.record(inbound, Opened(game_id))
        mail = desk.mail
        game, view = desk.service.view(game_id, host)
        name = mail.opponent(game, host)
        tr = mail.tr(host)
        intro = tr.gettext("A new game against {name}.", name=name)
        if practice:
            intro = tr.gettext("A practice deal against the easy bot: watch for the prompts.")
        deadline = mail.deadline(game, host)
        notes = tuple(practice_notes(game, view, tr))
        letter = Letter((intro,), view, name, deadline=deadline, commands=True, notes=notes, tr=tr)
        desk.answer_in_game(inbound, game_id, host, letter)
        return f"opened {game_id}"

    def _unproven_limit(self, inbound: Inbound) -> str | None:
        """Why an unproven sender gets no answer now, or None (the answer is then counted)."""
        desk = self.desk
        if desk.consent.proven(inbound.sender):
            return None
        if desk.consent.stopped(inbound.sender):
            return "ignored: an unproven sender on the never-mail list"
        if not may_confirm(desk.quotas, desk.limits, inbound.sender, desk.clock.now()):
            return "ignored: an unproven sender, answered at most once a day"
        return None
