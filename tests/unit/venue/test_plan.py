import copy
import json
import os
from pathlib import Path

import jsonschema
import pytest

from webapp.venue.plan import VenueError, build_venue, load_venue

ROOT = Path(__file__).parents[3]
SCHEMA = json.loads((ROOT / "webapp/schemas/venue.schema.json").read_text())
ROOMS = {"main": "Main Room", "side": "Side Room"}
VENUE = {
    "name": "Hall",
    "floors": [
        {
            "id": "ground",
            "name": "Ground floor",
            "width": 100,
            "height": 50,
            "areas": [{"name": "Foyer", "shape": {"rect": [0, 40, 100, 10]}}],
            "entrances": [{"id": "door", "name": "Door", "at": [50, 50]}],
        }
    ],
    "rooms": [
        {"id": "main", "floor": "ground", "shape": {"rect": [0, 0, 60, 40]}, "directions": "Left."},
        {"id": "side", "floor": "ground", "shape": {"polygon": [[60, 0], [100, 0], [100, 40]]}},
    ],
}
PLAN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">
<rect data-room="main" x="0" y="0" width="100" height="100" fill="#eee"/>
<g id="side"><rect x="100" y="0" width="100" height="100"/></g>
<text x="5" y="95">Stairs</text></svg>"""


def no_svg(name: str) -> str:
    raise AssertionError("no svg expected")


def built(doc, svgs=None):
    return build_venue(doc, ROOMS, (svgs or {}).__getitem__ if svgs else no_svg)


def room_nodes(floor):
    found = {}

    def walk(nodes):
        for n in nodes:
            if "room" in n:
                found[n["room"]] = n
            walk(n.get("children", []))

    walk(floor["drawing"])
    return found


def test_rooms_get_their_names_from_the_schedule_and_their_shapes_from_the_venue():
    doc = built(VENUE).doc
    assert [(r["id"], r["name"], r["floor"]) for r in doc["rooms"]] == [
        ("main", "Main Room", "ground"),
        ("side", "Side Room", "ground"),
    ]
    assert doc["rooms"][0]["directions"] == "Left."
    nodes = room_nodes(doc["floors"][0])
    assert nodes["main"]["attrs"] == {"x": 0, "y": 0, "width": 60, "height": 40}
    assert nodes["main"]["label"] == [30, 20]
    assert nodes["side"]["attrs"]["points"] == "60,0 100,0 100,40"
    assert doc["floors"][0]["viewBox"] == [0, 0, 100, 50]
    assert doc["entrances"] == [
        {"id": "door", "name": "Door", "floor": "ground", "note": None, "at": [50, 50]}
    ]


def test_a_schedule_room_missing_from_the_venue_is_listed_without_a_floor():
    doc = copy.deepcopy(VENUE)
    del doc["rooms"][1]
    rooms = {r["id"]: r for r in built(doc).doc["rooms"]}
    assert rooms["side"] == {
        "id": "side",
        "name": "Side Room",
        "floor": None,
        "at": None,
        "directions": None,
        "accessibility": None,
        "building": None,
        "level": None,
    }


def _broken(path, value):
    doc = copy.deepcopy(VENUE)
    target = doc
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        (_broken(["rooms", 0, "id"], "ballroom"), "rooms[0] (ballroom): not a room of the schedule"),
        (_broken(["rooms", 0, "shape"], {"rect": [0, 0, -5, 10]}), "rooms[0] (main): shape must be"),
        (_broken(["rooms", 0, "shape"], {"polygon": [[0, 0], [1, 1]]}), "shape must be"),
        (_broken(["rooms", 0, "shape"], {"circle": [1, 2, 3]}), "shape must be"),
        (_broken(["rooms", 0, "shape"], {"rect": [50, 0, 60, 10]}), "outside the floor's plan"),
        (_broken(["rooms", 0, "floor"], "attic"), "unknown floor 'attic'"),
        (_broken(["rooms", 0, "acessibility"], "typo"), "unknown key 'acessibility'"),
        (_broken(["rooms", 1, "id"], "main"), "listed twice"),
        (_broken(["floors", 0, "width"], "wide"), "positive width and height"),
        (_broken(["floors", 0, "entrances", 0, "at"], [500, 0]), "inside the floor's plan"),
        (_broken(["floors", 0, "svg"], "../schedule.svg"), "svg must be a file name"),
        (_broken(["floors"], []), "rooms[0] (main): unknown floor 'ground'"),  # on plans not there
    ],
)
def test_bad_venue_is_refused_with_a_message_that_says_where(doc, message):
    with pytest.raises(VenueError) as info:
        built(doc)
    assert message in str(info.value)


def test_every_problem_is_reported_at_once():
    doc = _broken(["rooms", 0, "floor"], "attic")
    doc["rooms"][1]["id"] = "nowhere"
    with pytest.raises(VenueError) as info:
        built(doc)
    assert "attic" in str(info.value) and "nowhere" in str(info.value)


def test_an_svg_floor_plan_places_rooms_by_data_room_or_id():
    doc = {"floors": [{"id": "f", "name": "F", "svg": "plan.svg"}], "rooms": [{"id": "main", "floor": "f"}]}
    venue = built(doc, {"plan.svg": PLAN})
    floor = venue.doc["floors"][0]
    assert floor["viewBox"] == [0, 0, 200, 100]
    assert set(room_nodes(floor)) == {"main", "side"}
    assert {r["id"]: r["floor"] for r in venue.doc["rooms"]} == {"main": "f", "side": "f"}
    text = floor["drawing"][-1]
    assert text == {"tag": "text", "attrs": {"x": "5", "y": "95"}, "text": "Stairs"}


def test_a_room_on_an_svg_floor_without_its_shape_is_refused():
    doc = {"floors": [{"id": "f", "name": "F", "svg": "plan.svg"}], "rooms": [{"id": "main", "floor": "f"}]}
    plan = PLAN.replace('data-room="main"', "")
    with pytest.raises(VenueError, match='data-room="main"'):
        built(doc, {"plan.svg": plan})


def test_load_venue_without_a_venue_file_lists_the_rooms_with_no_plan(tmp_path):
    doc = load_venue(tmp_path, ROOMS).doc
    assert doc["floors"] == [] and [r["floor"] for r in doc["rooms"]] == [None, None]


def test_load_venue_refuses_an_svg_outside_the_venue_directory(tmp_path):
    (tmp_path / "venue").mkdir()
    (tmp_path / "venue" / "link.svg").symlink_to(tmp_path / "secret.svg")
    (tmp_path / "secret.svg").write_text(PLAN)
    doc = {"floors": [{"id": "f", "name": "F", "svg": "link.svg"}]}
    (tmp_path / "venue.json").write_text(json.dumps(doc))
    with pytest.raises(VenueError, match="outside venue/"):
        load_venue(tmp_path, ROOMS)


def test_load_venue_names_the_file_when_it_is_not_json(tmp_path):
    (tmp_path / "venue.json").write_text("{nope")
    with pytest.raises(VenueError, match="venue.json: cannot read"):
        load_venue(tmp_path, ROOMS)


def test_shipped_venue_matches_the_shipped_schedule():
    schedule = json.loads((ROOT / "data/schedule.json").read_text())
    rooms = {r["id"]: r["name"] for r in schedule["rooms"]}
    doc = load_venue(ROOT / "data", rooms).doc
    assert all(r["floor"] for r in doc["rooms"]), "every room of the shipped schedule is on the plan"
    assert all(r["directions"] and r["accessibility"] for r in doc["rooms"])


def test_venue_json_route_serves_the_plan_with_an_etag(app, client, data_dir):
    (data_dir / "venue.json").write_text(json.dumps(VENUE))
    resp = client.get("/api/v1/venue.json")
    assert resp.status_code == 200 and resp.headers["Cache-Control"] == "no-cache"
    assert [r["floor"] for r in resp.get_json()["rooms"]] == ["ground", "ground"]
    again = client.get("/api/v1/venue.json", headers={"If-None-Match": resp.headers["ETag"]})
    assert again.status_code == 304


def test_venue_json_route_keeps_the_last_good_plan_when_the_file_breaks(app, client, data_dir):
    path = data_dir / "venue.json"
    path.write_text(json.dumps(VENUE))
    good = client.get("/api/v1/venue.json").get_json()
    path.write_text(json.dumps(_broken(["rooms", 0, "id"], "ballroom")))
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    assert client.get("/api/v1/venue.json").get_json() == good


def test_venue_json_route_without_a_plan_still_lists_the_rooms(client):
    doc = client.get("/api/v1/venue.json").get_json()
    assert [r["id"] for r in doc["rooms"]] == ["main", "side"] and doc["floors"] == []


def test_service_worker_precaches_the_venue_plan_so_maps_work_offline(client):
    script = client.get("/sw.js").get_data(as_text=True)
    precache = json.loads(script.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    assert "/api/v1/venue.json" in precache


@pytest.mark.parametrize(("path", "status"), [("/map", 200), ("/room/main", 200), ("/room/ballroom", 404)])
def test_map_and_room_pages_get_the_app_shell(client, path, status):
    resp = client.get(path)
    assert resp.status_code == status and resp.mimetype == "text/html"


def test_venue_documents_match_their_schema(client, data_dir):
    svg_doc = {
        "floors": [{"id": "f", "name": "F", "svg": "plan.svg"}],
        "rooms": [{"id": "main", "floor": "f"}],
    }
    for doc in (
        built(VENUE).doc,
        built(svg_doc, {"plan.svg": PLAN}).doc,
        client.get("/api/v1/venue.json").get_json(),
    ):
        jsonschema.validate(doc, SCHEMA)
