"""A typed reply as the fields the inbox stores (``replies.encode`` without its type tag): the
shape replies had before they were typed, which tests written then assert on."""

from __future__ import annotations

import json
from typing import Any

from service.app.replies import Reply
from service.app.reply_codec import encode


def fields(reply: Reply) -> dict[str, Any]:
    stored: dict[str, Any] = json.loads(encode(reply))
    del stored["type"]
    return stored
