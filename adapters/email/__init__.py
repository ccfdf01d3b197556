"""Play by email reply: reply addresses that prove who writes (``tokens``), the mail the service
sends (``compose``, ``picture``, ``smtp``, ``sender``), and the mail it reads (``inbound``,
``quotes``, ``automatic``, ``handling``, ``imap``).  Depends on ``service`` and the SQL storage,
never on another channel's adapter."""
