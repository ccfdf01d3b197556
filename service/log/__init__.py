"""Whole logs: the exported file, verification by the same rules code as live play, the replay
of a finished game, and which action caused a run of events.
"""
