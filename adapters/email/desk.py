"""What every part of mail handling shares: the service and the stores, the mail going out, the
limits, and the few answers every part gives (in the sender's language, in a game's thread, a
``stop``).

``handling.Handler`` is a desk; ``requests`` and ``invitations`` are handed one, so neither
needs the handler that uses them (which made an import circle).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from adapters.email.addressing import Addresses
from adapters.email.compose import Composer
from adapters.email.inbound import Inbound
from adapters.email.letters import Letter
from adapters.email.notes import Notes
from adapters.email.sender import GameMail
from adapters.email.tokens import TokenKeys
from adapters.sql.email_contacts import EmailContacts
from adapters.sql.email_records import EmailRecords
from service.app.games import GameService
from service.app.lobby import Lobby
from service.app.ratings import Ratings
from service.app.replies import Reply
from service.app.tournaments import Tournaments
from service.game.events import GameId, PlayerId
from service.language.names import NO_NAME, display_name
from service.language.translation import Translator, translator
from service.players.invitations import InvitationLimits
from service.ports.consent import Consent
from service.ports.directory import Address, Directory
from service.ports.protocols import Clock
from service.ports.quotas import Quotas

SOURCE = "email"
"""The inbox's source for mail (its key: the ``Message-ID``)."""


@dataclass
class Desk:
    service: GameService
    directory: Directory
    store: EmailRecords
    keys: TokenKeys
    mail: GameMail
    clock: Clock
    quotas: Quotas
    limits: InvitationLimits
    ratings: Ratings | None = None
    """Profiles for a ``stats`` mail (``stats.py``)."""
    lobby: Lobby | None = None
    """Seeks and pairing for ``seek``, ``lobby``, ``accept``, ``pair`` mail (``seeking.py``)."""
    tournaments: Tournaments | None = None
    """Tournaments for ``tournaments``, ``join tournament`` mail (``tournament_mail.py``)."""

    @property
    def consent(self) -> Consent:
        return self.mail.consent

    @property
    def contacts(self) -> EmailContacts:
        return self.mail.contacts

    @property
    def composer(self) -> Composer:
        return self.mail.composer

    @property
    def addresses(self) -> Addresses:
        return self.mail.composer.addresses

    @cached_property
    def notes(self) -> Notes:
        return Notes(self.mail, self.clock, self.tr_for)

    def earlier(self, inbound: Inbound) -> Reply | None:
        """The reply the service's inbox recorded for ``inbound`` (handled before a crash, say),
        storing the request there first (``Intake.earlier``)."""
        return self.service.recorded(SOURCE, inbound.key, inbound.command)

    def record(self, inbound: Inbound, reply: Reply) -> Reply:
        """Record ``inbound``'s reply in the service's inbox; the first recorded stands."""
        self.earlier(inbound)  # stored first, as every request is
        return self.service.record(SOURCE, inbound.key, reply)

    def tr_for(self, inbound: Inbound) -> Translator:
        """The sender's language: their player's, or for an address the service does not know
        yet, the one their mail is in (English when it does not say)."""
        player = self.directory.player_at(Address("email", inbound.sender))
        if player is not None:
            return self.mail.tr(player)
        return translator(inbound.language)

    def stop(self, address: str) -> str:
        """``address`` gets no more mail from us until it answers one of our mails again."""
        self.consent.stop(address, self.clock.now())
        return f"stopped: {address}"

    def answer_in_game(
        self, inbound: Inbound, game_id: GameId, player: PlayerId, letter: Letter
    ) -> None:
        """A mail answering ``inbound`` in the player's game thread, with a fresh reply token."""
        answering = (inbound.message_id,) if inbound.message_id else ()
        version = self.service.game(game_id).version
        message_id = self.composer.answer_id(inbound.key)
        self.mail.send(game_id, player, inbound.sender, letter, version, message_id, answering)

    def player_for(self, address: str, name: str, language: str | None = None) -> PlayerId:
        """The player at ``address``, registered now if new, in the language their mail was in."""
        directory = self.directory
        found = directory.player_at(Address("email", address))
        if found is not None:
            return found
        try:
            player = directory.register(_shown(name, address), Address("email", address))
        except ValueError:  # registered by a racing request
            found = directory.player_at(Address("email", address))
            assert found is not None
            return found
        if language is not None:
            directory.update(replace(directory.profile(player), language=language))
        return player


def _shown(name: str, address: str) -> str:
    """The ``From`` name as every channel shows names, else the address's local part."""
    return display_name(name, "") or display_name(address.split("@")[0], NO_NAME)
