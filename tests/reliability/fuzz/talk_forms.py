"""The talk form of the player's page (issue 20): ``/p/<token>/talk`` with whatever a browser
or a script may post — messages of any text and length, talk words and any other text, right
and wrong keys and CSRF tokens, extra fields.  Each case is answered with the page (303) or a
refusal with its status and an alert, and a refusal stores nothing; a key posted again is
answered as the first time and stores nothing more."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from service.ports.memory_directory import ManualClock
from tests.reliability.fuzz.inputs import PIPELINE_EXAMPLES, large_texts, seeded, some_text
from tests.reliability.fuzz.progress import progress
from tests.reliability.fuzz.web_forms import PagePosts

TALK = (
    *("gg", "thanks", "away", "gl", "offer draw", "offer adjourn", "offer rematch", "accept"),
    *("decline", "withdraw", "mute", "unmute", "report", "report 7", "say hi", "offer", "say"),
)
PER_GAME = 300
"""Cases posted to one game before the next: a page shows the whole conversation."""


def form_of(rng: random.Random) -> dict[str, Any]:
    """The fields of a talk form: a message or a command, a key, a CSRF token, extras."""
    form: dict[str, Any] = {
        "key": "<key>" if rng.randrange(6) else some_text(rng)[:80],
        "csrf_token": "<csrf>" if rng.randrange(8) else some_text(rng),
    }
    if rng.randrange(2):
        long = "m" * rng.randrange(250, 320)
        form["message"] = some_text(rng) if rng.randrange(5) else long
    else:
        form["talk"] = rng.choice(TALK) if rng.randrange(3) else some_text(rng)
    if rng.randrange(6) == 0:
        form[some_text(rng)[:10] or "x"] = some_text(rng)
    return {key: value for key, value in form.items() if rng.randrange(14)}


class TalkForm(PagePosts):
    """A running game between two web players; each case posts one talk form to Ana's page,
    and now and then the same form again."""

    name = "web talk form"
    examples = PIPELINE_EXAMPLES
    cases = seeded(form_of)

    def __init__(self, data_dir: Path | None = None) -> None:
        self.clock = ManualClock()
        self.posted = 0
        super().__init__(data_dir, seed=8, clock=self.clock)

    def check(self, form: dict[str, Any]) -> None:
        self.posted += 1
        if self.posted % PER_GAME == 0 or self.wiring.service.game(self.game).status != "playing":
            self._new_game()
        self.clock.advance(minutes=3)  # past the rate limit now and then
        key = str(self.posted)
        filled = {
            name: str(value).replace("<key>", key).replace("<csrf>", self.csrf)
            for name, value in form.items()
        }
        before = progress(self.wiring.engine)
        answer = self.client.post(f"{self.page}/talk", data=filled)
        assert answer.status_code != 500
        if answer.status_code == 303:
            if self.posted % 7 == 0:  # the same form again: told once
                after = progress(self.wiring.engine)
                again = self.client.post(f"{self.page}/talk", data=filled)
                assert again.status_code == 303 and progress(self.wiring.engine) == after
            return
        assert answer.status_code in (400, 413, 422), answer.status_code
        assert 'role="alert"' in answer.text, answer.text[:500]
        assert "Traceback" not in answer.text
        assert progress(self.wiring.engine) == before, f"refused ({answer.status_code}) yet told"

    @staticmethod
    def large_cases(rng: random.Random) -> list[dict[str, Any]]:
        return [
            {"key": "<key>", "message": one, "csrf_token": "<csrf>"} for one in large_texts(rng)
        ] + [{"key": "9" * 8000, "talk": "gg", "csrf_token": "<csrf>"}]
