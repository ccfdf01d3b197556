"""Deadlines at scale: a simulated hour of thousands of games driven through the real worker on
the real SQL stores (``hour``, checked by ``checks``), a move racing the timeout of its decision,
and two ``conquian worker`` processes sharing one PostgreSQL database.

``make test`` runs each at a few hundred games; ``make sim`` (``python -m tests.sim.run``) runs
them at 10,000 and prints what ``docs/benchmarks.md`` records.
"""
