"""The command is found above the quoted part in the quoting styles of many clients and
languages, including HTML-only replies."""

from __future__ import annotations

import pytest

from adapters.email.quotes import MARKER, command_line, html_to_text

PREVIOUS = f"""{MARKER}
Conquian: your turn in the game with Ana.
Your hand: 2C 3C 4H KS
Reply with one of these lines:
  take 5c 5d discard ks
  pass
"""


def quoted(text: str) -> str:
    return "\n".join("> " + line if line else ">" for line in text.splitlines())


STYLES = {
    "english gmail": f"take 5c 5d discard ks\n\nOn Mon, 2 Mar 2026 at 09:00, Conquian <reply+x@conquian.test> wrote:\n{quoted(PREVIOUS)}",
    "english wrapped attribution": f"pass\n\nOn Mon, 2 Mar 2026 at 09:00, Conquian by message\n<reply+1-2-k1-abc@conquian.test> wrote:\n\n{quoted(PREVIOUS)}",
    "spanish gmail": f"take 5c 5d discard ks\n\nEl lun, 2 mar 2026 a las 9:00, Conquian (<reply+x@conquian.test>) escribió:\n{quoted(PREVIOUS)}",
    "spanish apple mail": f"Take 5C 5D discard KS\n\n\nEl 2 mar 2026, a las 9:00, Conquian <reply+x@conquian.test> escribió:\n\n{quoted(PREVIOUS)}",
    "spanish outlook": f"take 5c 5d discard ks\n\n________________________________\nDe: Conquian <reply+x@conquian.test>\nEnviado: lunes, 2 de marzo de 2026 9:00\nPara: ana@example.org\nAsunto: Conquian: Ana vs Ben\n\n{PREVIOUS}",
    "ukrainian gmail": f"take 5c 5d discard ks\n\nпн, 2 бер. 2026 р. о 09:00 Conquian <reply+x@conquian.test> пише:\n{quoted(PREVIOUS)}",
    "ukrainian thunderbird": f"take 5c 5d discard ks\n\n02.03.2026 09:00, Conquian пише:\n{quoted(PREVIOUS)}",
    "ukrainian outlook": f"take 5c 5d discard ks\n\nВід: Conquian <reply+x@conquian.test>\nНадіслано: 2 березня 2026 р. 9:00\nКому: ana@example.org\nТема: Conquian\n\n{PREVIOUS}",
    "hindi gmail": f"take 5c 5d discard ks\n\nसोम, 2 मार्च 2026 को 9:00 am बजे Conquian <reply+x@conquian.test> ने लिखा:\n{quoted(PREVIOUS)}",
    "hindi outlook": f"take 5c 5d discard ks\n\nप्रेषक: Conquian <reply+x@conquian.test>\nभेजा गया: सोमवार, 2 मार्च 2026 9:00\nको: ana@example.org\n\n{PREVIOUS}",
    "top posting without quote marks": f"\n\n  take 5c 5d discard ks  \n\n{PREVIOUS}",
    "original message separator": f"take 5c 5d discard ks\n-----Original Message-----\nFrom: Conquian\n{PREVIOUS}",
    "crlf and a signature": "take 5c 5d discard ks\r\n--\r\nAna\r\n\r\n"
    + quoted(PREVIOUS).replace("\n", "\r\n"),
}


@pytest.mark.parametrize("style", sorted(STYLES))
def test_the_command_is_read_above_the_quote(style: str) -> None:
    expected = "pass" if "wrapped" in style else "take 5c 5d discard ks"
    assert command_line(STYLES[style]).lower() == expected


@pytest.mark.parametrize("style", sorted(STYLES))
def test_an_empty_reply_quoting_everything_has_no_command(style: str) -> None:
    _, _, rest = STYLES[style].replace("\r\n", "\n").strip().partition("\n")
    assert command_line(rest) == ""


def test_the_quoted_legal_moves_are_never_read_as_the_command() -> None:
    assert command_line(quoted(PREVIOUS)) == ""
    assert command_line(PREVIOUS) == ""


def test_an_html_only_reply_is_read_like_text() -> None:
    html = (
        "<html><head><style>p {color: red}</style></head><body>"
        "<div dir='ltr'>take&nbsp;5c 5d discard ks</div><br>"
        "<div class='gmail_quote'><div>El lun, 2 mar 2026 a las 9:00, Conquian escribió:</div>"
        "<blockquote><p>##- reply above this line -##</p><p>pass</p></blockquote></div>"
        "</body></html>"
    )
    text = html_to_text(html)
    assert "color" not in text
    assert "> pass" in text
    assert command_line(text) == "take 5c 5d discard ks"


def test_an_html_reply_quoting_only_in_a_blockquote() -> None:
    html = "<p></p><blockquote>take 2c discard 3c</blockquote>"
    assert command_line(html_to_text(html)) == ""
