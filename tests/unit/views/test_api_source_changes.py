"""A re-import reaches phones as a delta: /api/v1/changes lists what the new schedule file
changed (origin: source) next to the corrections, a client applying them holds exactly the
served schedule, corrections stay on top, and only a change to the event itself reloads."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from webapp import create_app
from webapp.serving import runtime
from webapp.serving.changes import MAX_IMPORTS
from webapp.serving.writes import publish
from webapp.static_site import export as static_export

from .test_api_changes import CHANGES, SCHEDULE

Doc = dict[str, Any]
LISTS = {"room": "rooms", "track": "tracks", "speaker": "speakers"}


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "CHANGES_LIMIT": 100})


def reimport(data_dir: Path, edit) -> None:
    """The source changed: the schedule file is rewritten, as `schedule import --out` does."""
    path = data_dir / "schedule.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    edit(doc)
    path.write_text(json.dumps(doc), encoding="utf-8")


def session(doc: Doc, sid: str) -> Doc:
    return next(s for s in doc["sessions"] if s["id"] == sid)


def source_edits(doc: Doc) -> None:
    session(doc, "k9x8y7").update(start="2026-04-07T11:15:00+02:00", end="2026-04-07T11:25:00+02:00")
    session(doc, "s1a2b3").update(room="side", title="Opening Words")
    session(doc, "q4w5e6")["status"] = "cancelled"
    doc["speakers"].append({"id": "grace-hopper", "name": "Grace Hopper", "bio": "Admiral."})
    late = {
        **copy.deepcopy(session(doc, "q4w5e6")),
        "id": "late01",
        "title": "Late Talk",
        "status": "confirmed",
    }
    doc["sessions"].append({**late, "speakers": ["grace-hopper"]})
    doc["rooms"].reverse()  # an importer orders rooms by their first session


def feed(client, since: int) -> Doc:
    resp = client.get(f"/api/v1/changes?since={since}")
    assert resp.status_code == 200
    doc = resp.get_json()
    CHANGES.validate(doc)
    return doc


def apply_like_a_client(schedule: Doc, answer: Doc) -> Doc:
    """The documented client rule (changes.schema.json), corrections and source entries alike."""
    doc = copy.deepcopy(schedule)
    for change in answer["changes"]:
        if change["kind"] == "order":
            ids = change["after"]["ids"]
            doc[change["list"]].sort(key=lambda x: ids.index(x["id"]))
            continue
        if change["kind"] in LISTS:
            items = doc[LISTS[change["kind"]]]
            item = next((x for x in items if x["id"] == change["id"]), None)
            if item is None:
                at = 0 if change["follows"] is None else [x["id"] for x in items].index(change["follows"]) + 1
                items.insert(at, dict(change["after"]))
            elif not change["after"]:
                items.remove(item)
            else:
                item.update(change["after"])
            continue
        found = next((s for s in doc["sessions"] if s["id"] == change["session"]), None)
        if change["kind"] == "add" and found is None:
            doc["sessions"].append(dict(change["after"]))
        elif change["kind"] == "remove":
            doc["sessions"].remove(found)
        else:
            found.update(change["after"])
    doc["version"], doc["stamp"] = answer["version"], answer["stamp"]
    return without_nulls(doc)


def without_nulls(doc: Doc) -> Doc:
    """A field set to null by an update is the same as one the document leaves out."""
    for key in ("rooms", "tracks", "speakers", "sessions"):
        doc[key] = [{k: v for k, v in x.items() if v is not None} for x in doc[key]]
    return doc


def served(client) -> Doc:
    doc = client.get("/api/v1/schedule.json").get_json()
    SCHEDULE.validate(doc)
    return doc


def test_a_phone_at_the_version_before_a_reimport_gets_only_what_it_changed(client, data_dir):
    old = served(client)
    reimport(data_dir, source_edits)
    new = served(client)
    assert new["version"] == 1
    answer = feed(client, 0)
    assert answer["reload"] is False and {c["origin"] for c in answer["changes"]} == {"source"}
    assert [(c["kind"], c.get("id") or c.get("list") or c["session"]) for c in answer["changes"]] == [
        ("order", "rooms"),
        ("speaker", "grace-hopper"),
        ("update", "s1a2b3"),
        ("update", "k9x8y7"),
        ("update", "q4w5e6"),
        ("add", "late01"),
    ]
    assert apply_like_a_client(old, answer) == without_nulls(new)
    assert feed(client, 1)["changes"] == []


def test_a_phone_older_than_some_corrections_gets_them_and_the_import_in_order(app, client, data_dir):
    old = served(client)
    publish(runtime(app), {"kind": "move", "session": "q4w5e6", "room": "side", "force": True})
    reimport(data_dir, source_edits)
    publish(runtime(app), {"kind": "edit", "session": "late01", "title": "Later Talk"})
    answer = feed(client, 0)
    assert [c["version"] for c in answer["changes"]] == [1, 2, 2, 2, 2, 2, 2, 3]
    assert apply_like_a_client(old, answer) == without_nulls(served(client))
    at_one = apply_like_a_client(old, {**answer, "changes": answer["changes"][:1]})
    assert apply_like_a_client(at_one, feed(client, 1)) == without_nulls(served(client))


def test_corrections_stay_on_top_and_are_never_changed_by_the_reimport(app, client, data_dir):
    publish(runtime(app), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    publish(runtime(app), {"kind": "cancel", "session": "q4w5e6"})
    publish(runtime(app), {"kind": "move", "session": "k9x8y7", "room": "main", "force": True})
    kept = [c.to_dict() for c in runtime(app).store.corrections()]
    before = served(client)

    def edit(doc: Doc) -> None:
        session(doc, "s1a2b3").update(title="Opening Words")  # the correction's room stays
        session(doc, "q4w5e6")["title"] = "Keynote"  # cancelled by a correction: stays cancelled
        doc["sessions"].remove(session(doc, "k9x8y7"))  # gone at the source: its move cannot apply

    reimport(data_dir, edit)
    after = served(client)
    answer = feed(client, 3)
    assert [(c["kind"], c["session"], c["after"]) for c in answer["changes"]] == [
        ("update", "s1a2b3", {"title": "Opening Words"}),
        ("update", "q4w5e6", {"title": "Keynote"}),
        ("remove", "k9x8y7", {}),
    ]
    assert (session(after, "s1a2b3")["room"], session(after, "q4w5e6")["status"]) == ("side", "cancelled")
    assert apply_like_a_client(before, answer) == without_nulls(after)
    assert [c.to_dict() for c in runtime(app).store.corrections()] == kept
    assert [c["version"] for c in feed(client, 0)["changes"] if "origin" not in c] == [1, 2, 3]


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["event"].update(timezone="America/New_York"),
        lambda d: d["event"].update(days=["2026-04-07", "2026-04-08", "2026-04-09"]),
    ],
    ids=["zone", "days"],
)
def test_a_change_to_the_event_itself_tells_phones_to_reload_whole(client, data_dir, edit):
    served(client)
    reimport(data_dir, lambda d: (edit(d), session(d, "q4w5e6").update(title="Keynote")))
    answer = feed(client, 0)
    assert answer["reload"] is True
    assert "imported again at version 1: the event itself changed" in answer["reason"]
    assert feed(client, 1)["changes"] == []


def test_a_reimport_that_changes_nothing_for_attendees_is_an_empty_step(client, data_dir):
    served(client)
    reimport(data_dir, lambda d: d["sessions"].reverse())  # another file, the same sessions
    answer = feed(client, 0)
    assert (answer["version"], answer["reload"], answer["changes"]) == (1, False, [])


def test_the_static_export_writes_the_delta_of_the_last_import(app, client, data_dir, tmp_path):
    old = served(client)
    publish(runtime(app), {"kind": "move", "session": "q4w5e6", "room": "side", "force": True})
    reimport(data_dir, source_edits)
    files = static_export.build(app, "https://schedule.example.org").files
    answer = json.loads(files[static_export.CHANGES_FILE])
    CHANGES.validate(answer)
    assert (answer["since"], answer["version"], answer["reload"]) == (0, 2, False)
    assert [c.get("origin") for c in answer["changes"]] == [None] + ["source"] * 6
    assert apply_like_a_client(old, answer) == without_nulls(json.loads(files["api/v1/schedule.json"]))


def test_a_phone_behind_more_reimports_than_the_feed_works_out_is_told_to_reload(client, data_dir):
    served(client)
    for i in range(MAX_IMPORTS + 1):
        reimport(data_dir, lambda d, i=i: session(d, "q4w5e6").update(title=f"Keynote {i}"))
        served(client)
    answer = feed(client, 0)
    assert answer["reload"] is True
    last = MAX_IMPORTS + 1  # named, so that a client can catch up from there
    assert answer["reason"].startswith(f"the schedule was imported again at version {last} ({last} imports")
    assert [c["after"] for c in feed(client, 1)["changes"]] == [
        {"title": f"Keynote {i}"} for i in range(1, 9)
    ]
