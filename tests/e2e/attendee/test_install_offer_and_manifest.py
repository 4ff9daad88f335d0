"""Issue 14, "Install": the manifest Chromium parses offers shortcuts (Now, My schedule, Scan)
and narrow and wide screenshots whose files are served at the sizes declared; an unobtrusive
install hint shows only when the browser offers installing (beforeinstallprompt)."""

from __future__ import annotations

import io
import json

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.harness.browser import PHONES, phone, wait_controlled

# The browser's offer, as Chromium hands it to the page: an event with prompt() and userChoice.
OFFER = """() => {
  window.__prompted = 0;
  const event = new Event("beforeinstallprompt", { cancelable: true });
  event.prompt = () => { window.__prompted += 1; return Promise.resolve(); };
  event.userChoice = Promise.resolve({ outcome: "accepted" });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


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


@pytest.mark.parametrize("viewport", PHONES, ids=lambda v: f"{v['width']}x{v['height']}")
def test_install_hint_only_when_offered_and_not_now_is_remembered(browser, live_server, viewport) -> None:
    page = phone(browser, viewport)
    page.goto(live_server.url + "/")
    hint = page.locator("#install-hint")
    expect(page.locator("main h1")).to_be_visible()
    expect(hint).to_be_hidden()  # no offer, no hint
    assert page.evaluate(OFFER) is True  # the browser's own prompt is held back
    expect(hint).to_be_visible()
    assert (
        hint.evaluate("e => e.getBoundingClientRect().top") > viewport["height"]
    )  # in the footer, out of the way
    hint.get_by_role("button", name="Install").click()
    assert page.evaluate("() => window.__prompted") == 1
    expect(hint).to_be_hidden()

    page.evaluate(OFFER)
    hint.get_by_role("button", name="Not now").click()
    expect(hint).to_be_hidden()
    page.reload()
    expect(page.locator("main h1")).to_be_visible()
    page.evaluate(OFFER)
    expect(hint).to_be_hidden()
    page.context.close()
