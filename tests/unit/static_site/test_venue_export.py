"""The static export carries the venue's plan images, as the server serves them."""

from __future__ import annotations

import json
from pathlib import Path

from tests.unit.venue.plans import drawing
from webapp import create_app
from webapp.static_site import export as static_export
from webapp.static_site import headers as export_headers

SITE = "https://schedule.example.org"
AUTH = {"Authorization": "Bearer t0ken-for-the-export-test"}


def test_the_export_holds_the_plan_images_the_venue_names_and_no_others(data_dir: Path):
    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": AUTH["Authorization"][7:]})
    client = app.test_client()
    sent = {"Content-Type": "image/png", **AUTH}
    used = client.post("/api/v1/venue/images", data=drawing(320, 200), headers=sent).get_json()["image"]
    unused = client.post("/api/v1/venue/images", data=drawing(300, 300), headers=sent).get_json()["image"]
    doc = {"floors": [{"id": "g", "name": "Ground", "image": used}]}
    saved = client.put("/api/v1/venue", data=json.dumps(doc), headers={**AUTH, "If-Match": '"0"'})
    assert saved.status_code == 200
    out = static_export.build(app, SITE)
    assert out.files[f"venue/{used}"] == client.get(f"/venue/{used}").data
    assert f"venue/{unused}" not in out.files
    assert json.loads(out.files["api/v1/venue.json"])["floors"][0]["image"] == f"/venue/{used}"
    rules = export_headers.render(out.headers, out.content_types)
    assert "/venue/*\n  Cache-Control: public, max-age=31536000, immutable" in rules  # named by content
