"""Time in a game: when a decision falls due and its player is reminded (``deadlines``), what a
timeout does (``timeouts``), vacations, and each player's clock settings.
"""
