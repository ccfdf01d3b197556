"""Nothing the bot can send names a card of the opponent's hidden hand while a deal runs.

Over many seeded random games (several rule variants), at every position and for each seat,
everything the bot could send that player is rendered — the turn message's text, its keyboard,
the card chooser in several states, the replay of a running game — and every card it names (in
text, in button labels, in button data) is checked against the opponent's hand; each event's
sentence, as a group hears it, against both hands.  The end-to-end games of ``test_play`` run the
same check on what actually went over HTTP, pictures included.
"""

from __future__ import annotations

import json
import random

import pytest

from adapters.telegram.keyboards import chooser_keyboard, turn_keyboard
from adapters.telegram.render import public_line, table_text_for
from adapters.telegram.replay import _seen
from service.game.events import GameId, PlayerId
from service.game.state import apply, opened
from service.rules.actions import Take
from service.rules.cards import Card, CardSet
from service.rules.seats import Phase, Seat
from service.rules.variants import DEFAULT, Variant
from service.rules.view import view_for
from tests.random_games import GUEST, HOST, play
from tests.telegram.driver import named_in

GAMES = 40
VARIANTS = [
    DEFAULT,
    Variant().with_flags({"dead_pile_visible": "true", "hand_meld_without_center": "true"}),
    Variant().with_flags({"rearrange": "any_turn", "forced_turn": "full_meld_turn"}),
    Variant().with_flags({"deck_faces": "spanish", "first_turn": "dealer_upcard"}),
]
NAMES = {HOST: "Ana", GUEST: "Ben"}
SEAT_NAMES = ("Ana", "Ben")


def hidden(hand: int) -> set[Card]:
    return set(CardSet(hand))


def markup_parts(markup: object) -> tuple[list[str], list[str]]:
    if markup is None:
        return [], []
    data = json.loads(json.dumps(markup.to_dict()))  # type: ignore[attr-defined]
    buttons = [b for row in data["inline_keyboard"] for b in row]
    return [b["text"] for b in buttons], [b.get("callback_data", "") for b in buttons]


@pytest.mark.parametrize("seed", range(GAMES))
def test_nothing_rendered_for_a_player_names_the_opponents_hidden_cards(seed: int) -> None:
    variant = VARIANTS[seed % len(VARIANTS)]
    played = play(seed, variant)
    stored = played.log
    game_id = GameId(played.game_id)
    game = opened(stored[0])
    rng = random.Random(seed)
    checked = 0
    for index, event in enumerate(stored[1:], start=1):
        game = apply(game, event)
        rules = game.rules
        faces = variant.deck_faces
        line = public_line(event, NAMES, SEAT_NAMES, faces)
        if line and rules.phase not in (Phase.DEALING, Phase.OVER):
            assert not named_in([line], [], faces) & hidden(rules.hands[0] | rules.hands[1]), line
        if index + 1 < len(stored) and stored[index + 1].at == event.at:
            continue  # inside one append: not a position anyone is shown
        if rules.phase in (Phase.NEW, Phase.DEALING, Phase.OVER) or game.status != "playing":
            continue
        for seat in Seat:
            view = view_for(rules, seat)
            secret = hidden(rules.hands[seat.other])
            texts = [table_text_for(view, game_id, SEAT_NAMES, "Tue 3 Mar 09:00 UTC (in 2 h)")]
            texts.append(_seen(game, PlayerId(HOST if seat is Seat.FIRST else GUEST), SEAT_NAMES))
            labels, data = markup_parts(turn_keyboard(game_id, game.version, view))
            takes = [a.put_down for a in view.legal_actions if isinstance(a, Take)]
            singles = [CardSet.of([one]) for one in view.hand]
            for chosen in [CardSet(0), *rng.sample(takes, min(4, len(takes))), *singles[:3]]:
                more_labels, more_data = markup_parts(
                    chooser_keyboard(game_id, game.version, view, chosen)
                )
                labels += more_labels
                data += more_data
            leaked = named_in(texts + labels, data, faces) & secret
            assert not leaked, f"seed {seed}, seq {event.seq}, seat {seat}: {leaked}"
            checked += 1
    assert checked > 20
