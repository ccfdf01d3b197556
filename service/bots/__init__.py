"""The bots: pure policies from what a seat knows and an injected random source (``policies``),
the hard bot's determinized search (``search``), the levels players choose (``levels``),
self-play and the arena that measures them against each other."""
