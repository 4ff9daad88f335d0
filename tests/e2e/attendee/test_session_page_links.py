"""Issue 26, "Session page": the links a source gives (FOSDEM: video, live stream, chat room,
slides, feedback) are shown with their names, as plain links that ask nothing of their sites
until the person taps one."""

from __future__ import annotations

import json
from pathlib import Path

from playwright.sync_api import expect

from tests.harness.browser import offsite_requests
from tests.harness.schedules import mini, session, write


def with_all_links(congress_schedule: Path) -> dict:
    doc = json.loads(congress_schedule.read_text(encoding="utf-8"))
    return next(s for s in doc["sessions"] if len(s["links"]) == 5)


def test_the_sources_links_are_shown_by_name_and_nothing_is_fetched_from_them_until_tapped(
    page, congress_server, congress_schedule
) -> None:
    s = with_all_links(congress_schedule)
    offsite = offsite_requests(page.context, congress_server.url)
    page.goto(congress_server.url + f"/session/{s['id']}")
    links = page.get_by_role("region", name="Links").get_by_role("link")
    expect(links).to_have_text([x["title"] for x in s["links"]])
    for link, given in zip(links.all(), s["links"], strict=True):
        assert link.get_attribute("href") == given["url"]
        assert "noopener" in link.get_attribute("rel").split()
    # The links come before the speakers and the abstract, on a phone's first screens.
    tops = [
        page.locator(sel).evaluate("e => e.getBoundingClientRect().top")
        for sel in ("#links", "#who", "#about")
    ]
    assert tops == sorted(tops), tops
    page.wait_for_load_state("load")
    assert offsite == [], offsite
    chat = next(x["url"] for x in s["links"] if x["title"] == "Chat room (Matrix)")
    page.context.route(
        "https://chat.example.org/**", lambda route: route.fulfill(body="chat", content_type="text/plain")
    )
    with page.context.expect_page() as opened:
        links.filter(has_text="Chat room (Matrix)").click()
    expect(opened.value).to_have_url(chat)
    assert offsite == [chat], offsite


def test_a_link_without_a_title_is_named_by_its_site_or_file_and_a_bad_address_is_not_a_link(
    page, make_server, tmp_path
) -> None:
    doc = mini()
    doc["sessions"].append(
        session(
            "lk0001",
            "Linked Talk",
            "2026-04-07T11:00:00+02:00",
            "2026-04-07T11:30:00+02:00",
            links=[
                {"url": "https://www.video.example.org/v/1.webm", "title": None, "kind": "link"},
                {"url": "https://files.example.org/a/slides%20v2.pdf", "title": None, "kind": "attachment"},
                {"url": "javascript:alert(1)", "title": "Click me", "kind": "link"},
            ],
        )
    )
    server = make_server(schedule=write(doc, tmp_path))
    page.goto(server.url + "/session/lk0001")
    section = page.get_by_role("region", name="Links")
    expect(section.get_by_role("listitem")).to_have_text(
        ["video.example.org", "Attachment: slides v2.pdf files.example.org"]
    )
    expect(page.get_by_text("Click me")).to_have_count(0)


def test_a_session_without_links_has_no_links_section(page, live_server) -> None:
    page.goto(live_server.url + "/session/k9x8y7")
    expect(page.locator("main h1")).to_have_text("Compiling Things")
    expect(page.locator("#links")).to_have_count(0)


def test_the_sessions_own_page_at_its_source_is_its_first_link(page, make_server, tmp_path) -> None:
    own = "https://conf.example.org/2026/schedule/event/HTJK33-evolving_git/"
    doc = mini()
    doc["sessions"].append(
        session(
            "lk0002",
            "Talk With A Page",
            "2026-04-07T11:00:00+02:00",
            "2026-04-07T11:30:00+02:00",
            url=own,
            links=[{"url": "https://www.video.example.org/v/2.webm", "title": "Video", "kind": "link"}],
        )
    )
    server = make_server(schedule=write(doc, tmp_path))
    page.goto(server.url + "/session/lk0002")
    links = page.get_by_role("region", name="Links").get_by_role("link")
    expect(links).to_have_text(["conf.example.org", "Video"])
    assert links.first.get_attribute("href") == own
