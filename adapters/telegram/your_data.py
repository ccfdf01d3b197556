"""``/privacy``, ``/mydata`` and ``/erase``: what is kept about a player, everything held about
them as a file, and their erasure (``service.app.your_data``, the use cases every channel
shares; issue 25).

``/erase`` alone answers with a new confirmation code, good here only; ``/erase CODE`` erases.  The erasure's
answer is not recorded in the inbox: the update's own row is among those it scrubs (its key
becomes a hash), and Telegram's ``update_id``, which stays, recognises the update if it comes
again.
"""

from __future__ import annotations

from adapters.telegram.incoming import Said
from adapters.telegram.screens import ChatPart
from service.app.replies import Shown
from service.app.your_data import YourData
from service.rules.errors import N_, IllegalAction
from service.words.privacy import privacy_text
from service.words.refusals import refusal_text

CHANNEL = "telegram"
"""The channel an erasure code is given to, and taken back from."""
ERASE_HOW = N_("Send /erase {code} to erase everything held about you.")
ERASED = N_("Everything held about you is erased. Goodbye.")


class DataRequests(ChatPart):
    def privacy(self, said: Said) -> None:
        self.channel.record(said.key, Shown("privacy"))
        self.screens.say(said.chat_id, privacy_text(said.tr, self._your_data().kept))

    def my_data(self, said: Said) -> None:
        self.channel.record(said.key, Shown("mydata"))
        data = self._your_data().export(said.player)
        caption = said.tr.gettext("Everything held about you, as a file.")
        content = data.as_text().encode()
        self.channel.api.send_document(said.chat_id, content, "conquian-data.json", caption)

    def erase(self, said: Said, words: list[str]) -> None:
        try:
            self._your_data().erase(said.player, words[0] if words else "", CHANNEL)
        except IllegalAction as error:
            self.channel.record(said.key, Shown("erase", refused=True))
            code = error.params.get("code")
            how = "" if code is None else "\n\n" + said.tr.gettext(ERASE_HOW, code=code)
            self.screens.say(said.chat_id, f"⚠ {refusal_text(error, tr=said.tr)}{how}")
            return
        self.screens.say(said.chat_id, said.tr.gettext(ERASED))

    def _your_data(self) -> YourData:
        your_data = self.channel.service.your_data
        assert your_data is not None, "the bot runs on the stores, which hold personal data"
        return your_data
