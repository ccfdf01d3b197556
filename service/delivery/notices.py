"""What a notification tells its player, for any channel to word and lay out.

A notification names a game and a range of its events (``kind`` ``moves``), or a decision that is
due soon (``reminder``).  ``notice`` turns it into a ``Notice``: the news as public sentences, the
player's own view when it is their decision, and the deadline in the player's time zone and in
UTC.  Only the player's view is used (``view_for`` of their seat), and the sentences are the
public narration told to the player, so nothing in a notice shows the opponent's hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from zoneinfo import ZoneInfo

from service.clock.deadlines import Deadline
from service.game.events import PRIVATE_EVENTS, GameId, PlayerId, PlayerJoined, QuietHoursSet
from service.game.instructions import suggests_auto_pass
from service.game.state import Game
from service.game.stored import StoredEvent
from service.game.talk_events import TALK_EVENTS, MessageSaid, OfferMade
from service.language.notation import in_faces
from service.language.translation import ENGLISH, Translator
from service.ports.protocols import Notification
from service.rules.seats import Phase
from service.rules.view import PlayerView, view_for
from service.words.cast import Cast, cast_of
from service.words.news import forced_card, news, without_salts


@dataclass(frozen=True, slots=True)
class Notice:
    game_id: GameId
    player: PlayerId
    kind: str
    """``moves`` or ``reminder``, as the notification's."""
    news: tuple[str, ...]
    """A public sentence per event of the notification's range (none for a reminder), but none
    for a deal's revealed salt: a string of hex in every list of news helps nobody; the ending
    links to the replay, which checks every deal against its commitment (issue 34)."""
    view: PlayerView
    """The player's own view of the game as it stands now."""
    version: int
    """The game's version now: what a reply or a button sends back."""
    your_turn: bool
    deadline: str | None
    """When the player's decision falls due, in their time zone and in UTC; None when the game
    waits for the opponent or for nobody."""
    language: str = "en"
    """The player's language, in which ``news`` and ``deadline`` are written: a channel words the
    rest of the notice in it too (``service.language.translation.translator``)."""
    answer_offer: bool = False
    """An offer of the opponent's (a draw, an adjournment) waits for the player's answer."""
    overtaken: bool = False
    """The game moved on after the notification's events (``moves_on``): a later notification,
    or the player's own move, tells that turn, so no channel tells this one as a turn.  A
    reminder is overtaken once its decision is made."""
    starts_game: bool = False
    """The guest sat down: the host hears of it at once, even when the first decision is the
    guest's (the invitation promised it)."""
    opponent_talks: bool = False
    """The opponent's message or offer is among the news: told when it comes, even while the
    player waits (a muted opponent's words make no notification at all)."""
    suggests_auto_pass: bool = False
    """Passing is all the player can do, for the third time in the game: the notice suggests
    ``auto pass`` this once (``instructions.suggests_auto_pass``)."""

    @property
    def asks(self) -> bool:
        """Whether the notice asks the player for a decision now: what is worth a message."""
        return self.view.is_my_decision and self.view.phase is not Phase.OVER

    @property
    def ends_match(self) -> bool:
        """Whether the match is over: every channel tells the end, once."""
        return self.view.phase is Phase.OVER


def notice(
    game: Game,
    events: Sequence[StoredEvent],
    notification: Notification,
    due: Deadline | None,
    timezone: str = "UTC",
    tr: Translator = ENGLISH,
    faces: str = "",
    cast: Cast | None = None,
    for_good: bool = False,
) -> Notice:
    """The notice of ``notification`` on ``game`` as it stands, in the language of ``tr`` (the
    player's), told to the player (``cast``, by default the players' ids as names).  ``events``
    are the game's log from the notification's first event on: those after its range only name
    a forced card.  ``for_good``: the player muted the opponent in every game (``muting``)."""
    seat = game.seat_of(notification.player)
    assert seat is not None, "a notification goes to a player of the game"
    cast = cast or cast_of(game.players, None, tr, notification.player)
    view = in_faces(view_for(game.rules, seat), faces)
    told = (
        0
        if notification.kind == "reminder"
        else sum(1 for one in events if one.seq <= notification.to_seq)
    )
    logged = [one.event for one in events]
    muted = game.talk.muted[seat] or for_good
    lines = news(logged, view.variant, cast, tr, forced_card(game.rules), told, muted)
    said = without_salts(logged, lines)
    mine = due is not None and due.player == notification.player
    told_now = [one for one in events if one.seq <= notification.to_seq]
    if notification.kind == "reminder":
        overtaken = game.version != notification.to_seq or not view.is_my_decision
    else:
        overtaken = moves_on([one for one in events if one.seq > notification.to_seq])
    return Notice(
        game.id,
        notification.player,
        notification.kind,
        tuple(said),
        view,
        game.version,
        mine,
        deadline_text(due.due_at, timezone, tr) if mine and due is not None else None,
        tr.language,
        game.talk.offer is not None and game.talk.offer.seat is not seat,
        overtaken,
        any(isinstance(one.event, PlayerJoined) for one in told_now),
        any(
            isinstance(one.event, MessageSaid | OfferMade) and one.event.seat is not seat
            for one in told_now
        ),
        suggests_auto_pass(game, seat),
    )


def moves_on(later: Sequence[StoredEvent]) -> bool:
    """Whether events after a notification's range move the game on: anything but a record of
    quiet hours, a standing instruction or talk at the table, which tell nobody of a turn."""
    return any(
        not isinstance(one.event, (QuietHoursSet, *PRIVATE_EVENTS, *TALK_EVENTS)) for one in later
    )


def deadline_text(due_at: datetime, timezone: str, tr: Translator = ENGLISH) -> str:
    """``Tue 3 Mar, 08:00 Europe/Madrid (07:00 UTC)``: the player's time, then the absolute one,
    with the day and month as the player's language writes them."""
    utc = due_at.astimezone(UTC)
    if timezone == "UTC":
        return tr.gettext("{when} UTC", when=tr.when(utc))
    local = due_at.astimezone(ZoneInfo(timezone))
    return tr.gettext(
        "{when} {zone} ({utc} UTC)", when=tr.when(local), zone=timezone, utc=f"{utc:%H:%M}"
    )
