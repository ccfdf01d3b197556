"""Ratings, records and leaderboards: a projection of the finished games' events.

Nothing here is a second truth.  ``finished.py`` reads how a game ended from its log, ``projection.py``
folds finished games into each player's standing (Glicko-2 through the ``Rater`` port, so the
maths is a well-kept library's, wired in by the adapters), ``store.py`` is the port of the table the
follower keeps, and ``fairness.py`` says which games move a rating.  ``conquian ratings rebuild``
folds the same games in the same order from nothing and must reach the same standings to the
last digit (docs/decisions/ratings-glicko-2-as-a-projection.md).
"""
