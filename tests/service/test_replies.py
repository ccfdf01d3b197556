"""The typed replies' one codec: every reply reads back as itself, and a reply stored before
replies were typed (a JSON dict the inbox holds) reads as what it meant."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import get_args

from hypothesis import given
from hypothesis import strategies as st

from service.app.replies import (
    Answered,
    Cancelled,
    HintShown,
    Ignored,
    Joined,
    Linked,
    LinkOffered,
    MoveApplied,
    OnVacation,
    Opened,
    Rematched,
    Reply,
    SettingChanged,
    Shown,
    Told,
)
from service.app.reply_codec import decode, encode
from service.game.errors import StaleVersion
from service.game.events import GameId
from service.language.translation import translator
from service.rules.variants import DeckFaces
from service.seeks.requests import (
    PairingLeft,
    PairingWaited,
    SeekAccepted,
    SeekPublished,
    SeekWithdrawn,
)
from service.seeks.seeks import SeekId
from service.tournaments.events import TournamentId
from service.tournaments.requests import TournamentEntered, TournamentLeft, TournamentOpened
from service.words.refusals import Reason, Refused, refusal_text

texts = st.text(max_size=20)
ids = st.builds(GameId, st.text(min_size=1, max_size=12))
versions = st.integers(min_value=0, max_value=10**6)
params = st.dictionaries(st.text(max_size=8), texts, max_size=3)
moments = st.datetimes(timezones=st.just(UTC))
tournament_ids = st.builds(
    TournamentId, st.text(alphabet="0123456789abcdef", min_size=16, max_size=16)
)
seek_ids = st.builds(SeekId, st.text(alphabet="0123456789abcdef", min_size=16, max_size=16))

BY_TYPE: dict[type, st.SearchStrategy[Reply]] = {
    MoveApplied: st.builds(MoveApplied, ids, versions, versions),
    Refused: st.builds(
        Refused,
        texts,
        st.none() | texts,
        params,
        st.dictionaries(st.text(max_size=8), st.builds(Reason, texts, params), max_size=2),
        texts,
        st.none() | ids,
        st.sampled_from(DeckFaces),
        st.lists(texts, max_size=2).map(tuple),
    ),
    Answered: st.builds(
        Answered, ids, versions, st.sampled_from(["hand", "help", "instructions", "settings"])
    ),
    OnVacation: st.builds(
        OnVacation,
        ids,
        versions,
        moments,
        st.lists(ids, max_size=3).map(tuple),
        st.none() | st.tuples(versions, versions),
    ),
    SettingChanged: st.builds(
        SettingChanged, ids, versions, texts, texts, texts, st.lists(texts).map(tuple)
    ),
    HintShown: st.builds(
        HintShown,
        ids,
        versions,
        texts,
        st.lists(texts, max_size=3).map(tuple),
        st.none() | texts,
        st.integers(0, 100),
    ),
    Opened: st.builds(Opened, ids),
    Joined: st.builds(Joined, ids),
    Cancelled: st.builds(Cancelled, ids),
    Rematched: st.builds(Rematched, st.none() | ids, texts),
    LinkOffered: st.builds(LinkOffered, texts),
    Linked: st.builds(Linked, ids),
    Shown: st.builds(Shown, texts, st.booleans()),
    Told: st.builds(Told, texts, st.booleans()),
    Ignored: st.just(Ignored()),
    SeekPublished: st.builds(SeekPublished, seek_ids, moments),
    SeekAccepted: st.builds(SeekAccepted, seek_ids, ids),
    SeekWithdrawn: st.builds(SeekWithdrawn, seek_ids),
    PairingWaited: st.builds(PairingWaited, moments),
    PairingLeft: st.builds(PairingLeft, st.booleans()),
    TournamentOpened: st.builds(TournamentOpened, tournament_ids),
    TournamentEntered: st.builds(TournamentEntered, tournament_ids),
    TournamentLeft: st.builds(TournamentLeft, tournament_ids),
}
replies = st.one_of(*BY_TYPE.values())


def test_every_type_of_reply_is_round_tripped_below() -> None:
    assert set(BY_TYPE) == set(get_args(Reply))


@given(replies)
def test_every_reply_reads_back_as_itself(reply: Reply) -> None:
    assert decode(encode(reply)) == reply


OLD_ROWS = [
    (
        {"ok": True, "game_id": "g1", "version": 9, "events": [8, 9]},
        MoveApplied(GameId("g1"), 8, 9),
    ),
    (
        {
            "ok": False,
            "game_id": "g1",
            "error": {
                "code": "stale_version",
                "message": "The game has moved on (you saw version 3, it is at 5).",
                "params": {"seen": "3", "current": "5"},
                "template": StaleVersion.template,
            },
        },
        Refused(
            "stale_version",
            StaleVersion.template,
            {"seen": "3", "current": "5"},
            {},
            "The game has moved on (you saw version 3, it is at 5).",
            GameId("g1"),
        ),
    ),
    (
        {"ok": True, "game_id": "g1", "version": 4, "query": "hand"},
        Answered(GameId("g1"), 4, "hand"),
    ),
    (
        {
            "ok": True,
            "game_id": "g1",
            "version": 4,
            "vacation": {"until": "2026-12-08T10:00:00+00:00", "games": ["g1", "g2"]},
        },
        OnVacation(
            GameId("g1"), 4, datetime(2026, 12, 8, 10, tzinfo=UTC), (GameId("g1"), GameId("g2"))
        ),
    ),
    (
        {
            "ok": True,
            "game_id": "g1",
            "version": 4,
            "settings": {
                "language": "es",
                "timezone": "UTC",
                "quiet_hours": "",
                "reminders": ["half"],
            },
        },
        SettingChanged(GameId("g1"), 4, "es", "UTC", "", ("half",)),
    ),
    ({"ok": True, "opened": "g2"}, Opened(GameId("g2"))),
    ({"ok": True, "joined": "g2"}, Joined(GameId("g2"))),
    ({"ok": True, "said": "Game g2 is called off.", "cancelled": "g2"}, Cancelled(GameId("g2"))),
    ({"ok": True, "started": None, "to": "Ana"}, Rematched(None, "Ana")),
    ({"ok": False, "command": "settings"}, Shown("settings", refused=True)),
    ({"ok": False, "said": "Which game? /cancel g1"}, Told("Which game? /cancel g1", refused=True)),
    ({"ok": False, "answer": "unknown button"}, Told("unknown button", refused=True)),
    ({"ok": True, "answer": "log"}, Told("log")),
    ({"ok": True, "ignored": True}, Ignored()),
]


def test_replies_stored_before_they_were_typed_still_read() -> None:
    for row, meant in OLD_ROWS:
        assert decode(json.dumps(row)) == meant, row


def test_a_stored_refusal_is_worded_in_its_readers_language_as_a_fresh_one_is() -> None:
    error = StaleVersion(seen=3, current=5)
    stored = decode(encode(Refused.of(error, GameId("g1"))))
    assert isinstance(stored, Refused)
    for language in ("en", "es", "uk"):
        tr = translator(language)
        assert refusal_text(stored, tr) == refusal_text(error, tr)


def test_a_refusal_stored_before_templates_reads_as_its_message() -> None:
    row = {"ok": False, "game_id": "g1", "error": {"code": "x", "message": "No.", "params": {}}}
    stored = decode(json.dumps(row))
    assert isinstance(stored, Refused)
    assert refusal_text(stored, translator("es")) == "No."
