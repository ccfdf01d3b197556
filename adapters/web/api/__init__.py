"""The JSON API under ``/api/v1`` (``routes``: games, moves, logs, a player's data; ``players``:
profiles and the leaderboard), its request bodies read strictly (``bodies``), its answers
(``views``) and the OpenAPI document that describes them (``openapi``, ``schemas``).

It imports neither the pages nor the notices (an import-linter contract): what it shares with
them is the web shell's (``adapters/web``: links, security, errors, languages).
"""
