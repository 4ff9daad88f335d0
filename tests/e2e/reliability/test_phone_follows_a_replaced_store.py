"""A phone follows a replaced corrections store (a corrupt one deleted, a backup restored) and
is never "Up to date" on the old one: in Chromium against the server, and the rule itself on
static/js/features/changes/feed-sync.js alone, from the files on disk. (That the times the
server accepts are read alike by the app is
corrections/test_accepted_times_read_the_same_in_the_browser.py.)"""

from __future__ import annotations

import json

from playwright.sync_api import expect

from tests.harness.app import app_version, open_app, star, stored_star_ids
from tests.harness.net import get_json, wait_for
from tests.harness.publish import WRITABLE
from webapp.corrections.store import STORE_FILE


def served_store(server) -> str:
    return get_json(server, "/api/v1/schedule.json", timeout=30)["store"]


def publish(server, body: dict) -> None:
    # A generous timeout: the first write to a new store also imports the schedule file, on a
    # machine whose cores are shared.
    server.publish(body, timeout=60)


def test_a_phone_follows_a_replaced_store_and_is_never_up_to_date_on_the_old_one(page, make_server) -> None:
    server = make_server(env={**WRITABLE, "HALLWAY_WRITE_RATE_LIMIT": "0"})
    served_store(server)  # the schedule imported before the first write
    publish(server, {"kind": "edit", "session": "s1a2b3", "title": "Old Store Title"})
    publish(server, {"kind": "cancel", "session": "q4w5e6"})
    publish(server, {"kind": "move", "session": "k9x8y7", "room": "main"})
    old_store = served_store(server)
    open_app(page, server)
    star(page, "Compiling Things")
    expect(page.locator(".card", has_text="Old Store Title")).to_have_count(1)
    assert app_version(page) == 3

    # The store is replaced while the phone is open: server stopped, the database deleted (as
    # after corruption), the server started again; the new store is at version 1 after one edit.
    server.stop()
    for f in server.data_dir.glob(STORE_FILE + "*"):
        f.unlink()
    server.start()
    wait_for(lambda: served_store(server) != old_store, timeout=30)  # the new store made and imported
    publish(server, {"kind": "edit", "session": "k9x8y7", "title": "New Store Title"})
    new_store = served_store(server)
    assert new_store != old_store

    # The phone polls every second: its version 3 is higher than the new store's 1, yet it takes
    # the new document whole (the old store's edit and cancel are gone, the new edit is in).
    expect(page.locator(".card", has_text="New Store Title")).to_have_count(1, timeout=15000)
    expect(page.locator(".card", has_text="Old Store Title")).to_have_count(0)
    freshness = page.locator("footer [data-freshness]")
    expect(freshness).to_have_attribute("data-version", "1")
    expect(freshness).to_contain_text("Up to date")
    state = json.loads(page.evaluate("() => localStorage.getItem('hallway.changes.v1')"))
    assert state["store"] == new_store and state["cursor"] == 1
    assert stored_star_ids(page) == ["k9x8y7"]  # stars are the phone's: kept
    expect(page.locator("#changes-banner")).to_be_visible()  # what differs is said

    # A reload from the device's own copy stays on the new store (not the old one's version 3).
    page.reload()
    expect(page.locator(".card", has_text="New Store Title")).to_have_count(1, timeout=10000)
    expect(freshness).to_have_attribute("data-version", "1", timeout=10000)
    expect(freshness).to_contain_text("Up to date")


