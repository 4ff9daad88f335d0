"""Issue 14, "Install": the manifest Chromium parses offers shortcuts (Now, My schedule, Scan)
and narrow and wide screenshots whose files are served at the sizes declared. The install hint
itself: tests/e2e/congress/test_install_hint.py."""

from __future__ import annotations

import io
import json

from PIL import Image
from playwright.sync_api import expect

from tests.harness.browser import wait_controlled


def test_chromium_reads_shortcuts_and_screenshots_from_the_manifest(profile, live_server) -> None:
    page = profile.new_page()
    page.goto(live_server.url + "/")
    wait_controlled(page)
    cdp = page.context.new_cdp_session(page)
    got = cdp.send("Page.getAppManifest")
    assert got["errors"] == []
    manifest = json.loads(got["data"])
    assert [(s["name"], s["url"]) for s in manifest["shortcuts"]] == [
        ("Now", "/now"),
        ("My schedule", "/my"),
        ("Scan", "/scan"),
    ]
    shots = {s["form_factor"]: s for s in manifest["screenshots"]}
    assert set(shots) == {"narrow", "wide"}
    for shot in shots.values():
        response = page.request.get(live_server.url + shot["src"])
        assert response.status == 200
        image = Image.open(io.BytesIO(response.body()))
        assert f"{image.width}x{image.height}" == shot["sizes"]
        assert shot["label"]
    wide, narrow = (
        Image.open(io.BytesIO(page.request.get(live_server.url + shots[k]["src"]).body()))
        for k in ("wide", "narrow")
    )
    assert wide.width > wide.height and narrow.height > narrow.width
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    for shortcut in manifest["shortcuts"]:
        page.goto(live_server.url + shortcut["url"])
        expect(page.locator("main h1")).to_be_visible()
