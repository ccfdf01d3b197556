"""A player's page posts its forms as requests of the one intake (``GameService.handle`` for a
move, a look, a time command or a setting; ``request`` for a rematch or a call-off), each under a
key drawn from the form it came from: a form submitted twice (a double click, a reload that posts
again, a replayed POST) is applied once and answered as the first time.

A form's nonce is the version of the game the page was drawn at (every move form carries it, as
``version``; the rematch and call-off forms too; talk's ``key`` is the same number).  The key is
the nonce with a digest of what the form says, so two different commands from one page are two
requests.  The nonce is drawn from the page's own state, never at random, so two twins' pages
are the same bytes (``tests/reliability/dup``).  One kind of command is not keyed by it: a
change of the player's settings (``readings``) moves no game's version, so ``lang es``, ``lang
en``, ``lang es`` on one version would be one key; each is a request of its own, which is no
harm posted twice, since a setting set twice is set once.

The lobby page (``lobby_reply``) has no game and no version: its forms carry a nonce drawn at
random when the page is drawn, so each drawing of the page asks afresh and a form posted twice
from one drawing is answered once.
"""

from __future__ import annotations

import hashlib
import uuid

from flask import request

from adapters.web.capabilities import PageGrant
from adapters.web.context import web
from service.app.lobby_requests import CallOff, Rematch
from service.app.replies import Reply, Request
from service.game.events import PlayerId
from service.seeks.requests import SeekRequest
from service.tournaments.requests import TournamentRequest
from service.words.readings import Reading, reading

SOURCE = "web-page"
LOBBY_SOURCE = "web-lobby"
TOURNAMENT_SOURCE = "web-tournament"


def form_key(grant: PageGrant, nonce: str, said: str) -> str:
    """The inbox key of what a form of ``grant``'s page drawn at ``nonce`` said."""
    digest = hashlib.sha256(said.encode("utf-8", "replace")).hexdigest()[:32]
    return f"{grant.player}:{grant.game_id}:{nonce}:{digest}"


def command_reply(grant: PageGrant, version: int, command: str) -> Reply:
    """A command of the move forms or the command box, on the version the page showed."""
    nonce = str(version)
    if reading(command) is Reading.SETTING:
        nonce = f"{version}:{uuid.uuid4().hex}"
    key = form_key(grant, nonce, command)
    asked = Request(grant.player, grant.game_id, command, version)
    return web().service.handle(SOURCE, key, command, asked)


def rematch_reply(grant: PageGrant, nonce: str) -> Reply:
    """The ending's Rematch button: offered (or accepted) once."""
    key = form_key(grant, nonce, "rematch")
    return web().service.request(SOURCE, key, "rematch", Rematch(grant.player, grant.game_id))


def call_off_reply(grant: PageGrant, nonce: str) -> Reply:
    """The waiting page's "Call this game off"."""
    key = form_key(grant, nonce, "cancel")
    return web().service.request(SOURCE, key, "cancel", CallOff(grant.player, grant.game_id))


def form_nonce() -> str:
    """The posted form's nonce, drawn with its page (a page drawn before it carried one: a
    fresh one, so the request is handled as new)."""
    nonce = request.form.get("nonce", "")[:32]
    return nonce if nonce.isascii() and nonce.isalnum() and nonce else uuid.uuid4().hex


def lobby_reply(player: PlayerId, nonce: str, said: str, asked: SeekRequest) -> Reply:
    """A form of the lobby page (publish, pair, accept, withdraw, stop waiting), handled once per
    page drawn and what it says: a second press of Accept reaches the same game."""
    digest = hashlib.sha256(said.encode("utf-8", "replace")).hexdigest()[:32]
    lobby = web().lobby
    assert lobby is not None, "the lobby page is drawn only with a lobby"
    return lobby.request(LOBBY_SOURCE, f"{player}:lobby:{nonce}:{digest}", said, asked)


def tournament_reply(player: PlayerId, nonce: str, said: str, asked: TournamentRequest) -> Reply:
    """The tournament page's Join or Withdraw, handled once per page drawn and what it says."""
    digest = hashlib.sha256(said.encode("utf-8", "replace")).hexdigest()[:32]
    tournaments = web().tournaments
    assert tournaments is not None, "the tournament page is drawn only with tournaments"
    key = f"{player}:tournament:{nonce}:{digest}"
    return tournaments.request(TOURNAMENT_SOURCE, key, said, asked)
