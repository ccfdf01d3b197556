"""Everything that touches the outside world: terminal, storage, Telegram, email, web, scheduler.

Adapters depend on ``service``; ``service`` never imports from here.
"""
