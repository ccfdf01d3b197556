"""What the player's page shows of talk at the table (``_talk.html``, issue 20): the
conversation so far, what can be offered or answered now, the preset phrases, and the key of
the next post: the version the page shows (``talk_page``)."""

from __future__ import annotations

from adapters.web.context import web
from service.bots.levels import BOTS
from service.game.events import PlayerId
from service.game.state import Game
from service.game.status import GameStatus
from service.game.talk_rules import LONGEST_MESSAGE, standing_offer
from service.language.translation import Translator
from service.players.muting import muted_for_good
from service.words.cast import cast_of
from service.words.talk_news import PHRASE_TEXTS, conversation

PRESETS = (("gg", "good_game"), ("thanks", "thanks"), ("away", "away"), ("gl", "good_luck"))
"""Each preset's command word (``talk_commands.PRESETS``) and its stored name."""


def talk_context(game: Game, player: PlayerId, tr: Translator) -> dict[str, object]:
    """What ``_talk.html`` shows the player: the conversation so far, what can be offered or
    answered now, the presets, and the key of the next post (the version shown)."""
    service = web().service
    seat = game.seat_of(player)
    assert seat is not None
    stored = service.events(game.id)
    cast = cast_of(game.players, service.directory, tr, player)
    muted = service.deaf(game, player)
    lines = conversation([one.event for one in stored], tr, cast, muted)
    offer = standing_offer(game, service.clock.now())
    playing = game.status == GameStatus.PLAYING
    return {
        "bot": game.players[seat.other] in BOTS,
        "over": game.status == GameStatus.OVER,
        "lines": lines,
        "key": str(game.version),
        "length": LONGEST_MESSAGE,
        "muted": muted,
        "for_good": game.players[seat.other] in muted_for_good(service.directory, player),
        "answer": offer is not None and offer.seat is not seat,
        "withdraw": offer is not None and offer.seat is seat,
        "offers": playing and offer is None and game.players[seat.other] not in BOTS,
        "presets": [(word, tr.gettext(PHRASE_TEXTS[name])) for word, name in PRESETS],
    }
