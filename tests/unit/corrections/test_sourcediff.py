"""What a re-import changed, as feed entries: each class of change, and what makes a phone
take the schedule whole instead."""

# ruff: noqa: E501 - tables of cases read best one per line

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from webapp.corrections.sourcediff import entries

FIXTURE = Path(__file__).parents[2] / "fixtures" / "mini_schedule.json"
Doc = dict[str, Any]


def base() -> Doc:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def session(doc: Doc, sid: str) -> Doc:
    return next(s for s in doc["sessions"] if s["id"] == sid)


def changed(edit: Callable[[Doc], None]) -> tuple[Doc, Doc]:
    before = base()
    after = copy.deepcopy(before)
    edit(after)
    return before, after


def retime(doc: Doc) -> None:
    session(doc, "k9x8y7").update(start="2026-04-07T11:15:00+02:00", end="2026-04-07T11:25:00+02:00")


def add(doc: Doc) -> None:
    doc["sessions"].append(
        {**copy.deepcopy(session(doc, "q4w5e6")), "id": "n3w123", "title": "Late Addition"}
    )


SESSION_CASES = [
    ("moved", lambda d: session(d, "k9x8y7").update(room="main"), [("update", "k9x8y7", {"room": "side"}, {"room": "main"})]),
    ("retimed", retime, [("update", "k9x8y7", {"start": "2026-04-07T09:15:00+02:00", "end": "2026-04-07T09:25:00+02:00"}, {"start": "2026-04-07T11:15:00+02:00", "end": "2026-04-07T11:25:00+02:00"})]),
    ("cancelled", lambda d: session(d, "q4w5e6").update(status="cancelled"), [("update", "q4w5e6", {"status": "confirmed"}, {"status": "cancelled"})]),
    ("retitled", lambda d: session(d, "q4w5e6").update(title="Keynote, Day Two"), [("update", "q4w5e6", {"title": "Day Two Keynote"}, {"title": "Keynote, Day Two"})]),
    ("speaker changed", lambda d: session(d, "q4w5e6").update(speakers=["alan-turing"]), [("update", "q4w5e6", {"speakers": []}, {"speakers": ["alan-turing"]})]),
    ("description changed", lambda d: session(d, "q4w5e6").update(description=["New words."]), [("update", "q4w5e6", {"description": session(base(), "q4w5e6")["description"]}, {"description": ["New words."]})]),
    ("removed", lambda d: d["sessions"].remove(session(d, "q4w5e6")), [("remove", "q4w5e6", {"title": "Day Two Keynote", "start": "2026-04-08T10:00:00+02:00", "end": "2026-04-08T10:45:00+02:00", "room": "main"}, {})]),
]  # fmt: skip


@pytest.mark.parametrize(("name", "edit", "expected"), SESSION_CASES, ids=[c[0] for c in SESSION_CASES])
def test_each_change_to_a_session_is_one_entry_with_only_the_fields_it_changed(name, edit, expected):
    found = entries(*changed(edit))
    assert [(e["kind"], e["session"], e["before"], e["after"]) for e in found] == expected
    assert all(e["origin"] == "source" for e in found)


def test_an_added_session_comes_whole_with_its_description():
    before, after = changed(add)
    (entry,) = entries(before, after)
    assert (entry["kind"], entry["session"], entry["before"]) == ("add", "n3w123", {})
    assert entry["after"] == session(after, "n3w123")


def test_an_unchanged_import_changes_nothing():
    assert entries(base(), base()) == []


def test_a_new_speaker_comes_before_the_session_that_names_it():
    def edit(doc: Doc) -> None:
        doc["speakers"].insert(
            1,
            {
                "id": "grace-hopper",
                "name": "Grace Hopper",
                "role": None,
                "company": None,
                "bio": "Admiral.",
                "bio_truncated": False,
            },
        )
        session(doc, "q4w5e6")["speakers"] = ["grace-hopper"]

    found = entries(*changed(edit))
    assert [(e["kind"], e.get("id") or e["session"]) for e in found] == [
        ("speaker", "grace-hopper"),
        ("update", "q4w5e6"),
    ]
    assert found[0]["follows"] == "ada-lovelace"
    assert found[0]["after"]["bio"] == "Admiral."


def test_a_renamed_room_and_a_removed_track_are_list_entries():
    def edit(doc: Doc) -> None:
        doc["rooms"][1]["name"] = "Side Hall"
        doc["tracks"].clear()
        for s in doc["sessions"]:
            s["track"] = None

    found = entries(*changed(edit))
    rooms = [e for e in found if e["kind"] == "room"]
    assert [(e["id"], e["before"], e["after"]) for e in rooms] == [
        ("side", {"name": "Side Room"}, {"name": "Side Hall"})
    ]
    (track,) = [e for e in found if e["kind"] == "track"]
    assert (track["id"], track["after"], track["before"]["id"]) == ("compilers", {}, "compilers")


def test_rooms_in_another_order_come_as_their_new_order():
    found = entries(*changed(lambda d: d["rooms"].reverse()))
    assert [(e["kind"], e["list"], e["before"], e["after"]) for e in found] == [
        ("order", "rooms", {"ids": ["main", "side"]}, {"ids": ["side", "main"]})
    ]


def test_speakers_in_another_order_change_nothing_a_phone_shows():
    assert entries(*changed(lambda d: d["speakers"].reverse())) == []


@pytest.mark.parametrize(
    ("edit", "reason"),
    [
        (lambda d: d["event"].update(timezone="America/New_York"), "event itself changed (timezone)"),
        (lambda d: d["event"].update(days=["2026-04-07"]), "event itself changed (days)"),
        (lambda d: d["event"].update(name="MiniCon 2027"), "event itself changed (name)"),
        (lambda d: session(d, "q4w5e6").update(language="fr"), "new language (fr)"),
    ],
)
def test_a_change_to_the_event_itself_makes_phones_take_the_schedule_whole(edit, reason):
    found = entries(*changed(edit))
    assert isinstance(found, str) and reason in found
