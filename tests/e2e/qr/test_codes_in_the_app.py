"""QR codes inside the app: the Scan view opens a session from the camera, the session page
shows its code, and "Share my schedule" round-trips a friend's stars, offline too."""

import io
import urllib.request

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from tests.harness.browser import wait_controlled
from tests.harness.camera import camera_browser, write_y4m
from tests.harness.worker_caches import wait_second_phase

STARS = "hallway.stars.v1"


def decode(png: bytes) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def filming(live_server, browser_type, launch_args, tmp_path, picture: Image.Image):
    browser = camera_browser(browser_type, launch_args, write_y4m(tmp_path / "frame.y4m", picture))
    page = browser.new_page(viewport={"width": 360, "height": 740})
    return browser, page


def server_code(live_server, session_id: str) -> Image.Image:
    with urllib.request.urlopen(f"{live_server.url}/session/{session_id}/qr.png", timeout=10) as resp:
        return Image.open(io.BytesIO(resp.read()))


def test_scanning_a_door_sign_code_opens_that_session(
    live_server, browser_type, browser_type_launch_args, tmp_path
):
    browser, page = filming(
        live_server, browser_type, browser_type_launch_args, tmp_path, server_code(live_server, "k9x8y7")
    )
    try:
        page.goto(f"{live_server.url}/")
        page.get_by_text("More", exact=True).click()  # Scan is in the More menu (issue 14)
        page.get_by_role("link", name="Scan a code").click()
        expect(page.locator("main h1")).to_have_text("Scan a QR code")
        page.wait_for_url(f"{live_server.url}/session/k9x8y7", timeout=20000)
        expect(page.locator("main h1")).to_have_text("Compiling Things")
        expect(page.locator("video")).to_have_count(0)  # the camera went off with the Scan view
    finally:
        browser.close()


def test_a_door_sign_code_of_the_public_url_opens_the_session_on_another_address(
    make_server, browser_type, browser_type_launch_args, tmp_path
):
    # The signs were printed for the public address; this phone opened the app at another one.
    server = make_server(env={"HALLWAY_PUBLIC_URL": "https://schedule.example.org/conf/"})
    code = server_code(server, "k9x8y7")
    assert decode_picture(code) == ["https://schedule.example.org/conf/session/k9x8y7"]
    browser, page = filming(server, browser_type, browser_type_launch_args, tmp_path, code)
    try:
        page.goto(f"{server.url}/scan")
        page.wait_for_url(f"{server.url}/session/k9x8y7", timeout=20000)
        expect(page.locator("main h1")).to_have_text("Compiling Things")
    finally:
        browser.close()


def decode_picture(picture: Image.Image) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(picture)]


def test_a_code_of_another_site_is_shown_as_text_and_not_opened(
    live_server, browser_type, browser_type_launch_args, tmp_path
):
    import qrcode

    foreign = "https://evil.example/session/k9x8y7"
    picture = qrcode.make(foreign).get_image()
    browser, page = filming(live_server, browser_type, browser_type_launch_args, tmp_path, picture)
    try:
        page.goto(f"{live_server.url}/scan")
        expect(page.locator(".scan-text")).to_have_text(foreign, timeout=20000)
        # Said for what it is: another site's page, named by its host (issue 41).
        expect(page.locator(".scan-result")).to_contain_text(
            "This code is a page of evil.example, not a session in this schedule:"
        )
        assert page.url == f"{live_server.url}/scan"
        assert page.locator(".scan-result a").count() == 0
    finally:
        browser.close()


def test_leaving_the_scan_view_turns_the_camera_off(
    live_server, browser_type, browser_type_launch_args, tmp_path
):
    blank = Image.new("L", (64, 64), 255)
    browser, page = filming(live_server, browser_type, browser_type_launch_args, tmp_path, blank)
    try:
        page.add_init_script("""
          const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
          window.streams = [];
          navigator.mediaDevices.getUserMedia = async (c) => {
            const s = await original(c);
            streams.push(s);
            return s;
          };
        """)
        page.goto(f"{live_server.url}/scan")
        page.wait_for_function(
            "() => window.streams.length === 1 && streams[0].getTracks()[0].readyState === 'live'"
        )
        page.get_by_role("link", name="My schedule", exact=True).click()
        expect(page.locator("main h1")).to_have_text("My schedule")
        page.wait_for_function(
            "() => streams[0].getTracks().every((t) => t.readyState === 'ended')", timeout=5000
        )
    finally:
        browser.close()


def test_no_camera_says_so_in_the_scan_view(live_server, page):
    page.goto(f"{live_server.url}/scan")  # no camera at all in this browser
    expect(page.locator(".scan-status")).to_have_text("No camera was found on this device.")
    expect(page.get_by_role("button", name="Start the camera again")).to_be_visible()


