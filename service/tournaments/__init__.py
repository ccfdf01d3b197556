"""Tournaments (issue 37), pure: a tournament's events (``events``), folded (``state``) and
decided (``decide``) like a game; Swiss pairing (``swiss``) and Berger tables (``berger``) from
the standings before a round; standings with their tiebreaks (``standings``); a match's result
read from its game's log (``results``); the events as JSON (``codec``).  Beside the lobby, below
the ports that store them (``ports/tournaments.py``); the exported file and its check are
``service.log``'s (``tournament_file``, ``tournament_verify``), the use cases
``service.app.tournaments``'."""
