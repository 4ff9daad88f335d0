"""The venue editor of the organizers' console (/organize/venue) on a phone with a touch
screen, against the real server: a floor plan picked and three rooms placed while the server
is down wait in the outbox (the image as a Blob in IndexedDB), go out in order when it is back
(the upload, then the whole venue naming the file the server wrote), and an attendee's phone
then shows the new plan."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from tests.harness.browser import phone
from tests.harness.net import request, wait_for
from tests.harness.organizers import ADA, ENV, sign_in
from tests.harness.schedules import mini

TALL_PHONE = {"width": 390, "height": 844}
PLAN_SIZE = (600, 400)


def png(width: int, height: int) -> bytes:
    """A plain floor plan: a light page with a dark frame, as a real PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = []
    for y in range(height):
        edge = y < 8 or y >= height - 8
        row = bytes(0 if edge or x < 8 or x >= width - 8 else 235 for x in range(width))
        rows.append(b"\x00" + row)
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)  # 8-bit greyscale
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows)))
        + chunk(b"IEND", b"")
    )


def three_rooms(directory: Path) -> Path:
    doc = mini()
    doc["rooms"] = [*doc["rooms"], {"id": "k3201", "name": "K.3.201"}]
    path = directory / "three-rooms.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def source(server: Any) -> dict[str, Any]:
    answer = request(server, "GET", "/api/v1/venue/source", headers={"Authorization": f"Bearer {ADA}"})
    assert answer.status == 200, answer.body[:300]
    return answer.json()


def plan_box(page: Any) -> dict[str, float]:
    # The plan is drawn again as the outbox tries (its list changes): ask until it is there.
    return wait_for(lambda: page.locator("#venue-plan").bounding_box(), 10, "the plan on the page")


def tap_plan(page: Any, fx: float, fy: float) -> None:
    """A finger on the plan at (fx, fy), fractions of its width and height."""
    box = plan_box(page)
    page.locator("#venue-plan").tap(position={"x": box["width"] * fx, "y": box["height"] * fy})


