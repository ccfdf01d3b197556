"""The rating over time as an SVG drawn on the server: no script, no inline style (the CSP
allows neither), scaled by its ``viewBox`` to the page's width, so it reads on a phone.

The picture is ``role="img"`` with a title and a description; the page prints the same points
as a table beside it (the text equivalent).
"""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

from service.ratings.standing import Point

WIDTH, HEIGHT = 480, 260
LEFT, RIGHT, TOP, BOTTOM = 64, 12, 18, 34


def rating_svg(points: Sequence[Point], title: str, description: str) -> Markup:
    """The rating after each rated game, oldest first; axes labelled with the lowest and highest
    rating and the first and last day."""
    if not points:
        return Markup("")
    low = min(one.rating for one in points) - 20
    high = max(one.rating for one in points) + 20
    span_x = max(len(points) - 1, 1)

    def x(index: int) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * index / span_x

    def y(rating: int) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - rating) / (high - low)

    line = " ".join(f"{x(n):.1f},{y(one.rating):.1f}" for n, one in enumerate(points))
    bottom = HEIGHT - BOTTOM
    parts = [
        f'<svg class="rating-plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        'aria-labelledby="plot-title plot-desc" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="plot-title">{escape(title)}</title>',
        f'<desc id="plot-desc">{escape(description)}</desc>',
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="#555"/>',
        f'<line x1="{LEFT}" y1="{bottom}" x2="{WIDTH - RIGHT}" y2="{bottom}" stroke="#555"/>',
        f'<text x="{LEFT - 6}" y="{TOP + 14}" text-anchor="end" font-size="20">{high - 20}</text>',
        f'<text x="{LEFT - 6}" y="{bottom}" text-anchor="end" font-size="20">{low + 20}</text>',
        f'<text x="{LEFT}" y="{HEIGHT - 6}" font-size="20">{points[0].at.date().isoformat()}</text>',
        f'<text x="{WIDTH - RIGHT}" y="{HEIGHT - 6}" text-anchor="end" font-size="20">'
        f"{points[-1].at.date().isoformat()}</text>",
        f'<polyline points="{line}" fill="none" stroke="#1d5e9e" stroke-width="3"/>',
        "</svg>",
    ]
    return Markup("".join(parts))
