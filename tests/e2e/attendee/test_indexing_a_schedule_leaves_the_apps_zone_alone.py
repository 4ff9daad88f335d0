"""Indexing a schedule document (static/js/data/store.js `index`) sets nothing: the venue's
zone, days and language names become the app's only when the store adopts the document, so a
document read for comparison (a diff, a check) never changes how the page shows times."""

from __future__ import annotations

from playwright.sync_api import expect

INDEX_ANOTHER = """async () => {
  const prefix = document.body.dataset.assets;
  const { index } = await import(prefix + "js/data/store.js");
  const { venueDay, setVenueZone } = await import(prefix + "js/data/time.js");
  const { languageName, setLanguageNames } = await import(prefix + "js/data/languages.js");
  setVenueZone("Europe/Paris");
  setLanguageNames({ xx: "Paris Tongue" });
  const late = new Date("2026-04-07T23:30:00Z"); // 01:30 on the 8th in Paris, the 7th in New York
  const doc = {
    event: { name: "Elsewhere", timezone: "America/New_York", language_names: undefined },
    language_names: { xx: "New York Tongue" },
    sessions: [{ id: "a", title: "Late", start: late.toISOString(), end: "2026-04-08T00:30:00Z" }],
  };
  const data = index(doc);
  return { indexedDay: data.sessions[0].day, appDay: venueDay(late), name: languageName("xx") };
}"""


def test_indexing_a_document_leaves_the_apps_zone_and_language_names_alone(page, live_server) -> None:
    page.goto(live_server.url + "/")
    expect(page.locator(".card").first).to_be_visible()
    got = page.evaluate(INDEX_ANOTHER)
    assert got == {"indexedDay": "2026-04-07", "appDay": "2026-04-08", "name": "Paris Tongue"}
