"""The web side: a Flask application (``app.create_app``) with the JSON API, the players' private
pages, the landing page and the replay viewer, and the capability links channels put in their
messages (``capabilities.Capabilities.page_url``).

Importing this package imports nothing else: channels that only make links need no Flask.
"""