def test_plan_and_rooms_placed_offline_reach_the_server_and_an_attendee(
    browser, make_server, tmp_path
) -> None:
    server = make_server(three_rooms(tmp_path), env=ENV)
    org = phone(browser, TALL_PHONE, has_touch=True, is_mobile=True)
    sign_in(org, server, path="/organize/venue")
    expect(org.locator("main h1")).to_have_text("Venue")
    assert source(server)["version"] == 0  # no venue yet
    org.locator("#vf-new-name").fill("Ground floor")
    org.locator("#vf-new-building").fill("K")
    org.locator("#vf-new-level").fill("0")
    org.get_by_role("button", name="Add the floor").click()
    expect(org.get_by_label("Floor", exact=True)).to_contain_text("Ground floor")

    server.stop()  # no connection from here
    org.locator('input[type="file"]').set_input_files(
        files=[{"name": "ground.png", "mimeType": "image/png", "buffer": png(*PLAN_SIZE)}]
    )
    expect(org.locator("canvas.plan-base")).to_have_attribute("data-ready", "1")
    expect(org.locator(".outbox .queued")).to_contain_text("Floor plan of Ground floor")
    rooms = org.get_by_label("Room to place")
    rooms.select_option(label="Main Room")
    tap_plan(org, 0.25, 0.3)
    rooms.select_option(label="Side Room")
    tap_plan(org, 0.75, 0.3)
    # The third one as a rectangle, drawn with a drag.
    rooms.select_option(label="K.3.201")
    box = plan_box(org)
    org.mouse.move(box["x"] + box["width"] * 0.2, box["y"] + box["height"] * 0.6)
    org.mouse.down()
    org.mouse.move(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.8, steps=5)
    org.mouse.up()
    expect(org.locator(".venue-items li")).to_have_count(3)
    expect(org.locator("#venue-room option")).to_have_count(1)  # only "Choose a room" is left
    org.get_by_role("button", name="Publish the venue").click()
    expect(org.get_by_text("No connection: kept on this phone")).to_be_visible()
    queued = org.locator(".outbox .queued")
    expect(queued).to_have_count(2)
    expect(queued.nth(1)).to_contain_text("The venue plan, 3 rooms placed")
    assert "hallway-organizer" in org.evaluate("async () => (await indexedDB.databases()).map((d) => d.name)")

    server.start()  # back: the upload first, then the venue naming the file it made
    expect(org.locator(".outbox")).to_be_hidden(timeout=45000)
    expect(org.get_by_text("Published as version 1")).to_be_visible()
    log = server.log_path.read_text(errors="replace")
    assert log.index("POST /api/v1/venue/images") < log.index("PUT /api/v1/venue ")
    assert log.count("PUT /api/v1/venue ") == 1
    got = source(server)
    assert got["version"] == 1
    floor = got["venue"]["floors"][0]
    assert (floor["name"], floor.get("building"), floor.get("level")) == ("Ground floor", "K", 0)
    assert floor["image"].startswith("plan-")
    placed = {r["id"]: r for r in got["venue"]["rooms"]}
    assert set(placed) == {"main", "side", "k3201"}
    assert all(r["floor"] == floor["id"] for r in placed.values())
    width, height = floor["width"], floor["height"]
    # Where the finger went, in the plan's own pixels (the server may have made it smaller).
    mx, my = placed["main"]["at"]
    sx, sy = placed["side"]["at"]
    assert abs(mx / width - 0.25) < 0.03 and abs(my / height - 0.3) < 0.03, placed["main"]
    assert abs(sx / width - 0.75) < 0.03 and abs(sy / height - 0.3) < 0.03, placed["side"]
    x, y, w, h = placed["k3201"]["shape"]["rect"]
    assert abs(x / width - 0.2) < 0.03 and abs((x + w) / width - 0.5) < 0.03, placed["k3201"]
    assert abs(y / height - 0.6) < 0.03 and abs((y + h) / height - 0.8) < 0.03, placed["k3201"]
    # The organizer's phone now draws the server's copy of the plan.
    expect(org.locator("img.plan-base")).to_have_attribute("src", f"/venue/{floor['image']}")

    attendee = phone(browser, TALL_PHONE, has_touch=True, is_mobile=True)
    attendee.goto(f"{server.url}/map")
    plan = attendee.locator(f'svg.floor image[href="/venue/{floor["image"]}"]')
    expect(plan).to_have_count(1)
    expect(attendee.locator('svg.floor [data-room="main"]')).to_have_count(1)
    loaded = attendee.evaluate(
        """async (src) => {
          const i = new Image();
          i.src = src;
          await i.decode();
          return [i.naturalWidth, i.naturalHeight];
        }""",
        f"/venue/{floor['image']}",
    )
    assert loaded == [width, height]
    org.context.close()
    attendee.context.close()


PLAN_SVG = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">'
    '<rect x="0" y="0" width="200" height="100" fill="none" stroke="black"/>'
    '<rect x="10" y="10" width="80" height="40"/></svg>'
)


def test_an_svg_plan_is_drawn_as_the_server_drew_it_once_published(browser, make_server, tmp_path) -> None:
    server = make_server(three_rooms(tmp_path), env=ENV)
    org = phone(browser, TALL_PHONE, has_touch=True, is_mobile=True)
    sign_in(org, server, path="/organize/venue")
    org.locator("#vf-new-name").fill("Hall")
    org.get_by_role("button", name="Add the floor").click()
    org.locator('input[type="file"]').set_input_files(
        files=[{"name": "hall.svg", "mimeType": "image/svg+xml", "buffer": PLAN_SVG.encode()}]
    )
    expect(org.locator("#venue-plan")).to_have_attribute("viewBox", "0 0 200 100")
    expect(org.locator(".outbox")).to_be_hidden(timeout=20000)  # uploaded at once: online
    org.get_by_label("Room to place").select_option(label="Side Room")
    org.locator("#venue-plan").press("Enter")
    org.get_by_role("button", name="Publish the venue").click()
    expect(org.get_by_text("Published as version 1")).to_be_visible(timeout=20000)
    floor = source(server)["venue"]["floors"][0]
    assert floor["svg"].startswith("plan-") and "viewBox" not in floor
    assert source(server)["venue"]["rooms"] == [{"id": "side", "floor": floor["id"], "at": [100, 50]}]
    # The plan under the marks is now the server's drawing of the SVG, as the map draws it.
    drawn = org.locator(".plan-edit svg.plan-base")
    expect(drawn).to_have_attribute("viewBox", "0 0 200 100")
    expect(drawn.locator("rect")).not_to_have_count(0)
    org.context.close()
