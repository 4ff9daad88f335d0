"""Stars on the phone across schedule updates, next to what
attendee/test_stars_live_on_the_device.py and offline/test_new_deployment_is_taken_on_consent.py
already prove (a damaged or hand-edited stars value, a full storage, a re-import that removes
and renames starred sessions, a service-worker update): here

- a correction that cancels a starred session: it stays in My schedule, marked cancelled;
- a service-worker update and a schedule update together: stars and both changes survive;
- storage that throws on every write from the first moment: the app still starts, shows
  the schedule and says it cannot keep stars;
- a damaged copy of the schedule kept on the device: said, and the app starts offline from
  the worker's copy;
- a hand-edited record of corrections seen (times that are not times): no error, no
  "Invalid Date".
"""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.harness.app import star, stored_star_ids
from tests.harness.browser import wait_controlled
from tests.harness.net import wait_for
from tests.harness.publish import WRITABLE
from tests.harness.schedules import mini, session, write


def doomed_schedule() -> dict:
    doc = mini()
    doc["sessions"].append(
        session(
            "gone42", "Talk <b>To Be</b> Removed", "2026-04-08T11:00:00+02:00", "2026-04-08T11:30:00+02:00"
        )
    )
    return doc


def test_cancelled_starred_session_stays_in_my_schedule_marked_cancelled(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    page.goto(server.url + "/?day=all")
    wait_controlled(page)
    star(page, "Day Two Keynote")
    server.publish({"kind": "cancel", "session": "q4w5e6", "note": "speaker ill <script>x</script>"})
    page.goto(server.url + "/my")
    page.reload()
    card = page.locator(".card", has_text="Day Two Keynote")
    expect(card).to_have_class(re.compile(r"\bcancelled\b"), timeout=10000)
    expect(card).to_contain_text("Cancelled")
    assert stored_star_ids(page) == ["q4w5e6"]


def test_worker_update_and_schedule_update_together_keep_the_stars(page, make_server, tmp_path) -> None:
    server = make_server(schedule=write(doomed_schedule(), tmp_path))
    page.goto(server.url + "/?day=all")
    wait_controlled(page)
    star(page, "Compiling Things")
    star(page, "Talk <b>To Be</b> Removed")
    toasts = server.static_dir / "js" / "ui" / "toasts.js"
    toasts.write_text(
        toasts.read_text()
        + "\nexport const DEPLOYMENT = 2; // served code changes: a comment alone is minified away\n"
    )
    write(mini(), server.data_dir)
    server.stop()
    server.start()
    page.evaluate("() => navigator.serviceWorker.getRegistration().then((r) => r.update())")
    toast = page.locator(".toast", has_text="Update available")
    expect(toast).to_be_visible(timeout=15000)
    with page.expect_navigation():
        toast.get_by_role("button", name="Reload").click()
    page.goto(server.url + "/my")
    expect(page.locator(".card h3")).to_have_text(["Compiling Things"])
    expect(page.locator(".removed")).to_contain_text("Talk <b>To Be</b> Removed (removed)")
    assert stored_star_ids(page) == ["gone42", "k9x8y7"]


def test_storage_that_always_throws_still_lets_the_app_start(page, live_server) -> None:
    page.add_init_script(
        """for (const name of ["setItem", "getItem"]) {
             Storage.prototype[name] = function () {
               throw new DOMException("full", "QuotaExceededError");
             };
           }"""
    )
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + "/?day=all")
    expect(page.locator(".card")).to_have_count(3)
    expect(page.locator(".toast")).to_contain_text("blocks storage")
    star(page, "Compiling Things")
    expect(page.locator(".toast").last).to_contain_text("storage")
    page.goto(live_server.url + "/my")
    expect(page.locator("main h1")).to_be_visible()
    assert errors == []


DAMAGE = """async ([body]) => {
  const cache = await caches.open("hallway-data");
  const headers = { "Content-Type": "application/json" };
  await cache.put("/api/v1/schedule.json", new Response(body, { headers }));
}"""


def test_damaged_kept_schedule_is_said_and_the_app_still_starts_offline(page, live_server) -> None:
    page.goto(live_server.url + "/?day=all")
    wait_controlled(page)
    expect(page.locator(".card")).to_have_count(3)
    page.evaluate(DAMAGE, ['{"version": 0, "event": {"name": "cut he'])
    live_server.stop()  # offline: the worker's own copy is all there is
    page.reload()
    expect(page.locator(".card")).to_have_count(3)
    expect(page.locator(".toast")).to_contain_text("damaged")


ALTER = """async ([keepDigest]) => {
  const cache = await caches.open("hallway-data");
  const kept = await cache.match("/api/v1/schedule.json");
  const doc = await kept.json();
  const headers = { "Content-Type": "application/json", ETag: kept.headers.get("ETag") };
  if (keepDigest) headers["X-Hallway-Digest"] = kept.headers.get("X-Hallway-Digest");
  const emptied = JSON.stringify({ ...doc, sessions: [] });
  await cache.put("/api/v1/schedule.json", new Response(emptied, { headers }));
  return kept.headers.get("ETag");
}"""


@pytest.mark.parametrize("keep_digest", [True, False], ids=["digest-kept", "digest-gone"])
def test_a_kept_copy_emptied_under_the_current_etag_is_repaired_at_the_next_start(
    page, live_server, keep_digest
) -> None:
    page.goto(live_server.url + "/?day=all")
    wait_controlled(page)
    expect(page.locator(".card")).to_have_count(3)
    kept = """() => caches.open('hallway-data').then((c) => c.match('/api/v1/schedule.json'))
                   .then((r) => r && r.headers.get('X-Hallway-Digest'))"""
    wait_for(lambda: page.evaluate(kept), 10)
    assert page.evaluate(ALTER, [keep_digest])  # the server's current ETag, an emptied body
    page.reload()
    expect(page.locator(".card")).to_have_count(3)  # not "nothing here" until the next version


HAND_EDITED_CHANGES = [
    {"history": [], "okAt": "garbage", "checkedAt": "x", "offline": True, "cursor": "x"},
    {
        "history": [{"version": "x"}, None, 5],
        "okAt": 1e300,
        "checkedAt": -1,
        "offline": "yes",
        "notify": "yes",
    },
    {"history": [], "okAt": {"a": 1}, "checkedAt": [], "offline": True, "seen": "many"},
    "not json at all {",
]


def test_hand_edited_changes_state_never_breaks_the_app(page, live_server) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    for value in HAND_EDITED_CHANGES:
        raw = value if isinstance(value, str) else json.dumps(value)
        page.goto(live_server.url + "/")
        page.evaluate("(v) => localStorage.setItem('hallway.changes.v1', v)", raw)
        page.goto(live_server.url + "/?day=all")
        expect(page.locator(".card")).to_have_count(3)
        page.goto(live_server.url + "/changes")
        expect(page.locator("main h1")).to_be_visible()
        # The page finished (it once stayed on "Loading…"), and the footer knows its version.
        expect(page.locator("main")).not_to_contain_text("Loading")
        expect(page.locator("footer [data-freshness]")).to_have_attribute(
            "data-version", re.compile(r"^\d+$")
        )
        assert "Invalid" not in page.locator("body").inner_text()
    assert errors == []
