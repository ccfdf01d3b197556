"""Why the game service refuses a request, beside the rules' own reasons (``rules.errors``).

They share the rules' ``IllegalAction`` base, so every channel answers both kinds the same way.
"""

from __future__ import annotations

from service.game.stored import UnknownGame
from service.rules.errors import N_, IllegalAction


class StaleVersion(IllegalAction):
    code = "stale_version"
    template = N_(
        "This position has moved on (you saw move {seen}; the game is at move {current}). "
        "Look at the game again before you play."
    )


class NotAPlayer(IllegalAction):
    code = "not_a_player"
    template = N_("You are not a player in this game.")


class GameNotStarted(IllegalAction):
    code = "game_not_started"
    template = N_("The game is waiting for a second player to accept the invitation.")


class UnknownInvitation(IllegalAction):
    code = "unknown_invitation"
    template = N_("There is no game with this invitation.")


class OwnInvitation(IllegalAction):
    code = "own_invitation"
    template = N_("This is your own game: send the invitation to your opponent.")


class InvitationUsed(IllegalAction):
    code = "invitation_used"
    template = N_("This invitation has been used: the game already has two players.")


class InvitationWithdrawn(IllegalAction):
    code = "invitation_withdrawn"
    template = N_("This invitation was withdrawn: its host called the game off.")


class GameCalledOff(IllegalAction):
    code = "game_called_off"
    template = N_("This game was called off before anyone joined it.")


class GameStarted(IllegalAction):
    code = "game_started"
    template = N_("The game has begun, so it can no longer be called off; you may resign instead.")


class GameNotOver(IllegalAction):
    code = "game_not_over"
    template = N_("The game is still being played: its log holds hidden cards until it ends.")


class RematchNotYet(IllegalAction):
    code = "rematch_not_yet"
    template = N_("A rematch can be offered once the game is over.")


class NoRematchOffered(IllegalAction):
    code = "no_rematch_offered"
    template = N_("Your opponent has not offered a rematch; you can offer one yourself.")


class NoSuchGame(IllegalAction, UnknownGame):
    code = "no_such_game"
    template = N_("There is no such game.")


class NotWaiting(IllegalAction):
    code = "not_waiting"
    template = N_(
        "You can claim the win or extend a deadline only while your opponent owes a move."
    )


class DeadlineNotPassed(IllegalAction):
    code = "deadline_not_passed"
    template = N_("Your opponent's deadline has not passed yet (it is {due}).")


class BadSetting(IllegalAction):
    code = "bad_setting"
    template = N_("{reason}")


class VacationTooLong(IllegalAction):
    code = "vacation_too_long"
    template = N_("You have {left} vacation days left this year; ask for at most that many.")


class OnVacation(IllegalAction):
    code = "on_vacation"
    template = N_("You are on vacation until {until}; your next move ends it.")


class ClockNotPaused(IllegalAction):
    code = "clock_not_paused"
    template = N_("Your clock is not paused in this game, so there is nothing to resume.")


class NoProfile(IllegalAction):
    code = "no_profile"
    template = N_(
        "Settings and vacations are for registered players; this game has no player account "
        "for you."
    )


class NoFinishedGame(IllegalAction):
    code = "no_finished_game"
    template = N_("You have no finished game to play again.")
