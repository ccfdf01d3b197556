"""Muting the opponent "for good" (issue 20): ``mute for good`` keeps the opponent in the
player's profile, so their messages never reach the player in any game — no notification, no
line in a notice, withheld in the player's copy of the log — until ``unmute``."""

from __future__ import annotations

import pytest

from service.app.games import GameService
from service.app.outcome import Applied, ChangedSetting
from service.game.events import GameId, PlayerId
from service.game.talk_errors import NothingChanged
from service.game.talk_events import MessageSaid
from service.players.profiles import settings_text
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.protocols import Notification
from service.rules.seats import Seat
from service.words.talk_commands import SetMute, talk_command
from tests.service.given import T0


@pytest.mark.parametrize(
    ("text", "request_"),
    [
        ("mute for good", SetMute(True, for_good=True)),
        ("Mute For Good", SetMute(True, for_good=True)),
        ("unmute", SetMute(False)),
        ("unmute for good", SetMute(False, for_good=True)),
        ("mute", SetMute(True)),
        ("silenciar para siempre", SetMute(True, for_good=True)),
        ("заглушити назавжди", SetMute(True, for_good=True)),
        ("bisukan selamanya", SetMute(True, for_good=True)),
        ("patahimikin habambuhay", SetMute(True, for_good=True)),
        ("चुप हमेशा के लिए", SetMute(True, for_good=True)),
    ],
)
def test_the_words_of_a_mute_for_good_in_any_language(text: str, request_: SetMute) -> None:
    assert talk_command(text, answering=False) == request_


class Table:
    """Ana and Ben, registered, and a service over an in-memory directory."""

    def __init__(self) -> None:
        self.clock = ManualClock(T0)
        self.directory = InMemoryDirectory()
        self.service = GameService(
            InMemoryEventStore(), self.clock, SeededChance(3), InMemoryInbox(), self.directory
        )
        self.ana = self.directory.register("Ana", Address("test", "ana"))
        self.ben = self.directory.register("Ben", Address("test", "ben"))

    def game(self) -> GameId:
        game_id = self.service.open_game(self.ana)
        self.service.join(self.service.game(game_id).invitation, self.ben)
        return game_id

    def notes(self) -> list[Notification]:
        store = self.service.store
        assert isinstance(store, InMemoryEventStore)
        return [item.notification for item in store.outbox]

    def says(self, game_id: GameId, player: PlayerId, text: str) -> int:
        """``player`` writes; how many notifications that made."""
        before = len(self.notes())
        self.clock.advance(minutes=3)
        self.service.act(game_id, player, f"say {text}")
        return len(self.notes()) - before


def test_a_player_muted_for_good_is_heard_in_no_game_until_unmuted() -> None:
    table = Table()
    first, second = table.game(), table.game()
    outcome = table.service.act(first, table.ana, "mute for good")
    assert isinstance(outcome, ChangedSetting) and outcome.profile.muted == (table.ben,)
    assert not outcome.appended  # no event in the game: the mute is Ana's, across games
    assert table.directory.profile(table.ana).muted == (table.ben,)
    with pytest.raises(NothingChanged):
        table.service.act(second, table.ana, "mute for good")

    assert table.says(second, table.ben, "psst") == 0  # no notification for Ana
    assert table.says(second, table.ana, "hello Ben") == 1  # Ben still hears Ana
    game = table.service.game(second)
    assert table.service.deaf(game, table.ana) and not table.service.deaf(game, table.ben)
    assert not game.talk.muted[Seat.FIRST]  # this game's own mute is untouched

    outcome = table.service.act(second, table.ana, "unmute")
    assert isinstance(outcome, ChangedSetting) and outcome.profile.muted == ()
    assert table.says(first, table.ben, "back?") == 1


def test_a_notice_leaves_out_the_messages_of_a_player_muted_for_good() -> None:
    table = Table()
    game_id = table.game()
    table.service.act(game_id, table.ana, "mute for good")
    table.says(game_id, table.ben, "secret words")
    version = table.service.game(game_id).version
    told = table.service.notice(Notification(table.ana, game_id, version, version))
    assert not any("secret" in line for line in told.news)
    told = table.service.notice(Notification(table.ben, game_id, version, version))
    assert any("secret words" in line for line in told.news)


def test_unmute_ends_both_mutes_in_one_answer() -> None:
    table = Table()
    game_id = table.game()
    table.service.act(game_id, table.ana, "mute")
    table.service.act(game_id, table.ana, "mute for good")
    outcome = table.service.act(game_id, table.ana, "unmute")
    assert isinstance(outcome, Applied)  # this game's mute ends with its event
    assert table.directory.profile(table.ana).muted == ()
    assert not table.service.deaf(table.service.game(game_id), table.ana)
    with pytest.raises(NothingChanged):
        table.service.act(game_id, table.ana, "unmute")


def test_the_muting_players_copy_of_the_log_withholds_the_muted_words() -> None:
    table = Table()
    game_id = table.game()
    table.says(game_id, table.ben, "before")
    table.service.act(game_id, table.ana, "mute for good")
    table.says(game_id, table.ben, "during")
    table.service.act(game_id, table.ana, "offer draw")
    table.service.act(game_id, table.ben, "accept")
    ana = [one.event for one in table.service.transcript(game_id, reader=table.ana)]
    said = [event for event in ana if isinstance(event, MessageSaid)]
    assert said == [MessageSaid(Seat.SECOND, "", "withheld")] * 2  # muted now: none reach her
    ben = [one.event for one in table.service.transcript(game_id, reader=table.ben)]
    assert MessageSaid(Seat.SECOND, "during") in ben


def test_the_answer_to_a_mute_for_good_is_the_settings_naming_the_muted() -> None:
    table = Table()
    game_id = table.game()
    outcome = table.service.act(game_id, table.ana, "mute for good")
    assert isinstance(outcome, ChangedSetting)
    text = settings_text(outcome.profile, directory=table.directory)
    assert text.splitlines()[-1] == "Muted for good: Ben"
    assert "Muted" not in settings_text(table.directory.profile(table.ben))
