"""Two players play a whole deal to a win by replying to their mails: the replies go through a
real Dovecot (delivered over LMTP, read over IMAP), the service's mail through a real SMTP
server.  Some replies quote the whole previous mail below the command, some do not.  No mail, as
sent (headers included), names a card of the opponent's hand."""

from __future__ import annotations

from service.rules.events import DealWon
from tests.email.smtp_sink import Received
from tests.email.test_no_leaks import CARD, hidden_from
from tests.email.world import ANA, BEN, World, greedy_command


def test_a_whole_deal_is_played_to_a_win_by_email_replies(imap_world: World) -> None:
    world = imap_world
    game_id = world.start_game()
    service = world.service
    for step in range(200):
        game = service.game(game_id)
        if game.status == "over":
            break
        address = ANA if game.to_act == world.players[ANA] else BEN
        mail = world.latest(address)
        assert f"-{_b36(game.version)}-k1-" in str(mail.message["Reply-To"]), "a mail of this turn"
        command = greedy_command(world, game_id, address, seed=step)
        sent = len(world.sink.received)
        done = world.answer(mail, command, quote=step % 2 == 0)
        assert list(done.values()) == ["moved"], (command, done)
        for new in world.sink.received[sent:]:  # as sent: headers and every text part
            assert not shown(new) & hidden_from(service.game(game_id), world.players[new.to])
    game = service.game(game_id)
    assert game.status == "over"
    won = [one.event for one in service.store.load(game_id) if isinstance(one.event, DealWon)]
    assert len(won) == 1
    winner = ANA if game.players[won[0].seat] == world.players[ANA] else BEN
    for address in (ANA, BEN):
        assert (
            "Your match with" in world.latest(address).text()
            or "over" in world.latest(address).text()
        )
    assert winner in (ANA, BEN)
    assert world.dovecot is not None
    with world.dovecot.client() as client:
        client.select_folder("INBOX")
        assert client.search(["UNSEEN"]) == []  # every reply was flagged once stored


def shown(mail: Received) -> set[str]:
    """The cards a mail names anywhere in its headers or text parts."""
    message = mail.message
    texts = [str(value) for _, value in message.items()]
    texts += [str(p.get_content()) for p in message.walk() if p.get_content_maintype() == "text"]
    return set(CARD.findall("\n".join(texts)))


def _b36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if not number:
            return text
