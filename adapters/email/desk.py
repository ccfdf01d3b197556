"""What every part of mail handling shares: the service and the stores, the mail going out, the
limits, and the few answers every part gives (in the sender's language, in a game's thread, a
``stop``).

``handling.Handler`` is a desk; ``requests`` and ``invitations`` are handed one, so neither
needs the handler that uses them (which made an import circle).
"""

from __future__ import annotations

from service.consent import Consent
from service.game_events import GameId, PlayerId
from service.games import GameService
from service.invitations import InvitationLimits
from service.language import Translator, translator
from service.linking import Linking
from service.ports import Address, Clock, Directory
from service.quotas import Quotas

from .addressing import Addresses
from .compose import Composer
from .inbound import Inbound
from .letters import Letter
from .notes import Notes
from .sender import GameMail
from .store import EmailStore
from .tokens import TokenKeys


class Desk:
    def __init__(
        self,
        service: GameService,
        directory: Directory,
        store: EmailStore,
        keys: TokenKeys,
        mail: GameMail,
        clock: Clock,
        linking: Linking,
        quotas: Quotas,
        limits: InvitationLimits,
    ) -> None:
        self.service = service
        self.directory = directory
        self.store = store
        self.keys = keys
        self.mail = mail
        self.clock = clock
        self.linking = linking
        self.quotas = quotas
        self.limits = limits
        self.consent: Consent = mail.consent
        self.composer: Composer = mail.composer
        self.addresses: Addresses = mail.composer.addresses
        self.notes = Notes(mail, store, clock, self.tr_for)

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
