"""The first scan offline, on a browser without BarcodeDetector (iOS Safari, Firefox; deleted
from window here): the worker fetched the decoder after the first screen of the first visit,
so the camera reads a door sign's code with the server stopped. Where the decoder is not on
the device, the scanner says so and the code can be typed."""

from __future__ import annotations

import io
import json
import urllib.request
from typing import Any

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.harness.browser import wait_controlled
from tests.harness.camera import camera_browser, write_y4m
from tests.harness.worker_caches import cache_holding, forget_http_cache, wait_second_phase

NOW = "?now=2026-09-14T11:20:00%2B02:00"
NO_DETECTOR = "delete window.BarcodeDetector;"
DECODER = "vendor/jsqr/jsQR.js"


@pytest.fixture
def filmed(congress_server, congress_schedule, browser_type, browser_type_launch_args, tmp_path):
    """A phone whose camera films the QR code of the congress's first session."""
    session = json.loads(congress_schedule.read_text(encoding="utf-8"))["sessions"][0]
    with urllib.request.urlopen(f"{congress_server.url}/session/{session['id']}/qr.png", timeout=10) as resp:
        code = Image.open(io.BytesIO(resp.read()))
    browser = camera_browser(browser_type, browser_type_launch_args, write_y4m(tmp_path / "code.y4m", code))
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.add_init_script(NO_DETECTOR)
    yield context, session
    browser.close()


def first_visit(context: Any, server: Any) -> Any:
    page = context.new_page()
    page.goto(f"{server.url}/{NOW}")
    expect(page.locator(".card").first).to_be_visible()
    wait_controlled(page)
    assert page.evaluate("() => 'BarcodeDetector' in window") is False
    return page


def test_first_scan_offline_without_barcode_detector_opens_the_session(filmed, congress_server) -> None:
    context, session = filmed
    page = first_visit(context, congress_server)
    wait_second_phase(page)
    congress_server.stop()
    forget_http_cache(page)

    page.goto(f"{congress_server.url}/scan{NOW}")
    expect(page).to_have_url(f"{congress_server.url}/session/{session['id']}", timeout=20000)
    expect(page.locator("main h1")).to_have_text(session["title"])


def test_scan_offline_without_the_decoder_says_so_and_a_typed_code_opens_the_session(
    filmed, congress_server
) -> None:
    context, session = filmed
    page = first_visit(context, congress_server)
    wait_second_phase(page)
    name = cache_holding(page, DECODER)
    congress_server.stop()
    # A device where the second phase never ran (the visit was cut short): no decoder.
    page.evaluate(
        """async (name) => {
          const cache = await caches.open(name);
          const decoder = (await cache.keys()).filter((r) => r.url.endsWith("/vendor/jsqr/jsQR.js"));
          for (const r of decoder) await cache.delete(r);
        }""",
        name,
    )
    forget_http_cache(page)
    page.goto(f"{congress_server.url}/scan{NOW}")
    expect(page.locator(".scan-status")).to_contain_text("not on this device yet", timeout=15000)
    expect(page.locator("video.scan-video")).to_have_count(0)  # the camera is off again
    page.get_by_label("Or type the code").fill(f"hallway.example/session/{session['id']}")
    page.get_by_role("button", name="Open").click()
    expect(page).to_have_url(f"{congress_server.url}/session/{session['id']}")
    expect(page.locator("main h1")).to_have_text(session["title"])
