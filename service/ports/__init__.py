"""What the service needs from the outside world, as ``Protocol``s (``protocols``, and the
mail guard's ``quotas`` and ``consent``), with faithful in-memory versions for tests and the
terminal (``memory``).
"""
