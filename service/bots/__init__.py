"""The bots: pure policies from a seat's view and an injected random source, and self-play."""
