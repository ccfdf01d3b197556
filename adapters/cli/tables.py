"""Plain tables for the operators' commands (``conquian games``, ``conquian lobby``): columns
padded to their widest cell under upper-case headings, and moments in UTC to the minute."""

from __future__ import annotations

from datetime import datetime


def print_table(columns: tuple[str, ...], rows: list[tuple[str, ...]]) -> None:
    """The rows under their headings; nothing at all for no rows."""
    if not rows:
        return
    widths = [max(len(row[i]) for row in [columns, *rows]) for i in range(len(columns))]
    for row in [tuple(name.upper() for name in columns), *rows]:
        print(
            "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        )


def short(moment: datetime | None) -> str:
    """UTC to the minute, e.g. ``2026-03-02 09:00Z``; ``-`` for none."""
    return "-" if moment is None else moment.strftime("%Y-%m-%d %H:%MZ")
