"""The pages people open: the landing page, invitations, the player's private page with its
table (``table``) and talk (``talk``), profiles and the leaderboard, the replay viewer, a
player's data, the mail's one-click unsubscribe, and the pictures they draw.

It imports neither the API nor the notices (an import-linter contract); what it shares with them
is the web shell's (``adapters/web``).
"""
