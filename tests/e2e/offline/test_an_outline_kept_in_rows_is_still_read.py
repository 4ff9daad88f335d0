"""A phone that updates the app while its worker still holds an outline in the rows older
versions sent (before webapp/serving/columns.py): with the server gone, the new code reads that
copy as it is, and the stars are all there."""

from __future__ import annotations

import json
import urllib.request

from playwright.sync_api import expect

from tests.harness.browser import before_the_event, wait_controlled
from tests.harness.worker_caches import cache_holding
from webapp.serving import columns

KEEP_ROWS = """async ([name, body]) => {
  const cache = await caches.open(name);
  const headers = { "Content-Type": "application/json", ETag: '"v0-rows"' };
  await cache.put("/api/v1/outline.json", new Response(body, { headers }));
  // The page's own copy gone too (storage cleared by the browser, say): only the worker's remains.
  await (await caches.open("hallway-data")).delete("/api/v1/schedule.json");
}"""


def test_an_outline_in_rows_from_the_workers_cache_is_read_with_the_stars_kept(profile, live_server) -> None:
    page = profile.new_page()
    before_the_event(page)
    page.goto(live_server.url + "/?day=all")
    expect(page.locator(".card")).to_have_count(3)
    wait_controlled(page)
    page.get_by_role("button", name="Star: Day Two Keynote").click()
    with urllib.request.urlopen(live_server.url + "/api/v1/outline.json", timeout=10) as r:
        served = json.loads(r.read())
    assert served["columns"] == 1
    rows = columns.expand(served)
    assert isinstance(rows["sessions"], list)
    page.evaluate(KEEP_ROWS, [cache_holding(page, "api/v1/outline.json"), json.dumps(rows)])
    live_server.stop()

    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(page.locator(".card")).to_have_count(3)
    expect(page.locator(".card h3")).to_contain_text(["Day Two Keynote"])
    page.goto(live_server.url + "/my")
    expect(page.locator(".card h3")).to_have_text(["Day Two Keynote"])
    expect(page.locator(".notice, [role=alert]")).to_have_count(0)
