"""The first screen the server writes into the HTML of `/` and of a session's page
(webapp/serving/first_screen/) is the app's own drawing of that page at that moment, and the
app takes it over without replacing it (static/js/ui/dom.js, `adopt`).

For each page: the server's <main> is read as parsed, before any script runs (the document
turns "interactive" before its module script runs); then the app draws it from the outline (the
long texts are held back, so this is the first drawing, not the one after the texts) and the
two are compared, serialised the same way (attributes sorted, whitespace between tags left
out). Every card, star and link the server drew must still be the very node in the page.

Stars live on the device: the server draws every star off, and the app sets the device's on
the server's own buttons before taking the page over (syncStars), so only those change.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.harness import MINI, ROOT
from tests.harness.pinned_clock import PinnedFlask

# Before any script of the page: when the document turns "interactive" (parsed), its module
# script has not run yet. The server's <main> is kept as it was, with its keyed nodes.
WATCH = """(() => {
  const canon = (node) => {
    const text = (t) => t.replace(/&/g, "&amp;").replace(/</g, "&lt;");
    if (node.nodeType === Node.TEXT_NODE) return /^\\s*$/.test(node.data) ? "" : text(node.data);
    if (node.nodeType !== Node.ELEMENT_NODE) return "";
    // "Jump to now" shows once the now line is off screen: an observer's answer, after the first draw.
    const attrs = [...node.attributes]
      .filter((a) => !(a.name === "hidden" && node.classList.contains("jumpnow")))
      .map((a) => `${a.name}="${a.value.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}"`)
      .sort();
    const inside = [...node.childNodes].map(canon).join("");
    return `<${[node.localName, ...attrs].join(" ")}>${inside}</${node.localName}>`;
  };
  window.__canon = (el) => [...el.childNodes].map(canon).join("");
  document.addEventListener("readystatechange", () => {
    if (document.readyState !== "interactive" || window.__server) return;
    const main = document.getElementById("main");
    window.__server = {
      copy: main.cloneNode(true),
      first: main.firstElementChild,
      keyed: [...main.querySelectorAll("[data-session], [data-star], a[href]")],
    };
  });
})();"""
TAKEN_OVER = """() => window.__server && window.__server.first
  && document.getElementById("main").firstElementChild !== window.__server.first"""
# What the device's stars change on the server's drawing (ui/session-card.js, syncStars).
STARRED = """(ids) => {
  const copy = window.__server.copy;
  for (const id of ids) {
    for (const b of copy.querySelectorAll(`[data-star="${id}"]`)) {
      b.setAttribute("aria-pressed", "true");
      b.firstElementChild.textContent = "★";
    }
    for (const hint of copy.querySelectorAll(`[data-star-hint="${id}"]`)) {
      hint.textContent = "Starred: it is in My schedule. Tap ★ to remove it.";
    }
  }
}"""
COMPARED = """() => {
  const main = document.getElementById("main");
  return {
    server: window.__canon(window.__server.copy),
    app: window.__canon(main),
    keyed: window.__server.keyed.length,
    replaced: window.__server.keyed.filter((n) => !main.contains(n)).map((n) => n.outerHTML.slice(0, 120)),
  };
}"""


def variant(tmp_path: Path) -> Path:
    """The mini event with k9x8y7 cancelled and a first day with no sessions (6 April)."""
    doc = json.loads(MINI.read_text(encoding="utf-8"))
    doc["event"]["days"] = ["2026-04-06", *doc["event"]["days"]]
    for session in doc["sessions"]:
        if session["id"] == "k9x8y7":
            session["status"] = "cancelled"
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


@pytest.fixture
def pinned(serve: Any, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A server on `schedule` whose clock stands at `at`."""

    def start(schedule: Path, at: str) -> PinnedFlask:
        base = tmp_path_factory.mktemp("pinned")
        shutil.copytree(ROOT / "static", base / "static")
        return serve(PinnedFlask(base, schedule, {"HALLWAY_TEST_NOW": at}, static_dir=base / "static"))

    return start


def taken_over(
    browser: Any, url: str, at: str | None = None, stars: list[str] = (), locale: str | None = None
) -> dict[str, Any]:
    """The server's drawing and the app's first own drawing of `url`, at `at` (None: the
    machine's clock), with `stars` on the device, in a browser whose language is `locale`."""
    context = browser.new_context(viewport={"width": 360, "height": 740}, locale=locale)
    if at is not None:
        context.clock.install(time=at)
    context.add_init_script(
        f"localStorage.setItem('hallway.stars.v1', {json.dumps(json.dumps(list(stars)))})"
    )
    context.add_init_script(WATCH)
    held = []  # the long texts wait: the app's first drawing is the outline's
    context.route("**/api/v1/texts.json", lambda route: held.append(route))
    # The venue too: what a room's page shows ("(where it is)") is said once it is read.
    context.route("**/api/v1/venue.json", lambda route: held.append(route))
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function(TAKEN_OVER, timeout=20000)
        if stars:
            page.evaluate(STARRED, list(stars))
        return {
            **page.evaluate(COMPARED),
            "lang": page.evaluate("[document.documentElement.lang, document.documentElement.dir]"),
        }
    finally:
        context.close()


