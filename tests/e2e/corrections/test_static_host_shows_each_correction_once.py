"""On a static host (the export under `python -m http.server`), where `?since=N` cannot be
read and one changes file lists every correction since the import, the phone still picks up
each new correction once, applies it and shows it."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.harness.app import open_app, star, stored_star_ids
from tests.harness.static import StaticSite

FRESH = "footer [data-freshness]"


@pytest.fixture
def site(tmp_path: Path, serve) -> StaticSite:
    return serve(StaticSite(tmp_path))


def test_static_host_corrections_show_once_each_and_keep_stars(page, site) -> None:
    open_app(page, site)
    star(page, "Day Two Keynote")
    site.publish({"kind": "move", "session": "k9x8y7", "room": "main", "note": "bigger room"})
    expect(page.locator(FRESH)).to_have_attribute("data-version", "1", timeout=15000)
    expect(page.locator(FRESH)).to_contain_text("Up to date")
    expect(page.locator("#changes-banner")).to_contain_text("1 change: Compiling Things: moved to Main Room")

    site.publish({"kind": "cancel", "session": "q4w5e6"})
    expect(page.locator(FRESH)).to_have_attribute("data-version", "2", timeout=15000)
    expect(page.locator(FRESH)).to_contain_text("Up to date")
    expect(page.locator("#changes-banner")).to_contain_text("2 changes: ★ Day Two Keynote: cancelled")
    page.locator("#changes-bell").click()
    # The file lists version 1 again at every check: it is recorded once.
    expect(page.locator(".change h3")).to_have_text(["Day Two Keynote", "Compiling Things"])
    expect(page.locator(".change .note")).to_have_text(["“bigger room”"])
    assert stored_star_ids(page) == ["q4w5e6"]
    page.goto(site.url + "/changes?poll=1")  # the view's own URL, as the export wrote it
    expect(page.locator(".change")).to_have_count(2)
