"""Finding an opponent (issue 36), pure: a seek's terms and whom it admits (``terms``), the seek
and a waiting player (``seeks``), why the lobby refuses (``errors``), pairing the waiting by the
closeness of their ratings and terms (``pairing``), and a player's reliability read from the game
logs with the limits on running games it sets (``reliability``).  Below the ports (which store
these values) and above the game; the use cases are ``service.app.lobby``'s."""