def assert_taken_over(found: dict[str, Any]) -> None:
    assert found["app"] == found["server"]
    assert found["keyed"] > 0
    assert found["replaced"] == []


@pytest.mark.parametrize("path", ["/", "/session/s1a2b3", "/session/k9x8y7", "/session/q4w5e6"])
def test_first_screen_during_the_event_with_a_starred_and_a_cancelled_session(
    browser, pinned, tmp_path, path
) -> None:
    at = "2026-04-07T09:20:02+02:00"  # s1a2b3 on (starred), k9x8y7 cancelled
    server = pinned(variant(tmp_path), at)
    found = taken_over(browser, server.url + path, at, stars=["s1a2b3"])
    assert_taken_over(found)
    if path == "/":
        assert 'aria-pressed="true"' in found["app"] and "Cancelled" in found["app"]


def test_first_screen_of_a_day_with_no_sessions(browser, pinned, tmp_path) -> None:
    at = "2026-04-06T12:00:02+02:00"
    server = pinned(variant(tmp_path), at)
    found = taken_over(browser, server.url + "/", at)
    assert "No sessions match" in found["server"]
    assert found["app"] == found["server"]
    assert found["replaced"] == []


@pytest.mark.parametrize("page", ["start", "session"])
def test_first_screen_of_a_congress(browser, congress_server, congress_schedule, page) -> None:
    doc = json.loads(congress_schedule.read_text(encoding="utf-8"))
    # A session with the source's links and more than one speaker, accents and all.
    sid = next(s["id"] for s in doc["sessions"] if s.get("links") and len(s["speakers"]) > 1)
    path = "/" if page == "start" else f"/session/{sid}"
    found = taken_over(browser, congress_server.url + path)  # the machine's clock on both sides
    assert_taken_over(found)


@pytest.mark.parametrize("path", ["/", "/session/dehegc"])
def test_first_screen_of_the_shipped_event_at_its_own_now(browser, pinned, path) -> None:
    at = "2026-04-07T11:05:02+02:00"
    server = pinned(ROOT / "data" / "schedule.json", at)
    found = taken_over(browser, server.url + path, at)
    assert_taken_over(found)
    if path == "/":
        assert 'id="now-line"' in found["server"]


# (the browser's language, the query, the page, the reader's language, a word of its drawing)
IN_LANGUAGES = [
    ("fr-FR", "", "/", "fr", "Maintenant · 09:20"),
    ("en-US", "?hl=fr", "/session/k9x8y7", "fr", "mardi 7 avril"),
    ("en-US", "?hl=de", "/", "de", "Jetzt · 09:20"),
    ("de-DE", "", "/session/s1a2b3", "de", "Dienstag, 7. April"),
    ("en-US", "?hl=en-XA", "/", "en-XA", "[Ţûéšðåý on] 7 [Åþŕîļ on]"),  # the pseudo-locales too
    ("en-US", "?hl=ar-XB", "/session/k9x8y7", "ar-XB", "\u202eTuesday\u202c 7 \u202eApril\u202c"),
]


@pytest.mark.parametrize(("locale", "query", "path", "lang", "word"), IN_LANGUAGES)
def test_first_screen_in_the_readers_language_is_the_apps_own_drawing(
    browser, pinned, tmp_path, locale, query, path, lang, word
) -> None:
    at = "2026-04-07T09:20:02+02:00"
    server = pinned(variant(tmp_path), at)
    found = taken_over(browser, server.url + path + query, at, locale=locale)
    assert found["lang"] == [lang, "rtl" if lang == "ar-XB" else "ltr"]
    assert word in found["server"]
    assert_taken_over(found)


def small_hours(tmp_path: Path) -> Path:
    """The mini event's sessions ending at 1:00, 1:30 and 13:00 on 7 April."""
    doc = json.loads(MINI.read_text(encoding="utf-8"))
    times = {
        "s1a2b3": ("00:30", "01:00"),
        "k9x8y7": ("01:00", "01:30"),
        "q4w5e6": ("12:15", "13:00"),
    }
    for session in doc["sessions"]:
        start, end = times[session["id"]]
        session["start"], session["end"] = f"2026-04-07T{start}:00+02:00", f"2026-04-07T{end}:00+02:00"
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


def test_spanish_cards_say_la_at_one_oclock_and_las_at_thirteen_in_both_drawings(
    browser, pinned, tmp_path
) -> None:
    at = "2026-04-07T00:40:02+02:00"
    server = pinned(small_hours(tmp_path), at)
    found = taken_over(browser, server.url + "/?hl=es", at)
    for said in ("hasta la 1:00 ·", "hasta la 1:30 ·", "hasta las 13:00 ·"):
        assert said in found["server"]
    assert_taken_over(found)
