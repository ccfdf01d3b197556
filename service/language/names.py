"""Players' display names as every channel shows them.

A name comes from outside (a Telegram profile, a web form, a mail's ``From``) and is shown to the
opponent in messages, buttons, mail subjects and pages.  Control characters in it would break a
header or a layout, and PostgreSQL refuses NUL in any text, so a name keeps only its printable
characters (a tab or a line break becomes a space), with runs of space made one, cut to a length
every layout fits.
"""

from __future__ import annotations

NAME_LENGTH = 40


def display_name(raw: str, fallback: str) -> str:
    """``raw`` made fit to show, or ``fallback`` when nothing printable is left."""
    printable = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in raw)
    return " ".join(printable.split())[:NAME_LENGTH].strip() or fallback
