"""Mail as every part of the service sends it: the SMTP transport, and the headers every mail of
ours carries (sent by a machine, a loop marker, the never-mail list's unsubscribe links).

Not a channel: the email channel (``adapters/email``: game mails, replies) and the web's turn
notices (``adapters/web/notices``: a confirmation and a notice to a confirmed address) both send
through it, and it imports neither (an import-linter contract), so a rule about what our mail
says of itself is written once.
"""
