"""The outline carries the words of the server's calendar files in the event's language
(`calendar_words`), so the app makes the same files offline (static/js/data/calendar-file.js):
each word is the one the server's own .ics writes, an English event carries none, and the
reader's language changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import icalendar

from webapp import create_app
from webapp.i18n.translate import fill


def event_in(data_dir: Path, language: str | None = None, schedule_language: str | None = None) -> Any:
    """The mini schedule with a cancelled session of a machine-word kind ("maintrack") and one
    whose source already wrote a name that the catalog translates ("Talk")."""
    path = data_dir / "schedule.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["sessions"][0].update(status="cancelled", kind="maintrack")
    doc["sessions"][2]["kind"] = "Talk"
    if schedule_language:
        doc["event"]["language"] = schedule_language
    path.write_text(json.dumps(doc), encoding="utf-8")
    config = {"TESTING": True, "DATA_DIR": str(data_dir)} | ({"LANGUAGE": language} if language else {})
    return create_app(config).test_client()


def outline(client: Any, **headers: str) -> dict[str, Any]:
    response = client.get("/api/v1/outline.json", headers=headers)
    assert response.status_code == 200
    return response.get_json()


def unfolded(client: Any, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200
    return response.data.decode("utf-8").replace("\r\n ", "")


def test_a_french_events_outline_carries_the_words_its_calendar_files_write(data_dir) -> None:
    client = event_in(data_dir, "fr")
    words = outline(client)["calendar_words"]
    assert words == {
        "cancelled": "ANNULÉE",
        "titles": {
            "session": "{event} : {session}",
            "room": "{event} : {room}",
            "my": "{event} : mes favoris",
        },
        "kinds": {"Talk": "Présentation", "maintrack": "Présentation du programme principal"},
    }
    # Each is what the server's own files say (not only what the catalog holds).
    cal = icalendar.Calendar.from_ical(client.get("/schedule.ics").data)
    events = {str(e["UID"]).split("@")[0]: e for e in cal.walk("VEVENT")}
    assert str(events["s1a2b3"]["DESCRIPTION"]).split("\n\n")[0] == words["cancelled"]
    assert events["s1a2b3"]["CATEGORIES"].cats[0] == words["kinds"]["maintrack"]
    assert events["q4w5e6"]["CATEGORIES"].cats[0] == words["kinds"]["Talk"]
    titles, event = words["titles"], "MiniCon 2026"
    names = {
        "/my.ics?s=k9x8y7": fill(titles["my"], {"event": event}),
        "/session/k9x8y7.ics": fill(titles["session"], {"event": event, "session": "Compiling Things"}),
        "/room/main.ics": fill(titles["room"], {"event": event, "room": "Main Room"}),
    }
    for path, name in names.items():
        assert f"\r\nX-WR-CALNAME:{name}\r\n" in unfolded(client, path), path


def test_the_schedules_own_language_names_the_words_when_no_setting_does(data_dir) -> None:
    words = outline(event_in(data_dir, schedule_language="de"))["calendar_words"]
    assert words["cancelled"] == "ABGESAGT" and words["titles"]["my"] == "{event}: mein Plan"
    # German writes "{event}: {session}" as English does: only what differs is carried.
    assert set(words["titles"]) == {"my"}


def test_the_readers_language_does_not_change_the_events_words(data_dir) -> None:
    client = event_in(data_dir, "fr")
    assert outline(client, **{"Accept-Language": "de"})["calendar_words"]["cancelled"] == "ANNULÉE"


def test_an_english_events_outline_carries_no_calendar_words(data_dir) -> None:
    client = event_in(data_dir)
    assert "calendar_words" not in outline(client)
    assert "\r\nX-WR-CALNAME:MiniCon 2026: my schedule\r\n" in unfolded(client, "/my.ics?s=k9x8y7")
