"""Stars are never lost or changed by a correction, whatever its kind, and a cancelled starred
session stays in My schedule, flagged, until the person removes it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.harness.app import open_app, star, stored_star_ids
from tests.harness.publish import WRITABLE

FRESH = "footer [data-freshness]"
DAY2 = "2026-04-08T"
CORRECTIONS = [
    ("move", {"session": "k9x8y7", "room": "main"}),
    ("retime", {"session": "q4w5e6", "start": DAY2 + "11:00:00+02:00", "end": DAY2 + "11:45:00+02:00"}),
    ("cancel", {"session": "s1a2b3"}),
    ("restore", {"session": "s1a2b3"}),
    ("edit", {"session": "k9x8y7", "title": "Compiling Everything", "speakers": ["ada-lovelace"]}),
    (
        "add",
        {
            "title": "Late talk",
            "start": DAY2 + "12:00:00+02:00",
            "end": DAY2 + "12:30:00+02:00",
            "room": "side",
        },
    ),
    ("revert", {"reverts": 1}),
]


def test_stars_survive_every_kind_of_correction(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server)
    for title in ("Opening <script>alert(1)</script>", "Compiling Things", "Day Two Keynote"):
        star(page, title)
    starred = ["k9x8y7", "q4w5e6", "s1a2b3"]
    page.goto(server.url + "/my?poll=1")
    for version, (kind, body) in enumerate(CORRECTIONS, start=1):
        server.publish({"kind": kind, **body})
        expect(page.locator(FRESH)).to_have_attribute("data-version", str(version), timeout=5000)
        assert stored_star_ids(page) == starred, kind
        pressed = page.locator(".my .card .star[aria-pressed=true]")
        expect(pressed).to_have_count(3)
    titles = ["Opening <script>alert(1)</script>", "Compiling Everything", "Day Two Keynote"]
    expect(page.locator(".my .card h3")).to_have_text(titles)
    compiling = page.locator(".card").filter(has=page.locator("h3", has_text="Compiling Everything"))
    expect(compiling.locator(".room")).to_have_text("Side Room")  # the move, reverted

    page.goto(server.url + "/?day=all&poll=1")
    expect(page.get_by_role("button", name="Star: Late talk")).to_have_attribute("aria-pressed", "false")
    star(page, "Late talk")
    assert stored_star_ids(page) == sorted(
        [*starred, page.locator(".card", has_text="Late talk").get_attribute("data-session")]
    )


def test_cancelled_starred_session_is_flagged_and_stays_until_removed(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server)
    star(page, "Day Two Keynote")
    page.goto(server.url + "/my?poll=1")
    server.publish({"kind": "cancel", "session": "q4w5e6", "note": "speaker ill"})

    card = page.locator(".my .card", has_text="Day Two Keynote")
    expect(card).to_have_class(re.compile(r"\bcancelled\b"), timeout=5000)
    expect(card.locator(".flag")).to_have_text("Cancelled")
    expect(card).to_contain_text("It stays here until you remove it.")
    expect(page.locator("#changes-banner")).to_contain_text("★ Day Two Keynote: cancelled")
    expect(page.locator("#changes-banner")).to_have_class(re.compile(r"\bmine\b"))

    page.reload()  # still there on the next visit, and offline
    server.stop()
    page.reload()
    expect(card).to_have_class(re.compile(r"\bcancelled\b"))
    assert stored_star_ids(page) == ["q4w5e6"]

    card.get_by_role("button", name="Remove from My schedule").click()
    expect(page.locator(".my .card")).to_have_count(0)
    assert stored_star_ids(page) == []
