"""What fuzzing the JSON API: tests/web/test_api.py style, through the real app found, each as the smallest input that showed it."""

from __future__ import annotations

from pathlib import Path

# -- JSON API: tests/web/test_api.py style, through the real app ------------------------------------


def test_wrong_types_and_lone_surrogates_are_400(tmp_path: Path) -> None:
    from .web_api import Api

    api = Api(tmp_path)
    try:
        bearer = {"Authorization": f"Bearer {api.tokens['<ana>']}"}
        listed = api.client.post("/api/v1/games", json={"opponent": ["greedy"]}, headers=bearer)
        assert listed.status_code == 400, listed.text
        lone = api.client.post(
            "/api/v1/players", data=b'{"name": "\\ud800"}', content_type="application/json"
        )
        assert lone.status_code == 400 and lone.json["error"]["code"] == "malformed_json"  # type: ignore[index]
    finally:
        api.close()
