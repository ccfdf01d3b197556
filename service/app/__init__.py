"""The application: ``GameService`` and its thin use cases (load, decide, append with the
expected version, follow-ups, under one retry policy), the worker's sweeps and the answers
the inbox keeps.
"""
