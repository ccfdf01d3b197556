"""The opponent's hand never appears in a mail to the other player: over many random games,
after every move, the mail each player would get (text and HTML) is scanned for the cards the
opponent holds while the deal is in play.  (Every mail as sent, headers included, is scanned in
the whole deal played by email in ``test_deal_by_email``.)"""

from __future__ import annotations

import random
import re

from adapters.email.letters import letter_html, letter_text
from adapters.email.sender import notice_letter
from service.app.games import GameService
from service.game.events import PlayerId
from service.game.state import Game
from service.language.notation import cards_text
from service.ports.memory import InMemoryEventStore
from service.ports.memory_directory import ManualClock, SeededChance
from service.ports.protocols import Notification
from service.rules.actions import Take
from service.rules.cards import CardSet
from service.rules.legal import legal_actions
from service.rules.seats import Phase

GAMES = 40
CARD = re.compile(r"(?<![0-9A-Za-z])[A2-7JQK][CDHS](?![0-9A-Za-z])")
AS_CODES = str.maketrans("♣♦♥♠", "CDHS")
"""A sentence names a card by its suit's symbol (``7♥``): read as its code, the scan sees it."""


def hidden_from(game: Game, player: PlayerId) -> set[str]:
    """The cards ``player`` may not see now: the opponent's hand while a deal is in play."""
    seat = game.seat_of(player)
    assert seat is not None
    if game.rules.phase in (Phase.DEALING, Phase.OVER, Phase.NEW):
        return set()
    return set(cards_text(CardSet(game.rules.hands[seat.other])).split())


def test_no_mail_shows_the_opponent_s_hand_in_random_games() -> None:
    checked = 0
    for seed in range(GAMES):
        rng = random.Random(seed)
        store, clock = InMemoryEventStore(), ManualClock()
        service = GameService(store, clock, SeededChance(seed))
        players = (PlayerId("ana"), PlayerId("ben"))
        game_id = service.open_game(players[0])
        service.join(service.game(game_id).invitation, players[1])
        while (game := service.game(game_id)).status == "playing":
            seat = game.rules.to_act
            assert seat is not None
            legal = legal_actions(game.rules, seat)
            takes = [a for a in legal if isinstance(a, Take)]
            before = game.version
            service.act(game_id, game.players[seat] or "", rng.choice(takes or legal))
            game = service.game(game_id)
            for player in players:
                note = Notification(player, game_id, before + 1, game.version)
                letter = notice_letter(service.notice(note), "Opponent")
                mail = letter_text(letter) + letter_html(letter, "cid")
                hidden = hidden_from(game, player)
                assert set(CARD.findall(" ".join(hidden))) == hidden  # the scan sees them
                leaked = set(CARD.findall(mail.translate(AS_CODES))) & hidden
                assert not leaked, f"seed {seed}: {leaked} shown to {player}:\n{mail}"
                checked += 1
    assert checked > GAMES * 20
