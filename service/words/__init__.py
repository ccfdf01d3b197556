"""What a player types and reads: the command grammar and the lobby's options, the narration
of events to one reader, the description of a position, prompts and refusals.
"""
