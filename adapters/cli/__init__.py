"""The ``conquian`` command: the terminal game, self-play and (later) the service's admin tools."""
