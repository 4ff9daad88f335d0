"""The whole path an organizer's edit takes when the server follows the source: the talk is
retimed in the source (a local HTTP server standing in for pretalx), the server's follower
notices it with a conditional request, merges it, and an open phone shows the new time with
its badge and the banner, having downloaded only the delta."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.harness.app import open_app, star
from tests.harness.net import wait_for
from tests.harness.publish import import_schedule
from tests.harness.sources import TALKS, frab
from tests.harness.worker_caches import wait_second_phase
from tests.unit.importers.source_server import Source


def test_a_talk_retimed_in_the_followed_source_reaches_the_open_phone_as_a_delta(page, make_server, tmp_path):
    source = Source(frab(TALKS).encode())
    try:
        first = tmp_path / "schedule.xml"
        first.write_text(frab(TALKS), encoding="utf-8")
        imported = tmp_path / "schedule.json"
        import_schedule(first, imported)
        plan = tmp_path / "follow.json"
        plan.write_text(json.dumps({"sources": [source.url]}), encoding="utf-8")
        # A change a few seconds after the first import is imported at once (no 60 s gap).
        env = {"HALLWAY_FOLLOW": str(plan), "HALLWAY_FOLLOW_INTERVAL": "1", "HALLWAY_FOLLOW_MIN_GAP": "0.5"}
        server = make_server(schedule=imported, env=env)
        open_app(page, server)
        star(page, "Rust for Linux")
        card = page.locator(".card", has_text="Rust for Linux")
        expect(card.locator(".when time")).to_contain_text("10:00")
        # The follower checks the unchanged source with its ETag: a 304, no import.
        wait_for(lambda: source.not_modified > 0, 30)
        wait_second_phase(page)  # the files it fetches once idle are not what is counted
        mark = len(server.requests())

        retimed = [("101", "11:30", "00:40", "Main Hall", "Rust for Linux", "Miguel"), *TALKS[1:]]
        source.set(frab(retimed).encode())  # the organizer edits in their tool, nothing else

        banner = page.locator("#changes-banner")
        expect(banner).to_contain_text(
            "★ Rust for Linux: now at 11:30–12:10 (was 10:00–10:40)", timeout=15000
        )
        expect(card).to_have_class(re.compile(r"\bchanged\b"))
        expect(card.locator(".badge")).to_have_text(["New time"])
        asked = {p.split("?")[0] for p in server.requests()[mark:]}
        assert asked == {"/api/v1/changes"}, asked  # the delta only: no schedule document again
        server.stop()  # offline: the phone keeps the change
        page.reload()
        expect(page.locator(".card", has_text="Rust for Linux").locator(".when time")).to_contain_text(
            "11:30"
        )
    finally:
        source.stop()
