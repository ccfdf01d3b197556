"""Players beyond a single game: their profiles and settings, addresses linked across
channels, the limits on invitations and the signed way out of all mail.
"""
