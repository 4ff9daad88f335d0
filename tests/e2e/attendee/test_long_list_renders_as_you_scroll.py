"""A long schedule renders a screenful at a time: every card is still reachable by scrolling,
and a search narrows the list at once (bench/large.py times this on 1,000 sessions)."""

from __future__ import annotations

from datetime import datetime, timedelta

from playwright.sync_api import expect

from tests.harness.bench import bench_module
from tests.harness.browser import goto_drawn
from tests.harness.schedules import write

generate = bench_module("generate")

SESSIONS = 70


def test_long_day_shows_every_card_as_the_reader_scrolls(page, make_server, tmp_path) -> None:
    doc = generate.generate(sessions=SESSIONS, days=1, rooms=5)
    server = make_server(schedule=write(doc, tmp_path))
    # The day's list as it opens before the event (after it, the whole programme is shown).
    page.clock.install(time=datetime.fromisoformat(doc["sessions"][0]["start"]) - timedelta(hours=1))
    # The app's list, once it has taken over the server's drawing (js/start.js runs it after the
    # paint): the batches that follow the scroll are the app's.
    goto_drawn(page, server.url + "/")
    cards = page.locator("main article.card")
    expect(cards.first).to_be_visible()
    assert cards.count() < SESSIONS  # not all built at once
    expect(page.locator("main .count")).to_have_text(f"{SESSIONS} sessions")
    more = "(n) => document.querySelectorAll('main article.card').length > n"
    for _ in range(SESSIONS):  # bounded: one scroll per batch at most is needed
        shown = cards.count()  # counted before scrolling, so a batch added at once is not missed
        if shown == SESSIONS:
            break
        page.mouse.wheel(0, 100_000)  # to the end of what is built: the next batch follows
        page.wait_for_function(more, arg=shown, timeout=5000)
    expect(cards).to_have_count(SESSIONS)
    ids = page.eval_on_selector_all("main article.card", "els => els.map(e => e.dataset.session)")
    assert sorted(ids) == sorted(s["id"] for s in doc["sessions"])


def test_search_replaces_a_long_list_with_its_matches(page, make_server, tmp_path) -> None:
    doc = generate.generate(sessions=SESSIONS, days=1, rooms=5)
    title = doc["sessions"][-1]["title"]
    server = make_server(schedule=write(doc, tmp_path))
    page.goto(server.url + "/")
    expect(page.locator("main article.card").first).to_be_visible()
    page.fill("#f-q", title)
    expect(page.locator("main article.card h3").first).to_have_text(title)
    matches = [s for s in doc["sessions"] if title.lower() in s["title"].lower()]
    expect(page.locator("main .count")).to_have_text(f"{len(matches)} session{'s' * (len(matches) != 1)}")
