"""The game around the rules: its events and how they are stored and encoded, the game as
folded from its log, its status, fair deals, the checks on a log's game events, and the game
decider (``decide``: join, cancel, rematch, resign, claim, extend, pause, resume, standing
instructions) beside the rules' own.  Pure: no ports, no clock, no chance.
"""
