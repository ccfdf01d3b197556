"""An id as a player writes it, or the start of it (``accept 3f9a2c``, ``/seeks/3F9A2C``): the
code listings show for a seek or a tournament.  Read once here for every channel that takes one
from a path or a form, so that none of them passes on text a lookup was never meant to see."""

from __future__ import annotations

LONGEST = 32
"""More than any id the service draws (16 hex digits): longer text is no code of ours."""


def written_code(text: str) -> str | None:
    """``text`` as a code to look up (lower case), or None when it cannot be one: empty, too
    long, or holding anything but ASCII letters and digits."""
    if 0 < len(text) <= LONGEST and text.isascii() and text.isalnum():
        return text.lower()
    return None
