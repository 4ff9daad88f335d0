"""Door codes that exist (issue 41): a congress imported from frab XML keeps each session's own
page on its site (`<url>`); after one visit, with the server stopped, that address typed into
the scanner's box or filmed as a QR code opens the session, and so do its id in upper case and
a /s/ short link. A code of another page says whose page it is."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.harness import ROOT
from tests.harness.browser import wait_controlled, wait_resolved
from tests.harness.camera import camera_browser, write_y4m
from tests.harness.worker_caches import forget_http_cache, wait_second_phase
from webapp.exports import qr

FIXTURE = ROOT / "tests" / "fixtures" / "door-codes.xml"
NOW = "?now=2026-01-31T10:45:00%2B01:00"
SID, TITLE = "htjk33", "Evolving Git for the next decade"
PAGE = "https://fosdem.org/2026/schedule/event/HTJK33-evolving_git_for_the_next_decade/"
OTHER, OTHER_TITLE = "qed22y2b", "Rust in the kernel, two years on"
# The device's kept schedule holds the session's page (the texts came after the first screen).
KEPT_PAGE = """(sid) => caches.open('hallway-data').then((c) => c.match('/api/v1/schedule.json'))
  .then((r) => (r ? r.json() : null))
  .then((doc) => ((doc && doc.sessions.find((s) => s.id === sid)) || {}).links || [])
  .then((links) => links.some((l) => l.kind === 'page'))"""


@pytest.fixture(scope="module")
def door_codes_schedule(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The fixture imported as an organizer imports it (no venue file)."""
    out = tmp_path_factory.mktemp("door-codes") / "schedule.json"
    subprocess.run(
        [sys.executable, "-m", "webapp.cli", "schedule", "import", str(FIXTURE), "--out", str(out)],
        check=True, cwd=ROOT, capture_output=True, timeout=120,
    )  # fmt: skip
    return out


@pytest.fixture
def server(make_server: Any, door_codes_schedule: Path) -> Any:
    return make_server(schedule=door_codes_schedule)


def visited_then_offline(context: Any, server: Any) -> Any:
    """One visit (the worker's second phase and the texts on the device), then the server stopped."""
    page = context.new_page()
    page.goto(f"{server.url}/{NOW}")
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    wait_second_phase(page)
    wait_resolved(page, KEPT_PAGE, SID, timeout=20, what="the session's page in the kept schedule")
    server.stop()
    forget_http_cache(page)
    return page


def typed(page: Any, server: Any, text: str) -> None:
    page.goto(f"{server.url}/scan{NOW}")
    page.get_by_label("Or type the code").fill(text)
    page.get_by_role("button", name="Open").click()


def test_a_sessions_page_address_typed_into_the_scanner_opens_it_offline(context, server) -> None:
    page = visited_then_offline(context, server)
    typed(page, server, PAGE)
    expect(page).to_have_url(f"{server.url}/session/{SID}")
    expect(page.locator("main h1")).to_have_text(TITLE)
    # Written as a person types it: no scheme, no trailing slash.
    typed(page, server, PAGE.removeprefix("https://").rstrip("/"))
    expect(page).to_have_url(f"{server.url}/session/{SID}")
    # The session page still shows the address, first among its links.
    expect(page.get_by_role("region", name="Links").get_by_role("link").first).to_have_attribute("href", PAGE)


def test_an_upper_case_id_and_a_short_link_open_the_session_offline(context, server) -> None:
    page = visited_then_offline(context, server)
    typed(page, server, OTHER.upper())
    expect(page).to_have_url(f"{server.url}/session/{OTHER}")
    expect(page.locator("main h1")).to_have_text(OTHER_TITLE)
    page.goto(f"{server.url}/s/{SID.upper()}{NOW}")
    expect(page).to_have_url(f"{server.url}/session/{SID}")
    expect(page.locator("main h1")).to_have_text(TITLE)
    page.goto(f"{server.url}/s{NOW}&c={PAGE.replace('/', '%2F').replace(':', '%3A')}")
    expect(page).to_have_url(f"{server.url}/session/{SID}")


def test_a_foreign_address_and_random_text_are_said_for_what_they_are(context, server) -> None:
    page = visited_then_offline(context, server)
    foreign = "https://fosdem.org/2026/schedule/event/NOPE12-not_in_this_schedule/"
    typed(page, server, foreign)
    result = page.locator(".scan-result")
    expect(result).to_contain_text("This code is a page of fosdem.org, not a session in this schedule:")
    expect(result.locator(".scan-text")).to_have_text(foreign)
    expect(page).to_have_url(f"{server.url}/scan{NOW}")
    typed(page, server, "meet me at the waffle stand")
    expect(result).to_contain_text("This is not a code of this app. It says:")


def test_a_foreign_address_is_said_in_the_readers_language(browser, server) -> None:
    context = browser.new_context(locale="fr-FR", extra_http_headers={"Accept-Language": "fr-FR,fr;q=0.9"})
    try:
        page = context.new_page()
        page.goto(f"{server.url}/s{NOW}&c=https%3A%2F%2Fwww.example.org%2Ftalks%2F1")
        expect(page.locator("main")).to_contain_text(
            "Ce code est une page de example.org, pas une session de ce programme :"
        )
    finally:
        context.close()


def test_the_camera_reads_a_sessions_page_address_and_opens_it_offline(
    server, browser_type, browser_type_launch_args, tmp_path
) -> None:
    code = Image.open(io.BytesIO(qr.png_bytes(PAGE)))
    browser = camera_browser(browser_type, browser_type_launch_args, write_y4m(tmp_path / "page.y4m", code))
    try:
        context = browser.new_context(viewport={"width": 360, "height": 740})
        context.add_init_script("delete window.BarcodeDetector;")  # the vendored decoder reads it
        page = visited_then_offline(context, server)
        page.goto(f"{server.url}/scan{NOW}")
        expect(page).to_have_url(f"{server.url}/session/{SID}", timeout=20000)
        expect(page.locator("main h1")).to_have_text(TITLE)
    finally:
        browser.close()