def test_a_phone_drops_the_history_a_restored_backup_no_longer_has(page, make_server, tmp_path) -> None:
    # A backup of the same store at version 1 is restored after versions 2 and 3 reached the
    # phone; two other corrections are then published: versions 2 and 3 again, other edits.
    import shutil
    import sqlite3

    server = make_server(env={**WRITABLE, "HALLWAY_WRITE_RATE_LIMIT": "0"})
    served_store(server)
    publish(server, {"kind": "move", "session": "k9x8y7", "room": "main"})
    server.stop()
    store = server.data_dir / STORE_FILE
    conn = sqlite3.connect(store)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    backup = tmp_path / "backup.sqlite3"
    shutil.copy(store, backup)
    server.start()
    publish(server, {"kind": "edit", "session": "s1a2b3", "title": "Lost Edit"})
    publish(server, {"kind": "cancel", "session": "q4w5e6"})
    open_app(page, server)
    expect(page.locator(".card", has_text="Lost Edit")).to_have_count(1)
    assert app_version(page) == 3

    server.stop()
    for f in server.data_dir.glob(STORE_FILE + "*"):
        f.unlink()
    shutil.copy(backup, store)  # restored: the same store, at version 1
    server.start()
    publish(server, {"kind": "edit", "session": "k9x8y7", "title": "Kept Edit"})
    publish(server, {"kind": "edit", "session": "s1a2b3", "title": "Second Kept"})

    # Same numbers, other edits: the phone takes the document and forgets what it recorded of
    # the lost versions (no "Lost Edit" line, no badge for the cancel that no longer exists).
    expect(page.locator(".card", has_text="Kept Edit")).to_have_count(1, timeout=15000)
    expect(page.locator(".card", has_text="Lost Edit")).to_have_count(0)
    freshness = page.locator("footer [data-freshness]")
    expect(freshness).to_have_attribute("data-version", "3")
    state = json.loads(page.evaluate("() => localStorage.getItem('hallway.changes.v1')"))
    # The lost corrections are gone from the history; what differs from what the phone showed
    # is said anew (Lost Edit -> Second Kept, the cancelled talk back on).
    lost = [c for c in state["history"] if c["after"].get("title") == "Lost Edit" or c["kind"] == "cancel"]
    assert lost == [], state["history"]
    shown = {(c["session"], json.dumps(c["after"])) for c in state["history"]}
    assert ("s1a2b3", json.dumps({"title": "Second Kept"})) in shown
    assert ("q4w5e6", json.dumps({"status": "confirmed"})) in shown


# The rule "never 'Up to date' while behind", on the app's own Watcher with the network faked
# at the page's fetch: the changes feed names another store, and the schedule fetched after it
# is (or is not) that store's.
WATCH_WITH_FAKE_FEED = """async ([feedStore, servedStore, servedVersion, rewound]) => {
  const prefix = document.body.dataset.assets;
  const { Watcher } = await import(prefix + "js/features/changes/feed-sync.js");
  const { freshness } = await import(prefix + "js/features/changes/changes-banner.js");
  const { index } = await import(prefix + "js/data/store.js");
  localStorage.clear();
  const doc = (store, version, title) => ({
    version, store, event: { name: "E", timezone: "UTC" },
    sessions: [{ id: "a", title, start: "2026-04-07T09:00:00Z", end: "2026-04-07T10:00:00Z" }],
  });
  const store = new EventTarget();
  store.doc = doc("old", 7, "Old");
  store.data = index(store.doc);
  store.refresh = async ({ rewound: back = false } = {}) => {
    const next = doc(servedStore, servedVersion, "Fresh");
    if (servedStore !== store.data.store || next.version > store.data.version || back) {
      store.doc = next;
      store.data = index(next);
    }
  };
  store.patch = () => { throw new Error("another store's changes must not be patched in"); };
  window.fetch = async () => new Response(
    JSON.stringify({ version: 2, store: feedStore, reload: true, reason: "x", ...(rewound && { rewound }) }),
    { headers: { "Content-Type": "application/json" } });
  const watcher = new Watcher(store, { clock: () => Date.now() });
  watcher.state.cursor = 7;
  watcher.state.store = "old";
  await watcher.check();
  return { line: freshness(watcher.state, store.data.version, Date.now(), () => "10:00", () => 10),
           version: store.data.version, title: store.doc.sessions[0].title, store: watcher.state.store };
}"""


def test_the_app_is_not_up_to_date_while_it_holds_another_stores_schedule(app_modules) -> None:
    page = app_modules
    # The schedule fetched after the feed named another store is still the old store's.
    stuck = page.evaluate(WATCH_WITH_FAKE_FEED, ["new", "old", 7, False])
    assert not stuck["line"].startswith("Up to date"), stuck
    assert stuck["title"] == "Old" and stuck["store"] == "old"
    followed = page.evaluate(
        WATCH_WITH_FAKE_FEED, ["new", "new", 2, False]
    )  # lower version, other store: taken
    assert followed["line"].startswith("Up to date") and followed["version"] == 2, followed
    assert followed["title"] == "Fresh" and followed["store"] == "new"
    # The same store restored from a backup: the feed says its history went back; taken whole.
    restored = page.evaluate(WATCH_WITH_FAKE_FEED, ["old", "old", 2, True])
    assert restored["line"].startswith("Up to date") and restored["version"] == 2, restored
    assert restored["title"] == "Fresh" and restored["store"] == "old"
