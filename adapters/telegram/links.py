"""``/link``: a code that links an email address to this Telegram player, so that their games'
news reaches them by mail when Telegram cannot (they blocked the bot, or deleted the chat).

The code is shown here (``Linking.offer``) and mailed back from the address to link (the email
channel's ``link CODE``): only someone who reads both sides can link them.  The other way round —
typing here a code got by mail — cannot work for anyone who writes to the bot, since writing to
it registers them as a player of their own and an address never moves between players; ``/link
CODE`` says which way works instead.

The code is asked for as a typed request (``OfferLink``) through the service's one intake, which
records it as the update's reply before it is shown, so an update answered again after a crash
shows the same code.
"""

from __future__ import annotations

from adapters.telegram.channel import CHANNEL, SOURCE
from adapters.telegram.incoming import Said
from adapters.telegram.screens import ChatPart
from service.app.link_requests import OfferLink
from service.app.replies import LinkOffered, Shown
from service.players.linking import valid_for_text
from service.ports.directory import Address
from service.rules.errors import N_
from service.words.refusals import Refused, refusal_text

NO_EMAIL = N_("Linking an email address needs the email channel, which this service does not have.")
USAGE = N_(
    "Send /link alone: I give you a code, and you mail it to me from the address to link. "
    "(A code from a mail is for the other channel, not for here.)"
)


class Links(ChatPart):
    def link(self, said: Said, words: list[str]) -> None:
        """``/link``: a code to mail from the address to link."""
        channel = self.channel
        tr = said.tr
        mail_address = channel.settings.mail_address
        if mail_address is None or words:
            channel.record(said.key, Shown("link", refused=True))
            self.screens.say(said.chat_id, tr.gettext(NO_EMAIL if mail_address is None else USAGE))
            return
        reply = channel.earlier(said.key, said.payload)
        if reply is None:
            request = OfferLink(said.player, Address(CHANNEL, str(said.chat_id)))
            reply = channel.service.request(SOURCE, said.key, said.payload, request)
        match reply:
            case LinkOffered(code=code):
                text = tr.gettext(
                    "Your link code is {code}. To link your email address, mail link {code} "
                    "to {address} from it within {valid_for}; the code works once. "
                    "Then your games' news reaches you by email whenever Telegram cannot "
                    "deliver it.",
                    code=code,
                    address=mail_address,
                    valid_for=valid_for_text(tr),
                )
                self.screens.say(said.chat_id, text)
            case Refused():
                self.screens.say(said.chat_id, f"⚠ {refusal_text(reply, tr)}")
