"""How people write and read things, whatever the channel: the languages and their
translators, card notation, the command words of every language, whole numbers and display
names as they come from outside.
"""
