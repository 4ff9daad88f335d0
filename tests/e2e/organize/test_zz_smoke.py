import json
from playwright.sync_api import expect
from tests.harness.browser import phone
from tests.harness.organizers import ENV, sign_in
from tests.e2e.organize.test_venue_editor_works_offline import three_rooms, png, tap_plan

def test_smoke(browser, make_server, tmp_path):
    server = make_server(three_rooms(tmp_path), env=ENV)
    org = phone(browser, {"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    seen = []
    state = {"online": True, "doc": {"floors": [], "rooms": []}, "version": 0}
    def src(route):
        if not state["online"]: return route.abort()
        route.fulfill(status=200, content_type="application/json", body=json.dumps({"venue": state["doc"], "version": state["version"]}))
    def put(route):
        if not state["online"]: return route.abort()
        r = route.request
        if r.method != "PUT": return route.fallback()
        seen.append(("PUT", r.headers.get("if-match"), json.loads(r.post_data)))
        state["doc"] = json.loads(r.post_data); state["version"] += 1
        route.fulfill(status=200, content_type="application/json", body=json.dumps({"version": state["version"]}))
    def img(route):
        if not state["online"]: return route.abort()
        r = route.request
        seen.append(("POST", r.headers.get("content-type"), len(r.post_data_buffer)))
        route.fulfill(status=201, content_type="application/json", body=json.dumps({"image": "plan-0123456789abcdef.webp", "width": 300, "height": 200}))
    org.route("**/api/v1/venue/source", src)
    org.route("**/api/v1/venue", put)
    org.route("**/api/v1/venue/images", img)
    org.on("console", lambda m: print("CONSOLE", m.text))
    org.on("pageerror", lambda e: print("PAGEERROR", e))
    sign_in(org, server, path="/organize/venue")
    expect(org.locator("main h1")).to_have_text("Venue")
    org.locator("#vf-new-name").fill("Ground floor")
    org.locator("#vf-new-building").fill("K")
    org.get_by_role("button", name="Add the floor").click()
    state["online"] = False
    org.locator('input[type="file"]').set_input_files(files=[{"name": "g.png", "mimeType": "image/png", "buffer": png(600, 400)}])
    expect(org.locator("canvas.plan-base")).to_have_attribute("data-ready", "1")
    org.get_by_label("Room to place").select_option(label="Main Room")
    tap_plan(org, 0.25, 0.3)
    org.get_by_label("Room to place").select_option(label="K.3.201")
    box = org.locator("#venue-plan").bounding_box()
    org.mouse.move(box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.6)
    org.mouse.down()
    org.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.8, steps=5)
    org.mouse.up()
    org.get_by_role("radio", name="Stairs").check()
    org.screenshot(path="/tmp/venue0.png", full_page=True)
    print("DBG", org.evaluate("() => [...document.querySelectorAll('#venue-plan')].map(e => [e.isConnected, JSON.stringify(e.getBoundingClientRect()), e.parentElement.className, getComputedStyle(e.parentElement).display])"))
    org.screenshot(path="/tmp/venue0.png", full_page=True)
    tap_plan(org, 0.9, 0.9)
    org.locator("#venue-plan").focus()
    org.keyboard.press("ArrowLeft")
    org.screenshot(path="/tmp/venue1.png", full_page=True)
    org.get_by_role("button", name="Publish the venue").click()
    expect(org.get_by_text("No connection: kept on this phone")).to_be_visible()
    org.screenshot(path="/tmp/venue2.png", full_page=True)
    state["online"] = True
    expect(org.locator(".outbox")).to_be_hidden(timeout=45000)
    expect(org.get_by_text("Published as version 1")).to_be_visible()
    print(json.dumps(seen, indent=1)[:3000])
    org.screenshot(path="/tmp/venue3.png", full_page=True)
