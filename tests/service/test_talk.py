"""Talk at the table in the game service (issue 20): messages, offers by consent, mute, report;
each told as the narrator tells it, and every log verifying."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import timedelta

import pytest

from service.app.games import GameService
from service.app.outcome import Applied
from service.game.events import ClockPaused, GameId, TimeControl
from service.game.stored import StoredEvent
from service.game.talk_errors import (
    BotOffer,
    MessageEmpty,
    MessageHasCards,
    MessageHasLink,
    MessageTooLong,
    NoOfferStanding,
    NoSuchMessage,
    NothingChanged,
    OfferStanding,
    OwnOffer,
    TooManyMessages,
)
from service.game.talk_events import (
    MessageReported,
    MessageSaid,
    MessagesMuted,
    OfferAnswered,
    OfferMade,
    OfferWithdrawn,
)
from service.game.talk_rules import LONGEST_MESSAGE, OFFER_LIFETIME
from service.language.translation import ENGLISH
from service.log.file import export_lines, read_log
from service.log.verify import verify
from service.ports.directory import Address
from service.ports.memory import InMemoryEventStore, InMemoryInbox
from service.ports.memory_directory import InMemoryDirectory, ManualClock, SeededChance
from service.ports.protocols import Notification
from service.rules.events import MatchEnded
from service.rules.seats import Seat
from service.words.cast import named
from service.words.news import news
from service.words.talk_news import heard, talk_sentence
from tests.service.given import GREEDY, GUEST, HOST, T0, names, started


def events_of(outcome: object) -> list[object]:
    assert isinstance(outcome, Applied)
    return [one.event for one in outcome.appended]


def notes_of(service: GameService) -> list[Notification]:
    store = service.store
    assert isinstance(store, InMemoryEventStore)
    return [item.notification for item in store.outbox]


def verified(service: GameService, game_id: GameId) -> None:
    lines = export_lines(service.store.load(game_id))
    verdict = verify(read_log(lines))
    assert verdict.ok, verdict


def test_a_message_goes_to_the_opponent_as_written(service: GameService) -> None:
    game_id = started(service)
    outcome = service.act(game_id, GUEST, "say  Hello,   Ana!\tGood luck ")
    assert events_of(outcome) == [MessageSaid(Seat.SECOND, "Hello, Ana! Good luck")]
    notes = notes_of(service)
    version = service.game(game_id).version
    assert notes[-1] == Notification(HOST, game_id, version, version)
    game = service.game(game_id)
    told = news(
        [MessageSaid(Seat.SECOND, "Hello, Ana! Good luck")],
        game.variant,
        named(("Ana", "Ben"), reader=Seat.FIRST),
    )
    assert told == ["Ben says: “Hello, Ana! Good luck”"]
    verified(service, game_id)


def test_a_preset_phrase_is_stored_by_name_and_told_in_the_readers_words(
    service: GameService,
) -> None:
    game_id = started(service)
    assert events_of(service.act(game_id, HOST, "gg")) == [MessageSaid(Seat.FIRST, "", "good_game")]
    game = service.game(game_id)
    told = news(
        [MessageSaid(Seat.FIRST, "", "good_game")],
        game.variant,
        named(("Ana", "Ben"), reader=Seat.SECOND),
    )
    assert told == ["Ana says: “Good game!”"]


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("say ", MessageEmpty),
        ("say \u200b\u202e", MessageEmpty),
        ("say " + "x" * (LONGEST_MESSAGE + 1), MessageTooLong),
        ("say see https://conquian.example/play", MessageHasLink),
        ("say go to www.example.org", MessageHasLink),
        ("say conquian-games.com is better", MessageHasLink),
        ("say your turn: 7♥ 7♠", MessageHasCards),
        ("say \U0001f0b7", MessageHasCards),
    ],
)
def test_the_safety_rules_refuse_a_message_and_store_nothing(
    service: GameService, text: str, refusal: type[Exception]
) -> None:
    game_id = started(service)
    before = service.game(game_id).version
    with pytest.raises(refusal):
        service.act(game_id, HOST, text)
    assert service.game(game_id).version == before


def test_the_rate_limit_holds_per_player_and_lifts_with_time(
    service: GameService, clock: ManualClock
) -> None:
    game_id = started(service)
    for number in range(5):
        service.act(game_id, HOST, f"say {number}")
    with pytest.raises(TooManyMessages):
        service.act(game_id, HOST, "say one more")
    service.act(game_id, GUEST, "say my turn to talk")  # the limit is each player's own
    clock.advance(minutes=10)
    service.act(game_id, HOST, "say one more")
    verified(service, game_id)


def test_a_draw_offered_and_accepted_ends_the_match_without_a_winner(
    service: GameService,
) -> None:
    game_id = started(service)
    assert events_of(service.act(game_id, HOST, "offer draw")) == [OfferMade(Seat.FIRST, "draw")]
    with pytest.raises(OwnOffer):
        service.act(game_id, HOST, "accept")
    outcome = service.act(game_id, GUEST, "accept")
    assert events_of(outcome)[:2] == [OfferAnswered(Seat.SECOND, True), MatchEnded(None, (0, 0))]
    assert service.game(game_id).status == "over"
    verified(service, game_id)


def test_an_offer_declined_withdrawn_or_overtaken_is_gone(
    service: GameService, clock: ManualClock
) -> None:
    game_id = started(service)
    service.act(game_id, HOST, "offer draw")
    with pytest.raises(OfferStanding):
        service.act(game_id, GUEST, "offer adjourn")
    assert events_of(service.act(game_id, GUEST, "decline")) == [OfferAnswered(Seat.SECOND, False)]
    with pytest.raises(NoOfferStanding):
        service.act(game_id, GUEST, "accept")
    service.act(game_id, GUEST, "offer adjourn")
    assert events_of(service.act(game_id, GUEST, "withdraw")) == [OfferWithdrawn(Seat.SECOND)]
    service.act(game_id, GUEST, "offer draw")
    clock.advance(seconds=OFFER_LIFETIME.total_seconds())
    with pytest.raises(NoOfferStanding):  # its time ran out
        service.act(game_id, HOST, "accept")
    verified(service, game_id)


def test_an_offer_lapses_when_the_position_changes(service: GameService) -> None:
    game_id = started(service)
    service.act(game_id, GUEST, "offer draw")
    service.act(game_id, HOST, "take kh kd discard 4h")
    with pytest.raises(NoOfferStanding):
        service.act(game_id, HOST, "accept")
    assert service.game(game_id).status == "playing"
    verified(service, game_id)


def test_decline_is_a_force_declined_when_no_offer_waits(service: GameService) -> None:
    game_id = started(service)
    service.act(game_id, GUEST, "offer draw")
    assert events_of(service.act(game_id, HOST, "decline")) == [OfferAnswered(Seat.FIRST, False)]


def test_an_adjournment_stops_both_clocks_within_the_operators_limit(
    store: object, clock: ManualClock, chance: object, inbox: object
) -> None:
    service = GameService(store, clock, chance, inbox, adjourn_limit=timedelta(days=2))  # type: ignore[arg-type]
    game_id = service.open_game(HOST, time_control=TimeControl(move_seconds=3600))
    service.join(service.game(game_id).invitation, GUEST)
    service.act(game_id, HOST, "offer adjourn")
    outcome = service.act(game_id, GUEST, "accept")
    until = clock.now() + timedelta(days=2)
    assert events_of(outcome) == [
        OfferAnswered(Seat.SECOND, True),
        ClockPaused(Seat.FIRST, until),
        ClockPaused(Seat.SECOND, until),
    ]
    due = service.deadline(service.game(game_id))
    assert due is not None and due.due_at >= until
    verified(service, game_id)


def test_a_bot_takes_no_offers(service: GameService) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    with pytest.raises(BotOffer):
        service.act(game_id, HOST, "offer draw")
    service.act(game_id, HOST, "thanks")  # a bot may be thanked


def test_mute_keeps_the_opponents_messages_from_the_one_who_muted(service: GameService) -> None:
    game_id = started(service)
    assert events_of(service.act(game_id, HOST, "mute")) == [MessagesMuted(Seat.FIRST, True)]
    with pytest.raises(NothingChanged):
        service.act(game_id, HOST, "mute")
    before = len(notes_of(service))
    service.act(game_id, GUEST, "say can you hear me?")
    assert len(notes_of(service)) == before
    game = service.game(game_id)
    logged = [one.event for one in service.store.load(game_id)]
    cast = named(("Ana", "Ben"), reader=Seat.FIRST)
    told = heard(news(logged, game.variant, cast, muted=game.talk.muted[Seat.FIRST]))
    assert not any("hear me" in line for line in told)
    service.act(game_id, HOST, "unmute")
    verified(service, game_id)


def test_a_report_names_the_opponents_message_and_tells_nobody_else(
    service: GameService,
) -> None:
    game_id = started(service)
    with pytest.raises(NoSuchMessage):
        service.act(game_id, HOST, "report")
    service.act(game_id, GUEST, "say something rude")
    seq = service.game(game_id).version
    before = len(notes_of(service))
    assert events_of(service.act(game_id, HOST, "report")) == [MessageReported(Seat.FIRST, seq)]
    assert len(notes_of(service)) == before
    with pytest.raises(NoSuchMessage):
        service.act(game_id, GUEST, f"report {seq}")  # their own message
    verified(service, game_id)


@pytest.mark.parametrize(
    ("event", "own"),
    [
        (MessagesMuted(Seat.FIRST, True), "You mute your opponent's messages in this game."),
        (MessagesMuted(Seat.FIRST, False), "You hear your opponent's messages again."),
        (MessageReported(Seat.FIRST, 7), "You report message 7 to the operators."),
    ],
)
def test_a_mute_its_end_and_a_report_are_told_to_the_one_who_did_them_alone(
    event: MessagesMuted | MessageReported, own: str
) -> None:
    def told(reader: Seat | None) -> str:
        return talk_sentence(event, ENGLISH, named(("Ana", "Ben"), reader=reader))

    assert told(Seat.FIRST) == own
    assert told(Seat.SECOND) == told(None) == ""  # nobody else is told of it (issue 34)


def test_a_rematch_from_the_talk_words(service: GameService) -> None:
    game_id = started(service)
    service.resign(game_id, GUEST)
    service.act(game_id, GUEST, "offer rematch")
    service.act(game_id, HOST, "accept")
    rematch = service.game(game_id).rematch
    assert rematch is not None and service.game(rematch).status == "playing"
    assert names(service, game_id)[-2:] == ["RematchOffered", "RematchAccepted"]


def test_a_tampered_message_fails_verification(service: GameService) -> None:
    game_id = started(service)
    service.act(game_id, GUEST, "say hello")
    lines = [json.loads(line) for line in export_lines(service.store.load(game_id))]
    lines[-1]["data"]["text"] = "visit https://evil.example"
    verdict = verify(read_log(json.dumps(line) for line in lines))
    assert verdict.seq == len(lines) - 1 and "link" in verdict.reason


def test_the_public_log_withholds_the_words_and_still_verifies(service: GameService) -> None:
    game_id = started(service)
    service.act(game_id, GUEST, "say my secret plan")
    service.act(game_id, HOST, "offer draw")
    service.act(game_id, GUEST, "accept")
    public = service.transcript(game_id)
    assert MessageSaid(Seat.SECOND, "", "withheld") in [one.event for one in public]
    assert "secret" not in "".join(export_lines(public))
    assert verify(read_log(export_lines(public))).ok
    told = news([one.event for one in public], service.game(game_id).variant, named(("Ana", "Ben")))
    assert "Ben writes to the opponent." in told
    own = [one.event for one in service.transcript(game_id, operator=True)]
    assert MessageSaid(Seat.SECOND, "my secret plan") in own


def talked_game() -> list[StoredEvent]:
    """A finished game's log with every talk event: messages and phrases, offers declined,
    withdrawn and accepted (an adjournment, then a draw), a mute and a report."""
    clock = ManualClock(T0)
    service = GameService(InMemoryEventStore(), clock, SeededChance(3), InMemoryInbox())
    game_id = started(service)
    for player, line in (
        (GUEST, "say Hello, Ana!"),
        (HOST, "gg"),
        (HOST, "offer draw"),
        (GUEST, "decline"),
        (GUEST, "offer adjourn"),
        (GUEST, "withdraw"),
        (HOST, "mute"),
        (GUEST, "say still there?"),
        (HOST, "report"),
        (HOST, "unmute"),
        (HOST, "offer adjourn"),
        (GUEST, "accept"),
        (GUEST, "offer draw"),
        (HOST, "accept"),
    ):
        clock.advance(minutes=7)
        service.act(game_id, player, line)
    return service.store.load(game_id)


def test_a_log_with_every_talk_event_verifies() -> None:
    stored = talked_game()
    kinds = {type(one.event) for one in stored}
    assert {MessageSaid, OfferMade, OfferAnswered, OfferWithdrawn} <= kinds
    assert {MessagesMuted, MessageReported, ClockPaused} <= kinds
    assert verify(read_log(export_lines(stored))).ok


def test_talk_never_wakes_a_player_in_their_quiet_hours(clock: ManualClock) -> None:
    """At 09:00 UTC Ben's quiet hours (08:00-10:00) hold: Ana's message waits in the log for
    his next notice, whose news runs from what he last saw; after them, talk is sent."""
    directory = InMemoryDirectory()
    service = GameService(InMemoryEventStore(), clock, SeededChance(3), InMemoryInbox(), directory)
    ana = directory.register("Ana", Address("test", "ana"))
    ben = directory.register("Ben", Address("test", "ben"))
    directory.update(replace(directory.profile(ben), quiet_hours="08:00-10:00"))
    game_id = service.open_game(ana)
    service.join(service.game(game_id).invitation, ben)
    before = len(notes_of(service))
    service.act(game_id, ana, "say are you awake?")
    assert len(notes_of(service)) == before
    clock.advance(hours=1, minutes=1)
    service.act(game_id, ana, "say good morning!")
    assert notes_of(service)[-1].player == ben


@pytest.mark.parametrize(
    ("said", "offer", "answer"),
    [
        ("decir ¡Hola, Ana!", "ofrecer tablas", "aceptar"),
        ("сказати Привіт!", "запропонувати нічию", "прийняти"),
        ("kata Helo!", "tawar seri", "terima"),
        ("sabihin Kumusta!", "alok tabla", "tanggapin"),
        ("कहो नमस्ते!", "प्रस्ताव बराबरी", "स्वीकार"),
    ],
)
def test_the_talk_words_are_read_in_every_language(
    service: GameService, said: str, offer: str, answer: str
) -> None:
    game_id = started(service)
    text = said.split(" ", 1)[1]
    assert events_of(service.act(game_id, GUEST, said)) == [MessageSaid(Seat.SECOND, text)]
    assert events_of(service.act(game_id, GUEST, offer)) == [OfferMade(Seat.SECOND, "draw")]
    assert events_of(service.act(game_id, HOST, answer))[0] == OfferAnswered(Seat.FIRST, True)


def test_a_rematch_offered_to_a_bot_with_the_talk_words_starts_at_once(
    service: GameService,
) -> None:
    game_id = service.open_game(HOST, opponent=GREEDY)
    service.resign(game_id, HOST)
    service.act(game_id, HOST, "offer rematch")
    rematch = service.game(game_id).rematch
    assert rematch is not None and service.game(rematch).status == "playing"
