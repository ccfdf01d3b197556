"""Conquian by message: the rules core (``service.rules``) and the use cases every channel calls.

Nothing in ``service`` imports an adapter or a framework; adapters depend on this package.
"""
