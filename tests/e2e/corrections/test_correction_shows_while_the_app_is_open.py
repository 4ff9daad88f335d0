"""A correction published while the app is open shows without a reload: the banner says what
changed, the card carries a badge, the Changes view lists it with the organizer's note."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.harness.app import open_app, star
from tests.harness.publish import WRITABLE


def test_correction_made_while_open_shows_without_reload(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    open_app(page, server)
    page.evaluate("() => { window.__sameDocument = true; }")
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main", "note": "moved to the larger room"})

    banner = page.locator("#changes-banner")
    expect(banner).to_be_visible(timeout=5000)
    expect(banner).to_contain_text("1 change: Compiling Things: moved to Main Room (was Side Room)")
    card = page.locator(".card", has_text="Compiling Things")
    expect(card).to_have_class(re.compile(r"\bchanged\b"))
    expect(card.locator(".badge")).to_have_text(["New room"])
    expect(card.locator(".facts .room")).to_have_text("Main Room")
    expect(page.locator("#changes-bell [data-count]")).to_have_text("1")
    assert page.evaluate("() => window.__sameDocument === true")  # no reload happened

    banner.get_by_role("link", name="See all changes").click()
    expect(page.locator("main h1")).to_have_text("Changes")
    item = page.locator(".change")
    expect(item).to_have_count(1)
    expect(item).to_contain_text("Moved")
    expect(item).to_contain_text("“moved to the larger room”")
    expect(banner).to_be_hidden()
    expect(page.locator("#changes-bell [data-count]")).to_be_hidden()


# The system notification itself cannot be seen in headless Chromium: the permission and the
# worker's showNotification are replaced at the boundary, and record what the app asked for.
FAKE_NOTIFICATIONS = """
window.__asked = 0;
window.__shown = [];
// kept across pages, as a browser does
let permission = sessionStorage.getItem("fake-permission") || "default";
Object.defineProperty(Notification, "permission", { get: () => permission });
Notification.requestPermission = async () => {
  window.__asked += 1;
  permission = "granted";
  sessionStorage.setItem("fake-permission", permission);
  return permission;
};
ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
  window.__shown.push({ title, body: options.body, tag: options.tag });
  return Promise.resolve();
};
"""


def test_starred_changes_come_first_and_notify_only_after_the_person_asked(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    page.add_init_script(FAKE_NOTIFICATIONS)
    open_app(page, server)
    star(page, "Day Two Keynote")
    assert page.evaluate("() => window.__asked") == 0  # never asked on load
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})
    expect(page.locator("#changes-banner")).to_contain_text("1 change", timeout=5000)
    assert page.evaluate("() => window.__shown") == []  # not starred, and not allowed yet

    page.locator("#changes-bell").click()
    page.get_by_role("button", name="Notify me when a starred session changes").click()
    expect(page.get_by_text("You get a notification when a starred session changes.")).to_be_visible()
    assert page.evaluate("() => window.__asked") == 1

    retime = {"start": "2026-04-08T11:00:00+02:00", "end": "2026-04-08T11:45:00+02:00"}
    server.publish({"kind": "retime", "session": "q4w5e6", **retime})
    mine = page.locator("#changes-mine + .changelist .change")
    expect(mine).to_have_count(1, timeout=5000)
    expect(mine).to_have_class(re.compile(r"\bmine\b"))
    expect(mine).to_contain_text("now at 11:00–11:45 (was 10:00–10:45)")
    expect(page.locator(".changelist .change h3")).to_have_text(["Day Two Keynote", "Compiling Things"])
    shown = page.evaluate("() => window.__shown")
    assert [n["title"] for n in shown] == ["Changed: Day Two Keynote"]
    assert "now at 11:00" in shown[0]["body"]


def test_hostile_title_and_note_in_corrections_show_as_text(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    open_app(page, server)
    star(page, "Compiling Things")
    hostile = '<img src=x onerror="window.__pwned=1">'
    server.publish(
        {"kind": "edit", "session": "k9x8y7", "title": f"Compiling {hostile}", "note": f"note {hostile}"},
    )
    server.publish(
        {
            "kind": "add",
            "title": "<script>window.__pwned=1</script>",
            "start": "2026-04-08T12:00:00+02:00",
            "end": "2026-04-08T12:30:00+02:00",
            "room": "side",
            "note": "<b>bold</b>",
        },
    )
    banner = page.locator("#changes-banner")
    expect(banner).to_contain_text(f"★ Compiling {hostile}", timeout=5000)
    page.goto(server.url + "/changes?poll=1")
    # the starred session's change first, then the others
    expect(page.locator(".change .note")).to_have_text([f"“note {hostile}”", "“<b>bold</b>”"])
    expect(page.locator(".change h3")).to_have_text(
        [f"Compiling {hostile}", "<script>window.__pwned=1</script>"]
    )
    expect(page.locator("main img, main script, main b, #changes-banner img")).to_have_count(0)
    page.goto(server.url + "/session/k9x8y7?poll=1")
    expect(page.locator(".changelog")).to_contain_text(f"“note {hostile}”")
    assert page.evaluate("() => window.__pwned") is None
    assert dialogs == []


def test_two_open_tabs_record_each_change_once(context, make_server) -> None:
    server = make_server(env=WRITABLE)
    first, second = context.new_page(), context.new_page()
    open_app(first, server)
    open_app(second, server)
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})
    server.publish({"kind": "cancel", "session": "q4w5e6"})
    for page in (first, second):
        expect(page.locator("#changes-banner")).to_contain_text("2 changes", timeout=5000)
    kept = second.evaluate("() => JSON.parse(localStorage.getItem('hallway.changes.v1')).history")
    assert sorted(c["version"] for c in kept) == [1, 2]
    second.goto(server.url + "/changes?poll=1")
    expect(second.locator(".change")).to_have_count(2)
    expect(first.locator("#changes-banner")).to_be_hidden()  # seen in one tab: seen


def test_hidden_app_with_notifications_on_still_checks_and_notifies(page, make_server) -> None:
    server = make_server(env=WRITABLE)
    page.add_init_script(FAKE_NOTIFICATIONS)
    hidden = "window.__hidden ? 'hidden' : 'visible'"
    page.add_init_script(f"Object.defineProperty(document, 'visibilityState', {{ get: () => {hidden} }});")
    open_app(page, server, "/changes")
    page.get_by_role("button", name="Notify me when a starred session changes").click()
    page.goto(server.url + "/?day=all&poll=1")
    star(page, "Compiling Things")
    page.evaluate("() => { window.__hidden = true; }")  # the phone is locked, the app open
    server.publish({"kind": "move", "session": "k9x8y7", "room": "main"})
    page.wait_for_function("() => window.__shown.length > 0", timeout=5000)
    shown = page.evaluate("() => window.__shown")
    assert shown == [
        {
            "title": "Changed: Compiling Things",
            "body": "Compiling Things: moved to Main Room (was Side Room)",
            "tag": "hallway-changes",
        }
    ]
