"""The app's split of the schedule document: /api/v1/outline.json (no long texts) and
/api/v1/texts.json (descriptions and bios), built from the same published version."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from bs4 import BeautifulSoup

from webapp import create_app
from webapp.serving import columns
from webapp.web.apidoc import OPENAPI_FILE

TOKEN = "texts-organizer-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}


def validator(component: str) -> jsonschema.Draft202012Validator:
    doc = json.loads(OPENAPI_FILE.read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator({**doc, "$ref": f"#/components/schemas/{component}"})


@pytest.fixture
def app(data_dir: Path):
    return create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN})


def test_outline_is_the_schedule_document_without_descriptions_and_bios(client):
    whole = client.get("/api/v1/schedule.json").get_json()
    outline = client.get("/api/v1/outline.json").get_json()
    validator("Outline").validate(outline)
    outline = columns.expand(outline)
    for s in outline["sessions"]:
        validator("Outline/$defs/session").validate(s)
    for p in outline["speakers"]:
        validator("Outline/$defs/speaker").validate(p)
    assert all("description" not in s for s in outline["sessions"])
    assert all("bio" not in p and "bio_truncated" in p for p in outline["speakers"])
    for s in whole["sessions"]:
        del s["description"]
    for p in whole["speakers"]:
        del p["bio"]
    assert not any(
        "guid" in x for x in whole["sessions"] + whole["speakers"] + whole["rooms"]
    )  # else drop them
    zone = outline.pop("zone")
    assert zone["name"] == whole["event"]["timezone"]
    assert outline == whole  # version, store and notices included; only the zone table added


def test_the_sessions_links_come_with_the_texts_not_the_outline(data_dir):
    path = data_dir / "schedule.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    link = {"url": "https://video.example.org/s1a2b3.webm", "title": "Video recording (WebM)", "kind": "link"}
    doc["sessions"][0]["links"] = [link]
    path.write_text(json.dumps(doc), encoding="utf-8")
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    sid = client.get("/api/v1/schedule.json").get_json()["sessions"][0]["id"]
    outline, texts = client.get("/api/v1/outline.json"), client.get("/api/v1/texts.json").get_json()
    assert b"video.example.org" not in outline.data
    validator("Texts").validate(texts)
    assert texts["links"] == {sid: [link]}


def test_the_outline_leaves_out_the_sources_ids_the_app_never_reads(data_dir):
    path = data_dir / "schedule.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["rooms"][0]["guid"] = "6d3e0c4a-8f1b-4f0e-9d35-1c2b3a4d5e6f"
    doc["speakers"][0]["guid"] = "0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f"
    doc["sessions"][0].update(guid="5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d", number=17, subtitle="A sub-title")
    path.write_text(json.dumps(doc), encoding="utf-8")
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    whole = client.get("/api/v1/schedule.json").get_json()
    outline = client.get("/api/v1/outline.json")
    first = whole["sessions"][0]
    assert first["guid"] and first["number"] == 17 and first["subtitle"]  # other readers keep them
    assert b"-4a9b-" not in outline.data and b"-4f0e-" not in outline.data and b"-4c3d-" not in outline.data
    assert b"A sub-title" not in outline.data
    rows = columns.expand(outline.get_json())
    assert "number" not in rows["sessions"][0] and rows["sessions"][0]["title"] == first["title"]


def test_texts_hold_the_non_empty_descriptions_and_bios_of_the_same_version(client):
    whole = client.get("/api/v1/schedule.json").get_json()
    texts = client.get("/api/v1/texts.json").get_json()
    validator("Texts").validate(texts)
    assert (texts["version"], texts["store"]) == (whole["version"], whole["store"])
    assert texts["descriptions"] == {s["id"]: s["description"] for s in whole["sessions"] if s["description"]}
    assert texts["bios"] == {p["id"]: p["bio"] for p in whole["speakers"] if p["bio"]}
    assert texts["links"] == {s["id"]: s["links"] for s in whole["sessions"] if s.get("links")}
    assert "q4w5e6" not in texts["descriptions"]  # it has none in the fixture: not listed


def test_texts_of_a_schedule_without_any_are_empty(data_dir):
    path = data_dir / "schedule.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    for s in doc["sessions"]:
        s["description"] = []
    for p in doc["speakers"]:
        p["bio"] = None
    path.write_text(json.dumps(doc), encoding="utf-8")
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir)}).test_client()
    texts = client.get("/api/v1/texts.json").get_json()
    assert texts["descriptions"] == {} and texts["bios"] == {}
    validator("Texts").validate(texts)


@pytest.mark.parametrize("path", ["/api/v1/outline.json", "/api/v1/texts.json"])
def test_documents_answer_304_to_their_etag_and_200_to_another(client, path):
    first = client.get(path)
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get(path, headers={"If-None-Match": etag})
    assert (again.status_code, again.data) == (304, b"")
    assert client.get(path, headers={"If-None-Match": '"v0-nothing"'}).status_code == 200


def test_the_three_documents_have_distinct_etags(client):
    etags = {client.get(f"/api/v1/{name}.json").headers["ETag"] for name in ("schedule", "outline", "texts")}
    assert len(etags) == 3


def test_a_correction_moves_both_documents_to_its_version(client):
    paths = ("/api/v1/outline.json", "/api/v1/texts.json")
    etags = {p: client.get(p).headers["ETag"] for p in paths}
    store = client.get("/api/v1/texts.json").get_json()["store"]
    body = {"kind": "edit", "session": "q4w5e6", "description": ["Now with words."]}
    answer = client.post("/api/v1/corrections", json=body, headers=AUTH)
    assert answer.status_code == 201
    version = answer.get_json()["version"]
    outline, texts = (client.get(p, headers={"If-None-Match": etags[p]}) for p in paths)
    assert outline.status_code == texts.status_code == 200
    assert outline.get_json()["version"] == texts.get_json()["version"] == version
    assert texts.get_json()["descriptions"]["q4w5e6"] == ["Now with words."]
    assert texts.get_json()["store"] == outline.get_json()["store"] == store


def test_the_shell_preloads_the_outline_not_the_whole_document(client):
    # The plain shell (a page drawn by the server preloads it from js/start.js, after its paint).
    soup = BeautifulSoup(client.get("/my").data, "html.parser")
    fetched = [link["href"] for link in soup.find_all("link", rel="preload") if link.get("as") == "fetch"]
    assert fetched == ["/api/v1/outline.json"]
