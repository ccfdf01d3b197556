"""Which font writes a language's words in the pictures of the table (Pillow PNGs).

DejaVu Sans (the system's) draws Latin and Cyrillic words and the suit symbols; it has no
Devanagari, so Hindi labels are drawn with Noto Sans Devanagari, shipped in ``adapters/fonts``
with its licence (SIL OFL 1.1) so a picture looks the same on every machine.  Pillow's wheels
include raqm (HarfBuzz and FriBiDi): with it the conjuncts and vowel signs of Devanagari are
shaped, not drawn letter by letter.  Cards are always drawn with the card font.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PIL import ImageFont, features

FONTS = Path(__file__).with_name("fonts")
DEVANAGARI = FONTS / "NotoSansDevanagari-Regular.ttf"
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
SCRIPT_FONTS = {"hi": DEVANAGARI}
"""Languages whose script the default font lacks, and the shipped font that has it."""

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


@cache
def label_font(language: str, size: int) -> Font:
    """The font for words in ``language`` at ``size``: shaped by raqm when Pillow has it."""
    path = SCRIPT_FONTS.get(language, DEJAVU)
    if not path.exists():
        return ImageFont.load_default(size)
    engine = ImageFont.Layout.RAQM if features.check("raqm") else ImageFont.Layout.BASIC
    return ImageFont.truetype(str(path), size, layout_engine=engine)
