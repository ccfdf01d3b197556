"""Crash points: a move killed at each of its stages, then recovered by a restarted process."""
