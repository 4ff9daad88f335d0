"""Issue 26, "My schedule by the clock": during the event the list moves on with the day. Ended
sessions fold into an "N earlier sessions" disclosure, a line marks now, a session already
running is said to be on with the minutes it has left (never "Next: ... at"), and clashes are
marked only between sessions that have not ended. The clock is the page's (Playwright's clock
API), so the view is seen moving on by itself."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from playwright.sync_api import expect

NOW = datetime.fromisoformat("2026-09-14T11:20:00+02:00")


def at(s: dict, key: str) -> datetime:
    return datetime.fromisoformat(s[key])


def overlapping(sessions: list[dict]) -> tuple[dict, dict]:
    for a in sessions:
        for b in sessions:
            if a["id"] < b["id"] and at(a, "start") < at(b, "end") and at(b, "start") < at(a, "end"):
                return a, b
    raise AssertionError("no clash in the congress")


@pytest.fixture(scope="module")
def plan(congress_schedule: Path) -> dict:
    """Starred: two clashing sessions over by 11:20, one running then (ends in 10-30 min), and
    two clashing sessions the next day."""
    sessions = [s for s in json.loads(congress_schedule.read_text(encoding="utf-8"))["sessions"]]
    ended = overlapping([s for s in sessions if at(s, "end") <= NOW - timedelta(minutes=30)])
    live = next(
        s
        for s in sessions
        if at(s, "start") < NOW
        and NOW + timedelta(minutes=10) <= at(s, "end") <= NOW + timedelta(minutes=30)
        and not any(at(s, "start") < at(e, "end") for e in ended)
    )
    tomorrow = [s for s in sessions if s["start"].startswith("2026-09-15T10")]
    ahead = overlapping(tomorrow)
    return {"ended": ended, "live": live, "ahead": ahead}


def open_my(browser, server, plan: dict, when: datetime):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    context.clock.install(time=when)
    ids = [s["id"] for s in (*plan["ended"], plan["live"], *plan["ahead"])]
    context.add_init_script(f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps(ids))})")
    page = context.new_page()
    page.goto(server.url + "/my")
    return context, page


def test_ended_sessions_fold_away_and_the_running_one_heads_the_list_as_on_now(
    browser, congress_server, plan
) -> None:
    context, page = open_my(browser, congress_server, plan, NOW)
    live = plan["live"]
    left = round((at(live, "end") - NOW).total_seconds() / 60)
    fold = page.locator("details.earlier")
    expect(fold.locator("summary")).to_have_text("2 earlier sessions")
    for s in plan["ended"]:
        expect(page.locator(f".card[data-session='{s['id']}']")).to_be_hidden()
    # The first card to read is the one on now, said so with its minutes left.
    first = page.locator(".my > .card").first
    expect(first).to_have_attribute("data-session", live["id"])
    expect(first.locator(".onnow")).to_have_text(f"On now · {left} min left")
    expect(page.locator(".next-here")).to_contain_text(f"On now · {left} min left: “{live['title']}”")
    expect(page.locator(".next-here")).not_to_contain_text("Next:")
    # The line sits after what is running, before tomorrow's head and its sessions.
    order = page.evaluate(
        "() => [...document.querySelectorAll('.my > .card, .my > #now-line, .my > .dayhead')]"
        ".map((e) => e.id || e.dataset.session || e.textContent)"
    )
    assert order[:4] == ["Monday 14 September", live["id"], "now-line", "Tuesday 15 September"], order
    assert sorted(order[4:]) == sorted(s["id"] for s in plan["ahead"]), order
    expect(page.locator("#now-line")).to_have_text("Now · 11:20 CEST")
    context.close()


def test_clashes_are_marked_only_between_sessions_not_ended(browser, congress_server, plan) -> None:
    context, page = open_my(browser, congress_server, plan, NOW)
    for s in plan["ahead"]:
        expect(page.locator(f".card[data-session='{s['id']}']")).to_contain_text("Clashes with")
    page.locator("details.earlier summary").click()
    for s in plan["ended"]:
        card = page.locator(f".card[data-session='{s['id']}']")
        expect(card).to_be_visible()
        expect(card).to_contain_text("Ended")
        expect(card).not_to_contain_text("Clashes with")
        expect(card).not_to_have_class("card clash")
    # Open stays open: the address keeps it, for Back and a reload.
    assert "earlier=1" in page.url
    page.reload()
    expect(page.locator(f".card[data-session='{plan['ended'][0]['id']}']")).to_be_visible()
    context.close()


def test_the_list_moves_on_by_itself_as_the_running_session_ends(browser, congress_server, plan) -> None:
    context, page = open_my(browser, congress_server, plan, NOW)
    live = plan["live"]
    card = page.locator(f".card[data-session='{live['id']}']")
    expect(card).to_be_visible()
    context.clock.run_for(int((at(live, "end") - NOW).total_seconds() * 1000) + 31_000)
    expect(page.locator("details.earlier summary")).to_have_text("3 earlier sessions")
    expect(card).to_be_hidden()
    first = min(plan["ahead"], key=lambda s: at(s, "start"))
    expect(page.locator(".next-here")).to_contain_text(f"Next: “{first['title']}” at")
    expect(page.locator(".onnow")).to_have_count(0)
    context.close()
