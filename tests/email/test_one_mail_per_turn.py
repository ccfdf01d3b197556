"""Issue 21, mail: one mail per turn, and every mail says only what can be done with it.

A whole deal by replies through a real Dovecot and SMTP server, in which each player gets exactly
one mail for each decision of theirs, plus the start and the end; the mails that cannot be
answered carry no reply prompt; a late reply to the finished game gets one answer; ``games``
lists the running games."""

from __future__ import annotations

from collections import defaultdict

from adapters.email.quotes import MARKER
from tests.email.smtp_sink import Received
from tests.email.world import ANA, BEN, SERVICE, World, greedy_command, reply, request

MOVE_HINT = "Write your move on the first line of your reply."
COMMANDS = "Other commands:"
START = ("invites you", "Your game is open", "You joined the game", "Nothing to do yet")
"""The mails of the start: the guest's invitation and the answer to their join, the host's
"your game is open" and "the game began" (when the first decision is the guest's)."""


def test_a_whole_deal_brings_one_mail_per_turn_plus_the_start_and_the_end(
    imap_world: World,
) -> None:
    world = imap_world
    game_id = world.start_game()
    service = world.service
    decisions: dict[str, list[int]] = defaultdict(list)
    for step in range(200):
        game = service.game(game_id)
        if game.status == "over":
            break
        address = ANA if game.to_act == world.players[ANA] else BEN
        decisions[address].append(game.version)
        mail = world.latest(address)
        assert _version(mail) == game.version, "the latest mail shows the turn's position"
        command = greedy_command(world, game_id, address, seed=step)
        assert list(world.answer(mail, command, quote=step % 2 == 0).values()) == ["moved"]
    assert service.game(game_id).status == "over"
    for address in (ANA, BEN):
        *mails, end = world.sink.to(address)
        turns = [m for m in mails if _version(m) in decisions[address]]
        start = [m for m in mails if m not in turns]
        assert sorted(_version(m) for m in turns) == decisions[address], address
        assert len(start) <= 2 and all(any(w in m.text() for w in START) for m in start)
        news = [m for m in start if "Nothing to do yet" in m.text()]
        assert all("joins as player" in m.text() for m in news), "no news while waiting"
        assert "won the match" in end.text()
        assert "reply rematch" in end.text()
        assert MOVE_HINT not in end.text() and COMMANDS not in end.text()
        for one in turns:
            assert one.text().splitlines()[:2] == [MARKER, MOVE_HINT]
            assert f"Game {game_id}" in one.text()
    invitation = world.sink.to(BEN)[0]
    assert "invites you" in invitation.text()
    assert MOVE_HINT not in invitation.text() and COMMANDS not in invitation.text()

    sent = len(world.sink.received)
    late = world.latest(BEN)
    assert list(world.answer(late, "thanks, good game").values()) == ["refused: the game is over"]
    assert list(world.answer(late, "one more thing").values()) == [
        "refused: the game is over (answered before)"
    ]
    (answer,) = world.sink.received[sent:]
    assert answer.to == BEN
    text = answer.text()
    assert "This game is over" in text and "won the match" in text
    assert f"/games/{game_id}/replay" in text
    assert MOVE_HINT not in text and COMMANDS not in text


def test_two_quick_moves_of_the_opponent_make_one_turn_mail(world: World) -> None:
    game_id = world.start_game()
    service = world.service
    waiting = _two_step_turn(world, game_id)
    mover = ANA if waiting == BEN else BEN
    before = len(world.sink.to(waiting))
    for _ in range(2):  # the mover's two moves are handled before the outbox is drained
        game = service.game(game_id)
        assert game.to_act == world.players[mover]
        command = greedy_command(world, game_id, mover)
        world.channel.handler.receive(reply(world.latest(mover), command))
        assert list(world.channel.handler.handle_waiting().values()) == ["moved"]
    assert service.game(game_id).to_act == world.players[waiting]
    world.drain()
    (turn,) = world.sink.to(waiting)[before:]
    assert _version(turn) == service.game(game_id).version
    assert turn.text().splitlines()[:2] == [MARKER, MOVE_HINT]


def test_news_while_waiting_comes_with_each_move_when_chosen_and_asks_nothing(
    world: World,
) -> None:
    game_id = world.start_game()
    service = world.service
    waiting = _two_step_turn(world, game_id)
    mover = ANA if waiting == BEN else BEN
    assert list(world.send(request(waiting, "settings mail each"), SERVICE).values()) == [
        "mail each"
    ]
    assert "every move" in world.latest(waiting).text()
    before = len(world.sink.to(waiting))
    world.answer(world.latest(mover), greedy_command(world, game_id, mover))
    assert service.game(game_id).to_act == world.players[mover]
    (news,) = world.sink.to(waiting)[before:]
    text = news.text()
    assert "News from your game" in text and f"Game {game_id}" in text
    assert not text.startswith(MARKER) and MOVE_HINT not in text and COMMANDS not in text


def test_games_by_mail_lists_the_running_games_with_whose_turn_and_the_deadline(
    world: World,
) -> None:
    first = world.start_game()
    second = world.start_game(host=BEN, guest=ANA)
    to_act = {world.service.game(one).to_act for one in (first, second)}
    assert list(world.answer(world.latest(ANA), "games").values()) == ["games: 2"]
    text = world.latest(ANA).text()
    for game_id in (first, second):
        assert f"Game {game_id} with Ben" in text
    assert ("your turn" in text) == (world.players[ANA] in to_act)
    assert "Ben's turn" in text or world.players[BEN] not in to_act
    assert "deadline" in text
    assert list(world.send(request(BEN, "games"), SERVICE).values()) == ["games: 2"]
    assert f"Game {first} with Ana" in world.latest(BEN).text()


def test_the_picture_is_inline_the_moves_are_mailto_links_and_text_only_can_be_chosen(
    world: World,
) -> None:
    game_id = world.start_game()
    address = ANA if world.service.game(game_id).to_act == world.players[ANA] else BEN
    mail = world.latest(address)
    (picture,) = [p for p in mail.message.walk() if p.get_content_type() == "image/png"]
    assert picture.get_content_disposition() == "inline"
    html = mail.html()
    assert MOVE_HINT in html
    assert f'href="mailto:{mail.message["Reply-To"]}?subject=' in html.replace("%2B", "+")
    assert list(world.answer(mail, "mail text").values()) == ["mail text"]
    choice = world.latest(address)
    assert "text only" in choice.text()
    assert choice.message.get_body(preferencelist=("html",)) is None
    assert list(world.answer(mail, "hand").values()) == ["answered"]
    assert world.latest(address).message.get_body(preferencelist=("html",)) is None


def _two_step_turn(world: World, game_id: str) -> str:
    """Play greedy moves until the player to act will act twice in a row (a pass that turns up
    the next card); the address of the other player, who waits."""
    service = world.service
    for step in range(100):
        game = service.game(game_id)
        mover = ANA if game.to_act == world.players[ANA] else BEN
        if greedy_command(world, game_id, mover) == "pass" and step > 0:
            return BEN if mover == ANA else ANA
        world.answer(world.latest(mover), greedy_command(world, game_id, mover, seed=step))
    raise AssertionError("no pass in 100 moves")


def _version(mail: Received) -> int:
    """The game version a mail's reply address names."""
    token = str(mail.message["Reply-To"]).split("+", 1)[1].split("@")[0]
    return int(token.split("-")[1], 36)
