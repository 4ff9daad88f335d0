"""Venue times without Intl (issue 17): the outline carries the venue zone's offsets, so the
first screen never starts Intl (a fifth of a second on a cheap phone), and what the table gives
is what Intl gives (static/js/data/time.js compared alone, from the files on disk)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from tests.harness import MINI
from tests.harness.browser import before_the_event
from webapp.serving.texts import zone_table

# Every way a page can start ICU's locale data, counted from before the app's first line.
COUNT_INTL = """(() => {
  window.__intl = [];
  const note = (name) => window.__intl.push(name);
  for (const name of ["DateTimeFormat", "DisplayNames", "NumberFormat", "Collator", "PluralRules",
                      "RelativeTimeFormat", "ListFormat", "Segmenter"]) {
    const real = Intl[name];
    if (!real) continue;
    Intl[name] = new Proxy(real, {
      construct(target, args) { note(name); return Reflect.construct(target, args); },
      apply(target, self, args) { note(name); return Reflect.apply(target, self, args); },
    });
  }
  const wrap = (proto, method) => {
    const real = proto[method];
    proto[method] = function (...args) { note(method); return real.apply(this, args); };
  };
  wrap(String.prototype, "localeCompare");
  wrap(Number.prototype, "toLocaleString");
  for (const m of ["toLocaleString", "toLocaleDateString", "toLocaleTimeString"]) wrap(Date.prototype, m);
})();"""


def test_the_first_screen_starts_no_intl(page, live_server) -> None:
    before_the_event(page)
    page.add_init_script(COUNT_INTL)
    page.goto(live_server.url + "/?day=all")
    expect(page.locator(".card")).to_have_count(3)
    expect(page.locator(".card").first).to_contain_text("09:")  # times are on the cards
    expect(page.locator("#tz-toggle")).to_have_text("Venue time · CEST")
    expect(page.locator(".days")).to_contain_text("Tue 7 Apr")
    assert page.evaluate("window.__intl") == []


def test_a_multilingual_first_screen_starts_no_intl(page, make_server, tmp_path) -> None:
    # Languages are named from the outline's table, as Intl named them.
    doc = json.loads(MINI.read_text(encoding="utf-8"))
    for session, lang in zip(doc["sessions"], ["de", "en", "de"], strict=True):
        session["language"] = lang
    path = tmp_path / "schedule.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    server = make_server(path)
    before_the_event(page)
    page.add_init_script(COUNT_INTL)
    page.goto(server.url + "/?day=all")
    expect(page.locator(".card .lang")).to_have_text(["German", "English", "German"])
    page.locator(".find > details > summary").click()  # the filters' fields are built as it opens
    expect(page.locator('[data-pick="lang"] .opt')).to_have_text(["German", "English"])
    assert page.evaluate("window.__intl") == []


COMPARE = """async ({ zone, table, instants, days }) => {
  const t = await import(document.body.dataset.assets + "js/data/time.js");
  const read = () => ({
    times: instants.map((ms) => t.time(new Date(ms))),
    days: instants.map((ms) => t.venueDay(new Date(ms))),
    hours: t.wholeHours(instants[0], instants[0] + 36 * 3600000),
    labels: days.map((d) => [t.dayLabel(d), t.dayLabel(d, "short")]),
  });
  t.setUseDevice(false);
  t.setVenueZone(zone, table);
  const fromTable = read();
  const tableLabel = t.zoneLabel(new Date(instants[0]));
  t.setVenueZone(zone); // no table: Intl answers
  const fromIntl = read();
  const labels = (style) => days.map((d) => new Intl.DateTimeFormat("en-GB", style === "long"
    ? { timeZone: "UTC", weekday: "long", day: "numeric", month: "long" }
    : { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" })
    .format(new Date(d + "T12:00:00Z")));
  const intlLabels = labels("long").map((long, i) => [long, labels("short")[i]]);
  return { fromTable, fromIntl, tableLabel, intlLabels };
}"""

# Zones whose rules every recent tz release agrees on (Morocco's predicted Ramadan changes, for
# one, differ between this machine's tz database and Chromium's ICU: there the table, from the
# server's database that also read the source's wall-clock times, is the one that matches them).
ZONES = [
    "Europe/Paris",
    "America/New_York",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "Pacific/Chatham",
    "America/Sao_Paulo",
]


@pytest.mark.parametrize("zone", ZONES)
def test_the_table_gives_what_intl_gives(app_modules, zone) -> None:
    first = datetime(2026, 3, 1, 8, tzinfo=UTC)
    sessions = [{"id": "a", "start": first.isoformat(), "end": (first + timedelta(days=240)).isoformat()}]
    table = zone_table({"event": {"timezone": zone}, "sessions": sessions})
    # Each transition's minute either side, and every 97 minutes through the table's range.
    edges = [datetime.fromisoformat(p["from"].replace("Z", "+00:00")) for p in table["periods"][1:]]
    instants = [e + timedelta(minutes=d) for e in edges for d in (-61, -1, 0, 1, 61)]
    t = datetime.fromisoformat(table["periods"][0]["from"].replace("Z", "+00:00"))
    until = datetime.fromisoformat(table["until"].replace("Z", "+00:00"))
    while t < until:
        instants.append(t)
        t += timedelta(minutes=97 * 60)
    days = [(first + timedelta(days=n)).date().isoformat() for n in range(0, 366, 7)]
    out = app_modules.evaluate(
        COMPARE,
        {
            "zone": zone,
            "table": table,
            "instants": [int(i.timestamp() * 1000) for i in instants],
            "days": days,
        },
    )
    assert out["fromTable"] == out["fromIntl"]
    assert out["fromTable"]["labels"] == out["intlLabels"]
    assert out["tableLabel"] == table["periods"][0]["label"]


def test_a_table_for_another_zone_or_malformed_is_ignored(app_modules) -> None:
    out = app_modules.evaluate(
        """async () => {
          const t = await import(document.body.dataset.assets + "js/data/time.js");
          t.setUseDevice(false);
          const at = new Date("2026-04-07T07:15:00Z");
          const wrong = { name: "Europe/Paris", until: "2027-01-01T00:00:00Z",
                          periods: [{ from: "2026-01-01T00:00:00Z", offset: 600, label: "XX" }] };
          const answers = [];
          const textOffset = [{ ...wrong.periods[0], offset: "600" }];
          for (const [zone, table] of [["Asia/Tokyo", wrong],
                                       ["Europe/Paris", { ...wrong, periods: textOffset }],
                                       ["Europe/Paris", { ...wrong, until: "soon" }],
                                       ["Europe/Paris", { ...wrong, periods: "x" }]]) {
            t.setVenueZone(zone, table);
            answers.push(t.time(at) + " " + t.zoneLabel(at));
          }
          t.setVenueZone("Nowhere/City", null);
          answers.push(t.time(at) + " " + t.zoneLabel(at) + " " + t.venueDay(at));
          return answers;
        }"""
    )
    assert out == ["16:15 GMT+9", "09:15 CEST", "09:15 CEST", "09:15 CEST", "07:15 UTC 2026-04-07"]