def test_session_page_shows_a_code_of_its_own_url(live_server, page):
    page.goto(f"{live_server.url}/session/q4w5e6")
    page.get_by_text("QR code of this session").click()
    code = page.locator("svg.qr")
    expect(code).to_be_visible()
    assert decode(code.screenshot()) == [f"{live_server.url}/session/q4w5e6"]


def test_share_my_schedule_link_and_code_carry_the_stars(live_server, page):
    page.goto(f"{live_server.url}/")
    page.evaluate(f"localStorage.setItem('{STARS}', JSON.stringify(['q4w5e6', 's1a2b3']))")
    page.goto(f"{live_server.url}/my")
    page.get_by_role("link", name="Share my schedule").click()
    link = f"{live_server.url}/share?s=s1a2b3.q4w5e6&hl=en"  # schedule order; the sharer's language
    expect(page.get_by_role("textbox", name="Share link")).to_have_value(link)
    code = page.locator("svg.qr")
    expect(code).to_be_visible()
    assert decode(code.screenshot()) == [link]


@pytest.mark.parametrize("offline", [False, True], ids=["online", "offline"])
def test_opening_a_share_link_offers_to_merge_into_own_stars(live_server, page, offline):
    page.goto(f"{live_server.url}/")
    page.evaluate(f"localStorage.setItem('{STARS}', JSON.stringify(['q4w5e6']))")
    if offline:
        wait_controlled(page)
        wait_second_phase(page)  # the share view comes after the first screen (sw.py LATER)
        live_server.stop()
    page.goto(f"{live_server.url}/share?s=k9x8y7.q4w5e6.gone99.%3Cb%3E")
    expect(page.locator("main h1")).to_have_text("A shared schedule")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things", "Day Two Keynote"])
    expect(page.locator(".ignored")).to_contain_text("“gone99” (not in this schedule)")
    expect(page.locator(".ignored")).to_contain_text("“<b>” (malformed)")
    page.get_by_role("button", name="Add 1 session to my stars").click()
    expect(page.get_by_role("status").filter(has_text="Added 1 session")).to_be_visible()
    stars = page.evaluate(f"JSON.parse(localStorage.getItem('{STARS}')).map((s) => s.id ?? s)")
    assert sorted(stars) == ["k9x8y7", "q4w5e6"]
    page.get_by_role("link", name="See My schedule").click()
    expect(page.locator(".card h3")).to_have_text(["Compiling Things", "Day Two Keynote"])


@pytest.mark.parametrize("path", ["/scan", "/share", "/share?s=k9x8y7.nope"])
def test_qr_views_have_no_serious_accessibility_violations(live_server, page, path):
    from axe_playwright_python.sync_playwright import Axe

    page.goto(f"{live_server.url}/")
    page.evaluate(f"localStorage.setItem('{STARS}', JSON.stringify(['q4w5e6']))")
    page.goto(f"{live_server.url}{path}")
    expect(page.locator("main h1")).to_be_visible()
    if path == "/share":
        expect(page.locator("svg.qr")).to_be_visible()
    violations = Axe().run(page).response["violations"]
    assert [v["id"] for v in violations if v["impact"] in ("serious", "critical")] == []


def test_session_code_shows_offline_on_a_page_never_opened_before(live_server, page):
    page.goto(f"{live_server.url}/")
    wait_controlled(page)
    wait_second_phase(page)  # the QR encoder comes after the first screen (sw.py LATER)
    live_server.stop()
    response = page.goto(f"{live_server.url}/session/q4w5e6")
    assert response is not None and response.from_service_worker
    page.get_by_text("QR code of this session").click()
    code = page.locator("svg.qr")
    expect(code).to_be_visible()
    assert decode(code.screenshot()) == [f"{live_server.url}/session/q4w5e6"]


def test_scanner_used_once_online_opens_sessions_offline(
    live_server, browser_type, browser_type_launch_args, tmp_path
):
    browser, page = filming(
        live_server, browser_type, browser_type_launch_args, tmp_path, server_code(live_server, "k9x8y7")
    )
    try:
        page.goto(f"{live_server.url}/")
        wait_controlled(page)
        page.goto(f"{live_server.url}/scan")
        page.wait_for_url(f"{live_server.url}/session/k9x8y7", timeout=20000)
        live_server.stop()
        response = page.goto(f"{live_server.url}/scan")
        assert response is not None and response.from_service_worker
        page.wait_for_url(f"{live_server.url}/session/k9x8y7", timeout=20000)
        expect(page.locator("main h1")).to_have_text("Compiling Things")
    finally:
        browser.close()
