"""The static export as a phone sees it, served by `python -m http.server` (no Flask, no
custom header): every view finds every file it asks for, and a new deployment exported over
the same directory is offered as an update that keeps the stars."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.harness import ROOT
from tests.harness.browser import before_the_event, offsite_requests, wait_controlled
from tests.harness.static import StaticSite

# Every view, and a door sign for one day (a page the export saved under a new name).
VIEWS = {
    "/": ".card",
    "/rooms": "h1",
    "/now?now=2026-04-07T10:05:00%2B02:00": "h1",
    "/speakers": "a[href='/speaker/ada-lovelace']",
    "/speaker/ada-lovelace": ".card",
    "/session/s1a2b3": ".detail",
    "/my": "h1",
    "/map": "a[href='/room/main']",
    "/room/main": "h1",
    "/share": "h1",
    "/print": "table a",
    "/print/room/main/day-2026-04-07.html": ".sign, main, body",
}


@pytest.fixture
def site(tmp_path: Path, serve) -> StaticSite:
    static = tmp_path / "static"
    shutil.copytree(ROOT / "static", static)
    return serve(StaticSite(tmp_path, static_dir=static))


def test_every_view_finds_every_file_it_asks_for(site, page) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    offsite = offsite_requests(page.context, site.url)
    page.goto(site.url + "/")
    wait_controlled(page)
    for path, ready in VIEWS.items():
        page.goto(site.url + path)
        expect(page.locator(ready).first).to_be_visible()
    assert failed == [] and offsite == []
    # A session the export does not know: no file on the host, the worker's shell says so.
    page.goto(site.url + "/session/not-exported")
    expect(page.locator("h1")).to_have_text("No such session")


def test_a_new_deployment_exported_over_the_site_is_offered_and_keeps_stars(site, page) -> None:
    before_the_event(page)
    page.goto(site.url + "/")
    wait_controlled(page)
    page.get_by_role("button", name="Star: Compiling Things").click()
    old_assets = page.locator("body").get_attribute("data-assets")
    old_tree = {p.name for p in (site.site / "assets").iterdir()}

    toasts = site.static_dir / "js" / "ui" / "toasts.js"
    toasts.write_text(
        toasts.read_text()
        + "\nexport const DEPLOYMENT = 2; // served code changes: a comment alone is minified away\n"
    )
    summary = site.export()
    new_tree = {p.name for p in (site.site / "assets").iterdir()}
    assert len(new_tree) == 1 and new_tree != old_tree, "the old hashed assets were not removed"
    assert "removed" in summary

    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    toast = page.locator(".toast", has_text="Update available")
    expect(toast).to_be_visible(timeout=15000)
    with page.expect_navigation():
        toast.get_by_role("button", name="Reload").click()
    expect(page.locator(".card")).to_have_count(2)
    assert page.locator("body").get_attribute("data-assets") != old_assets
    star = page.get_by_role("button", name="Star: Compiling Things")
    expect(star).to_have_attribute("aria-pressed", "true")
