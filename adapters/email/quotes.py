"""Finding the command in a reply: the first non-empty line above everything the client quoted.

Quote-stripping libraries know English and a few other languages; players write from Spanish,
Ukrainian, Hindi … clients.  So every mail the service sends starts with a marker line, players put
the command on the first line, and a reply is read top-down, stopping at the first of:

* the marker line (top-posting clients that quote without ``>``, such as Outlook);
* a line quoted with ``>``;
* an attribution line ending in "wrote:" in one of the languages of ``WROTE`` (with the lines of
  its paragraph just before it: long attributions wrap), or an Outlook-style header block
  ("From: … / Sent: …", "De: … / Enviado: …", "Від: … / Надіслано: …", …), or an
  "-----Original Message-----" separator, a line of underscores, or a signature's ``--``.

HTML-only replies are turned into text first, ``<blockquote>`` contents becoming ``>`` lines.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from service.language.translation import ENGLISH, Translator

MARKER = "##- reply above this line -##"
"""The first line of the text of every mail the service sends (``marker`` in the reader's
language: whatever stands between ``##-`` and ``-##`` is read as the marker)."""
_MARKER = re.compile(r"^\s*##-.*-##\s*$")


def marker(tr: Translator = ENGLISH) -> str:
    """The marker line in ``tr``'s language."""
    return "##- " + tr.gettext("reply above this line") + " -##"


WROTE = (
    "wrote",  # English
    "escribió",  # Spanish
    "escribio",
    "пише",  # Ukrainian
    "написав",
    "написала",
    "написав(ла)",
    "написал(а)",  # Russian, as Ukrainian users' clients often are
    "написал",
    "लिखा",  # Hindi: "… ने लिखा:"
    "menulis",  # Malay
    "sumulat",  # Filipino: "… ay sumulat:"
    "schrieb",  # German
    "a écrit",  # French
    "escreveu",  # Portuguese
    "ha scritto",  # Italian
    "schreef",  # Dutch
)
_WROTE = re.compile(
    r"(?:^|\s)(?:" + "|".join(re.escape(word) for word in WROTE) + r")\s*:\s*$", re.IGNORECASE
)
_HEADER_FROM = re.compile(
    r"^\s*\**(from|de|von|від|від кого|от|प्रेषक|से|daripada|mula kay)\**\s*:", re.I
)
_HEADER_NEXT = re.compile(
    r"^\s*\**(sent|date|to|subject|enviado|fecha|para|asunto|надіслано|відправлено|дата|кому|тема"
    r"|отправлено|भेजा गया|दिनांक|को|विषय|gesendet|datum|an|betreff|envoyé|à|objet|dihantar"
    r"|tarikh|kepada|ipinadala|petsa)\**\s*:",
    re.I,
)
_SEPARATOR = re.compile(
    r"^\s*-{2,}\s*(original message|mensaje original|оригінальне повідомлення"
    r"|исходное сообщение|मूल संदेश|forwarded message|mensaje reenviado|mesej asal)\s*-{2,}\s*$",
    re.I,
)
_RULE = re.compile(r"^\s*(_{8,}|--\s*)$")
"""Outlook's line of underscores above its header block, and the signature delimiter ``-- ``."""
_ATTRIBUTION_LINES = 3
"""An attribution wraps over at most this many lines."""


def command_line(text: str) -> str:
    """The reply's command: its first non-empty line above the quoted part ("" if none)."""
    for line in reply_lines(text):
        if line.strip():
            return " ".join(line.split())
    return ""


def reply_lines(text: str) -> list[str]:
    """The lines the player wrote: those above the first sign of quoted text."""
    lines = text.replace("\r\n", "\n").replace("\u00a0", " ").lstrip("\ufeff").split("\n")
    for at, line in enumerate(lines):
        if _MARKER.match(line) or line.lstrip().startswith(">") or _SEPARATOR.match(line):
            return lines[:at]
        if _RULE.match(line):
            return lines[:at]
        if _WROTE.search(line):
            return lines[: _paragraph_start(lines, at)]
        if _HEADER_FROM.match(line) and _next_is_header(lines, at):
            return lines[:at]
    return lines


def _paragraph_start(lines: list[str], at: int) -> int:
    """Where the attribution ending at ``lines[at]`` begins: the start of its paragraph, at most
    ``_ATTRIBUTION_LINES`` lines up."""
    start = at
    while start > 0 and at - start < _ATTRIBUTION_LINES - 1 and lines[start - 1].strip():
        start -= 1
    return start


def _next_is_header(lines: list[str], at: int) -> bool:
    following = [line for line in lines[at + 1 : at + 4] if line.strip()]
    return bool(following) and bool(_HEADER_NEXT.match(following[0]))


def html_to_text(html: str) -> str:
    """The text of an HTML body, one line per block, ``<blockquote>`` lines prefixed with ``>``."""
    parser = _TextParser()
    parser.feed(html)
    parser.close()
    return parser.text()


_BLOCKS = frozenset(
    {"p", "div", "br", "tr", "li", "ul", "ol", "table", "h1", "h2", "h3", "h4", "h5", "h6", "hr"}
    | {"blockquote", "pre", "section", "article", "header", "footer"}
)
_HIDDEN = frozenset({"style", "script", "head", "title"})


class _TextParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.current: list[str] = []
        self.depth = 0
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in _HIDDEN:
            self.hidden += 1
        elif tag in _BLOCKS:
            self._flush()
            self.depth += tag == "blockquote"

    def handle_endtag(self, tag: str) -> None:
        if tag in _HIDDEN:
            self.hidden = max(self.hidden - 1, 0)
        elif tag in _BLOCKS:
            self._flush()
            if tag == "blockquote":
                self.depth = max(self.depth - 1, 0)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.current.append(data)

    def _flush(self) -> None:
        line = " ".join("".join(self.current).split())
        self.current = []
        if line or (self.lines and self.lines[-1]):
            self.lines.append("> " * self.depth + line if line else "")

    def text(self) -> str:
        self._flush()
        return "\n".join(self.lines).strip("\n")
