"""The Telegram channel: a bot built on python-telegram-bot (the Bot API client, its types, its
rate limiter and errors), with our own durable intake so that every update is stored in the inbox
before Telegram is told it arrived.  Nothing here holds game state: every answer is rendered from
the log through ``GameService`` and a ``PlayerView``."""
