"""The core of the app (browse, star, a correction arriving, offline) in each way of running it:

- `flask`: the development server (`live_server` from conftest);
- `gunicorn`: `scripts/serve-prod.sh` with two workers and a private redis-server (REDIS=1);
- `static`: `flask --app webapp export DIR`, served by `python -m http.server`, which knows
  nothing of Flask and sends no custom header. A correction is published with the CLI on the
  organizers' data directory, then exported again into the same DIR.

A correction arriving: the open page shows it without a reload (the app polls the changes
feed; on the static host that is the exported file, whatever `?since=` it asks for).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.harness.browser import before_the_event, wait_controlled
from tests.harness.gunicorn import ServeProd
from tests.harness.publish import WRITABLE
from tests.harness.servers import Server
from tests.harness.static import StaticSite

TITLE = "Compiling Things"
NEW_TITLE = "Compiling Things, Revised"


@pytest.fixture(params=["flask", "gunicorn", "static"])
def mode(request: pytest.FixtureRequest, tmp_path: Path, make_server, serve) -> Server:
    if request.param == "flask":
        return make_server(env=WRITABLE)
    return serve(ServeProd(tmp_path) if request.param == "gunicorn" else StaticSite(tmp_path))


def test_browse_star_receive_a_correction_and_go_offline(mode, page) -> None:
    # A deep link is the first visit: a QR code on a door leads there. ?poll=1: the app checks
    # the changes feed every second instead of every minute. The clock is set before the event,
    # when the schedule opens on its first day (after it, on the whole programme).
    before_the_event(page)
    page.goto(mode.url + "/session/k9x8y7?poll=1")
    expect(page.locator("h1")).to_have_text(TITLE)
    wait_controlled(page)
    star = page.get_by_role("button", name=f"Star: {TITLE}")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    page.get_by_role("link", name="Schedule", exact=True).click()
    expect(page.locator(".card")).to_have_count(2)
    page.get_by_role("link", name="My schedule", exact=True).click()
    expect(page.locator(".card h3")).to_have_text([TITLE])

    mode.publish({"kind": "edit", "session": "k9x8y7", "title": NEW_TITLE})
    # The open page shows it, without a reload.
    expect(page.locator(".card h3")).to_have_text([NEW_TITLE], timeout=15000)
    if isinstance(mode, ServeProd):
        assert mode.redis_keys() > 0, "the workers did not share their cache through Redis"

    mode.stop()
    response = page.reload()
    assert response is not None and response.from_service_worker
    expect(page.locator(".card h3")).to_have_text([NEW_TITLE])
    # A page this browser never opened, typed by hand, with the server gone.
    page.goto(mode.url + "/speaker/alan-turing")
    expect(page.locator("h1")).to_have_text("Alan Turing")
    expect(page.locator(".card h3")).to_have_text([NEW_TITLE])
    expect(page.get_by_role("button", name=f"Star: {NEW_TITLE}")).to_have_attribute("aria-pressed", "true")
