"""The pure part of the client (static/js/data/changes.js, pollSeconds in
features/changes/feed-sync.js, freshness in features/changes/changes-banner.js), run in Chromium
from the files on disk (no server): the schema's client rule, badges by net effect, the poll
interval's validation and the freshness line."""

from __future__ import annotations

from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

IMPORT = """async (names) => {
  const prefix = document.body.dataset.assets;
  const mods = await Promise.all(names.map((n) => import(prefix + n)));
  return Object.assign({}, ...mods);
}"""


@pytest.fixture
def js(app_modules):
    def run(body: str, arg=None):
        script = f"""async (arg) => {{
          const m = await ({IMPORT})([
            "js/data/changes.js", "js/data/notices.js", "js/data/time.js",
            "js/features/changes/feed-sync.js", "js/features/changes/changes-banner.js",
          ]);
          {body}
        }}"""
        return app_modules.evaluate(script, arg)

    return run


@pytest.mark.parametrize(
    ("search", "stored", "seconds"),
    [
        ("?poll=2", None, 2),
        ("?poll=3600", None, 3600),
        ("", "5", 5),
        ("?poll=7", "5", 7),
        ("?poll=0", None, 60),
        ("?poll=3601", None, 60),
        ("?poll=-1", None, 60),
        ("?poll=1.5", None, 60),
        ("?poll=abc", "x", 60),
        ("?poll=99999", None, 60),
        ("", None, 60),
    ],
)
def test_poll_interval_is_validated(js, search, stored, seconds) -> None:
    assert js("return m.pollSeconds(arg[0], arg[1]);", [search, stored]) == seconds


def change(version, kind, session, before, after, note=None, at="2026-04-07T08:00:00Z", reverts=None):
    return {"version": version, "time": at, "kind": kind, "session": session,
            "before": before, "after": after, "note": note, "reverts": reverts}  # fmt: skip


def test_apply_follows_the_schema_rule_and_refuses_unknown_sessions(js) -> None:
    sessions = [{"id": "a", "title": "A", "room": "main", "status": "confirmed"}]
    added = {"id": "n", "title": "N", "room": "side", "status": "confirmed"}
    changes = [
        change(1, "move", "a", {"room": "main"}, {"room": "side"}),
        change(2, "add", "n", {}, added),
        change(3, "edit", "a", {"title": "A"}, {"title": "A2"}),
    ]
    out = js("return m.applyChanges(arg[0], arg[1]);", [sessions, changes])
    assert out == [{"id": "a", "title": "A2", "room": "side", "status": "confirmed"}, added]
    unknown = [change(4, "cancel", "zz", {"status": "confirmed"}, {"status": "cancelled"})]
    assert js("return m.applyChanges(arg[0], arg[1]);", [sessions, unknown]) is None


@pytest.mark.parametrize(
    ("history", "flags"),
    [
        ([change(1, "move", "a", {"room": "x"}, {"room": "y"})], ["New room"]),
        ([change(1, "retime", "a", {"start": "s"}, {"start": "t"})], ["New time"]),
        ([change(1, "cancel", "a", {"status": "confirmed"}, {"status": "cancelled"})], ["Cancelled"]),
        ([change(1, "edit", "a", {"title": "T"}, {"title": "U"})], ["Updated"]),
        ([change(1, "add", "a", {}, {"title": "T", "status": "confirmed"})], ["New"]),
        (
            [
                change(1, "move", "a", {"room": "x"}, {"room": "y"}),
                change(2, "revert", "a", {"room": "y"}, {"room": "x"}),
            ],
            [],
        ),
        (
            [
                change(1, "cancel", "a", {"status": "confirmed"}, {"status": "cancelled"}),
                change(2, "restore", "a", {"status": "cancelled"}, {"status": "confirmed"}),
                change(3, "move", "b", {"room": "x"}, {"room": "y"}),
            ],
            [],
        ),
    ],
)
def test_badges_follow_the_net_effect(js, history, flags) -> None:
    assert js("return m.flagsFor(arg, 'a');", history) == flags


def test_malformed_changes_are_skipped(js) -> None:
    junk = [None, 1, "x", {}, change(0, "move", "a", {}, {"room": "y"}), change(1, "move", "a b", {}, {}),
            {**change(1, "move", "a", {}, {}), "after": []}]  # fmt: skip
    assert js("return arg.map(m.checkChange);", junk) == [None] * len(junk)
    ok = change(2, "move", "a", {"room": "x"}, {"room": "y", "bogus": 1}, note="n")
    assert js("return m.checkChange(arg);", ok)["after"] == {"room": "y"}


def test_kinds_that_change_no_session_are_skipped_not_applied(js) -> None:
    # Room status and announcements share the feed; a client that does not show them, or a
    # kind added later, must not set their fields on a session.
    notices = [change(3, "room_status", None, {}, {"room": "x", "status": "full"}),
               change(4, "announce", "a", {}, {"text": "Lunch in Hall B"}),
               change(5, "teleport", "a", {"room": "x"}, {"room": "y"})]  # fmt: skip
    assert js("return arg.map(m.checkChange);", notices) == [None, None, None]
    sessions = [{"id": "a", "title": "A", "room": "x"}]
    script = "return m.applyChanges(arg[0], arg[1].map(m.checkChange).filter(Boolean));"
    kept = js(script, [sessions, notices])
    assert kept == []


