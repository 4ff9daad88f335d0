"""The organizers' venue editor API as a test drives it over HTTP: a floor plan uploaded
(`upload_plan`) and a whole venue saved at the version it was read at (`save_venue`)."""

from __future__ import annotations

import json
from typing import Any

from .net import Address, get_json, request
from .publish import TOKEN


def upload_plan(server: Address, body: bytes, kind: str = "image/png") -> dict[str, Any]:
    """POST /api/v1/venue/images; the answer (its `image` or `svg` file name)."""
    headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": kind}
    answer = request(server, "POST", "/api/v1/venue/images", body, headers, timeout=30.0)
    assert answer.status == 201, (answer.status, answer.body[:500])
    return answer.json()


def save_venue(server: Address, doc: dict[str, Any]) -> int:
    """PUT /api/v1/venue at the version the server serves now; the new version."""
    version = get_json(server, "/api/v1/venue.json")["version"]
    headers = {
        "Authorization": f"Bearer {TOKEN}",
        "Content-Type": "application/json",
        "If-Match": f'"{version}"',
    }
    answer = request(server, "PUT", "/api/v1/venue", json.dumps(doc).encode(), headers)
    assert answer.status == 200, (answer.status, answer.body[:500])
    return answer.json()["version"]
