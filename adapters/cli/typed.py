"""What a person types at the terminal, or a script pipes in: the lines the terminal game and
the replay viewer read."""

from __future__ import annotations

import sys
from collections.abc import Iterator


def typed(prompt: str) -> Iterator[str]:
    """Lines from a person at a terminal (after ``prompt``) or from a script (line by line)."""
    if not sys.stdin.isatty():
        yield from sys.stdin
        return
    while True:
        try:
            yield input(prompt)
        except EOFError:
            return
