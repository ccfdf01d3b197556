"""Turn notices for web players: asking for them on the page (``asking``), the desk behind it
(``desk``: subscriptions, addresses, limits), and the web channel's sender (``sender``: the page,
Web Push through the guarded client to the push services, confirmed mail).

It imports neither the API nor the pages (an import-linter contract); the shell installs its desk
(``install``) and the page's notices section asks it through a template function.
"""