def test_diff_of_two_schedules_names_added_removed_and_changed_sessions(js) -> None:
    before = [{"id": "a", "title": "A", "room": "x"}, {"id": "b", "title": "B", "room": "x"}]
    after = [{"id": "a", "title": "A", "room": "y"}, {"id": "c", "title": "C", "room": "x"}]
    out = js("return m.diffSessions(arg[0], arg[1], 5, 't');", [before, after])
    assert [(c["kind"], c["session"], c["after"]) for c in out] == [
        ("update", "a", {"room": "y"}),
        ("add", "c", {"title": "C", "room": "x"}),
        ("remove", "b", {}),
    ]


@pytest.mark.parametrize(
    ("state", "text"),
    [
        ({"checkedAt": None, "okAt": None, "offline": False}, "Checking for changes…"),
        ({"checkedAt": 1000, "okAt": 1000, "offline": False}, "Up to date · checked just now"),
        ({"checkedAt": 1000, "okAt": 1000 - 120000, "offline": False}, "Could not check for changes"),
        ({"checkedAt": 1000, "okAt": 1000, "offline": True}, "Offline · last checked 10:42"),
        ({"checkedAt": 1000, "okAt": None, "offline": True}, "Offline · not checked yet"),
    ],
)
def test_freshness_line(js, state, text) -> None:
    line = js("return m.freshness(arg, 7, 1000 + 30000, () => '10:42', () => 10);", state)
    assert text in line
    assert "version" not in line  # a number that means nothing to an attendee (issue 14)


def test_freshness_says_minutes_ago(js) -> None:
    state = {"checkedAt": 0, "okAt": 0, "offline": False}
    assert js("return m.freshness(arg, 1, 125000, () => '', () => 0);", state).endswith("checked 2 min ago")


def venue_midnight_after(iso: str, zone: str = "Europe/Paris") -> datetime:
    """The server's rule (webapp/corrections/notices.py `until`), written again here with
    zoneinfo: a room status lasts until the next midnight in the event's zone."""
    local = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone(ZoneInfo(zone))
    return datetime.combine(local.date() + timedelta(days=1), datetime.min.time(), tzinfo=local.tzinfo)


# The modules imported here are not the bundle's: their venue zone is set as the app sets its own.
NOTICES_AFTER = 'm.setVenueZone("Europe/Paris"); return m.noticesAfter(arg[0], arg[1].map(m.checkNotice));'


@pytest.mark.parametrize(
    "at",
    [
        "2026-04-07T15:30:00Z",
        "2026-04-07T21:59:00Z",
        "2026-04-07T22:00:00Z",
        "2026-03-28T12:00:00Z",
        "2026-10-24T23:30:00Z",
    ],
)
def test_a_room_status_from_the_feed_lasts_until_the_venues_next_midnight_as_on_the_server(js, at) -> None:
    full = change(3, "room_status", None, {}, {"room": "main", "status": "full"}, at=at)
    got = js(NOTICES_AFTER, [{"rooms": {}, "announcements": []}, [full]])
    room = got["rooms"]["main"]
    assert (room["status"], room["version"]) == ("full", 3)
    assert datetime.fromisoformat(room["until"].replace("Z", "+00:00")) == venue_midnight_after(at)


def test_notices_apply_from_the_feed_and_a_withdrawal_it_cannot_know_asks_for_the_document(js) -> None:
    # Notices: room statuses and announcements.
    full = change(3, "room_status", None, {}, {"room": "main", "status": "full"}, note="use Side Room")
    closed = change(4, "room_status", None, {}, {"room": "side", "status": "closed"})
    lunch = change(5, "announce", None, {}, {"text": "Lunch in Hall B", "room": "main"})
    reopened = change(6, "room_status", None, {}, {"room": "side", "status": "open"})
    got = js(NOTICES_AFTER, [None, [full, closed, lunch, reopened]])
    assert list(got["rooms"]) == ["main"] and got["rooms"]["main"]["note"] == "use Side Room"
    assert [(a["version"], a["text"], a["room"], a["session"]) for a in got["announcements"]] == [
        (5, "Lunch in Hall B", "main", None)
    ]
    withdraw_lunch = change(7, "revert", None, {"text": "Lunch in Hall B"}, {}, reverts=5)
    assert js(NOTICES_AFTER, [got, [withdraw_lunch]])["announcements"] == []
    # The status a room shows, or an "open" that may have cleared an older one: what stands
    # after the withdrawal is not in the feed.
    withdraw_full = change(8, "revert", None, {"room": "main", "status": "full"}, {}, reverts=3)
    withdraw_open = change(9, "revert", None, {"room": "side", "status": "open"}, {}, reverts=6)
    assert js(NOTICES_AFTER, [got, [withdraw_full]]) is None
    assert js(NOTICES_AFTER, [got, [withdraw_open]]) is None
    # A session's change, or one of a kind not known, is no notice.
    not_notices = [
        change(10, "move", "a", {"room": "x"}, {"room": "y"}),
        change(11, "teleport", None, {}, {"room": "y"}),
    ]
    assert js("return arg.map(m.checkNotice);", not_notices) == [None, None]
