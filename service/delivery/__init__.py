"""Telling players: a notification's notice, and delivering the outbox through each
channel's sender.
"""
