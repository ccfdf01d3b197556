"""The player's time zone, asked once with buttons, so deadlines do not stay in UTC.

Telegram does not tell a bot where its users are, so a new player's deadlines are in UTC until
they say.  The first board in an answer to them (to their move, press, ``/new``, ``/hand`` …)
that shows them a deadline while their time zone is still UTC asks, once: a line under the
table, and under the board's own buttons the time zones most players of their language live in
(``CHOICES``) and "Keep UTC"; ``/settings tz=Area/City`` for any other.  On the board rather
than in a message of its own, so a turn is still one new message and the board stays the chat's
last.  Not on a notification's board: a crash may send a notification twice, and the two must
be alike, which a question asked once cannot be.  A press sets the profile's time zone (as
``/settings tz=`` does) and shows the board again, its deadline in the player's time and the
question gone.  Whether it was asked is the Telegram channel's own
(``telegram_players.zone_asked``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from telegram import InlineKeyboardButton, InlineKeyboardMarkup

from adapters.telegram.callbacks import Press
from adapters.telegram.channel import Channel
from adapters.telegram.incoming import Pressed
from service.app.replies import Told
from service.clock.deadlines import SettingError, check_timezone
from service.game.events import GameId, PlayerId
from service.language.translation import Translator

UTC = "UTC"
CHOICES = {
    "en": ("Europe/London", "America/New_York", "America/Los_Angeles", "Asia/Kolkata"),
    "es": ("America/Mexico_City", "America/Bogota", "America/Argentina/Buenos_Aires",
           "Europe/Madrid"),
    "fil": ("Asia/Manila",),
    "uk": ("Europe/Kyiv",),
    "ms": ("Asia/Kuala_Lumpur",),
    "hi": ("Asia/Kolkata",),
}  # fmt: skip
"""The time zones offered to a player of each language: where most of its speakers live."""


def question(tr: Translator) -> str:
    return tr.gettext(
        "Your deadlines are shown in UTC. Which time zone are you in? "
        "(Any other: /settings tz=Area/City)"
    )


def chosen(zone: str, tr: Translator) -> str:
    return tr.gettext(
        "Deadlines are shown in {zone} time. /settings tz=Area/City changes it.", zone=zone
    )


def with_choices(
    markup: InlineKeyboardMarkup | None, game_id: GameId, language: str, tr: Translator
) -> InlineKeyboardMarkup:
    """The board's buttons, then one per time zone offered (two a row), then "Keep UTC"."""
    zones = [
        InlineKeyboardButton(zone, callback_data=Press("zone", game_id, 0, None, zone).encode())
        for zone in CHOICES.get(language, CHOICES["en"])
    ]
    keep = Press("zone", game_id, 0, None, UTC).encode()
    rows = [list(row) for row in markup.inline_keyboard] if markup is not None else []
    rows += [zones[n : n + 2] for n in range(0, len(zones), 2)]
    rows.append([InlineKeyboardButton(tr.gettext("Keep UTC"), callback_data=keep)])
    return InlineKeyboardMarkup(rows)


def pressed(
    channel: Channel, press: Pressed, choice: Press, show: Callable[[PlayerId, GameId], None]
) -> None:
    """A time zone chosen with a button of the question; ``show`` puts the game's board on the
    screen again (``Screens.again``)."""
    earlier = channel.earlier(press.key, press.payload)
    if earlier is not None:  # delivered again: the choice is made already
        channel.api.answer(press.callback_id)
        return
    tr = press.tr
    try:
        zone = check_timezone(choice.arg)
    except SettingError:
        channel.record(press.key, Told("unknown time zone", refused=True))
        channel.api.answer(press.callback_id, tr.gettext("This button is not one of mine."), True)
        return
    profile = channel.directory.profile(press.player)
    channel.directory.update(replace(profile, timezone=zone))
    channel.service.settings_changed(press.player)
    text = chosen(zone, tr)
    channel.record(press.key, Told(text))
    channel.api.answer(press.callback_id, text)
    show(press.player, choice.game_id)
