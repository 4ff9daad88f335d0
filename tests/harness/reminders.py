"""Reminders while the app is open: a phone at 09:00 on 7 April (Paris) whose notifications
are recorded by an init script (the OS is not part of the test), and its clock stepped on."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from .browser import PARIS

DAY = "2026-04-07T"
RECORD = """
window.__shown = [];
const record = (title) => window.__shown.push(title);
const fake = function (title) { record(title); return Promise.resolve(); };
if (self.ServiceWorkerRegistration) ServiceWorkerRegistration.prototype.showNotification = fake;
window.Notification = class {
  constructor(title) { record(title); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
"""


def at(hh: int, mm: int) -> datetime:
    return datetime(2026, 4, 7, hh, mm, tzinfo=PARIS)


def step(context: Any, start: datetime, end: datetime) -> None:
    """Runs the page's clock on from `start` to `end`, firing its timers on the way."""
    context.clock.run_for(int((end - start).total_seconds() * 1000))


def shown(page: Any) -> list[str]:
    """The titles of the notifications shown so far."""
    return page.evaluate("() => window.__shown")


def starred_with_reminders(browser: Any, server: Any, viewport: dict[str, int]) -> tuple[Any, Any]:
    """A phone at 09:00 with three sessions starred and reminders 10 minutes before, on My schedule."""
    context = browser.new_context(viewport=viewport)
    context.add_init_script(RECORD)
    context.clock.install(time=at(9, 0))
    page = context.new_page()
    page.goto(server.url + "/?poll=1")
    page.evaluate("() => localStorage.setItem('hallway.stars.v1', JSON.stringify(['k9x8y7', 'r1', 'r2']))")
    page.goto(server.url + "/my?poll=1")
    page.get_by_label("Remind me before each starred session").select_option("10")
    return context, page
