"""Buildings and floors: read from room names with no venue file, and corrected by the file."""

import json
from pathlib import Path

import jsonschema
import pytest

from webapp.venue.names import Place, place
from webapp.venue.plan import VenueError, build_venue, no_plan

SCHEMA = json.loads((Path(__file__).parents[3] / "webapp/schemas/venue.schema.json").read_text())
FOSDEM = {
    "janson": "Janson",
    "k3201": "K.3.201",
    "k1105": "K.1.105 (La Fontaine)",
    "h1301": "H.1301 (Cornil)",
    "ud2120": "UD2.120 (Chavanne)",
    "aw1120": "AW1.120",
    "k4401": "K.4.401",
}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("K.3.201", Place("K", 3)),
        ("K.-1.05", Place("K", -1)),
        ("UD2.120", Place("UD", 2)),
        ("UB2.252A (Lameere)", Place("UB", 2)),
        ("H.1301 (Cornil)", Place("H", 1)),
        ("H.2215 (Ferrer)", Place("H", 2)),
        ("AW1.120", Place("AW", 1)),
        ("J.12", Place("J", None)),
        ("Hall 7 | Room B", Place("Hall 7", None)),
        ("Building A / Auditorium", Place("Building A", None)),
        ("Janson", Place(None, None)),
        ("Room 1.23", Place(None, None)),
        ("Master Stage", Place(None, None)),
        ("Stage A", Place(None, None)),
        ("Online", Place(None, None)),
        ("", Place(None, None)),
    ],
)
def test_a_room_name_says_its_building_and_floor_by_the_documented_rule(name, expected):
    assert place(name) == expected


def test_with_no_venue_file_rooms_are_grouped_by_building_then_floor_in_schedule_order():
    doc = no_plan(FOSDEM).doc
    jsonschema.validate(doc, SCHEMA)
    assert [(b["id"], [lv["level"] for lv in b["levels"]]) for b in doc["buildings"]] == [
        ("K", [1, 3, 4]),
        ("H", [1]),
        ("UD", [2]),
        ("AW", [1]),
    ]
    rooms = {r["id"]: (r["building"], r["level"]) for r in doc["rooms"]}
    assert rooms["janson"] == (None, None)
    assert rooms["k1105"] == ("K", 1)
    assert doc["buildings"][0] == {
        "id": "K",
        "name": "K",
        "note": None,
        "levels": doc["buildings"][0]["levels"],
    }


def test_the_file_names_buildings_and_corrects_the_rule_for_rooms_on_no_plan():
    doc = {
        "buildings": [
            {"id": "J", "name": "Janson", "note": "The big hall."},
            {"id": "K", "name": "Building K"},
        ],
        "floors": [
            {"id": "k3", "name": "K, third floor", "building": "K", "level": 3, "width": 100, "height": 50}
        ],
        "rooms": [
            {"id": "janson", "building": "J", "level": 0},
            {"id": "k3201", "floor": "k3", "at": [10, 10]},
            {"id": "aw1120", "level": 2},
        ],
    }
    out = build_venue(doc, FOSDEM, lambda name: "").doc
    jsonschema.validate(out, SCHEMA)
    assert [b["id"] for b in out["buildings"]] == ["J", "K", "H", "UD", "AW"]
    assert out["buildings"][0]["name"] == "Janson"
    assert out["buildings"][1]["levels"] == [
        {"level": 1, "floor": None},
        {"level": 3, "floor": "k3"},
        {"level": 4, "floor": None},
    ]
    rooms = {r["id"]: r for r in out["rooms"]}
    assert (rooms["janson"]["building"], rooms["janson"]["level"], rooms["janson"]["floor"]) == ("J", 0, None)
    assert (rooms["k3201"]["floor"], rooms["k3201"]["at"]) == ("k3", [10, 10])
    assert (rooms["aw1120"]["building"], rooms["aw1120"]["level"]) == ("AW", 2)


def test_a_file_with_no_plan_only_names_buildings_and_corrects_rooms():
    doc = {
        "buildings": [{"id": "J", "name": "Janson", "note": "The big hall."}],
        "rooms": [{"id": "janson", "building": "J", "level": 0}, {"id": "aw1120", "level": 2}],
    }
    out = build_venue(doc, FOSDEM, lambda name: "").doc
    jsonschema.validate(out, SCHEMA)
    assert out["floors"] == []
    assert [b["id"] for b in out["buildings"]] == ["J", "K", "H", "UD", "AW"]
    rooms = {r["id"]: (r["building"], r["level"], r["floor"]) for r in out["rooms"]}
    assert rooms["janson"] == ("J", 0, None)
    assert rooms["aw1120"] == ("AW", 2, None)


@pytest.mark.parametrize("doc", [{}, {"floors": []}, {"buildings": [], "rooms": []}, {"floors": "ground"}])
def test_a_file_that_says_nothing_is_refused(doc):
    with pytest.raises(VenueError, match="non-empty list"):
        build_venue(doc, FOSDEM, lambda name: "")


def test_a_floor_with_an_image_scale_and_stairs_is_described_for_the_phone():
    doc = {
        "floors": [
            {
                "id": "g",
                "name": "Ground",
                "building": "K",
                "level": 0,
                "image": "plan-ab12.png",
                "width": 800,
                "height": 600,
                "scale": 10,
                "connectors": [{"id": "s1", "kind": "stairs", "name": "Stairs A", "at": [100, 100]}],
                "entrances": [{"id": "e", "name": "Main door", "at": [400, 600]}],
            }
        ],
        "rooms": [{"id": "k3201", "floor": "g", "shape": {"rect": [0, 0, 200, 100]}}],
    }
    out = build_venue(doc, FOSDEM, lambda name: "").doc
    jsonschema.validate(out, SCHEMA)
    floor = out["floors"][0]
    assert (floor["image"], floor["scale"], floor["building"], floor["level"]) == (
        "/venue/plan-ab12.png",
        10,
        "K",
        0,
    )
    assert floor["connectors"] == [{"id": "s1", "kind": "stairs", "name": "Stairs A", "at": [100, 100]}]
    assert out["entrances"][0]["at"] == [400, 600]
    # The shape's centre is where the room is, for walking times.
    assert next(r for r in out["rooms"] if r["id"] == "k3201")["at"] == [100, 50]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"buildings": [{"id": " K"}]}, "buildings[0]: needs an id"),
        ({"buildings": [{"id": "K"}, {"id": "K"}]}, "duplicate building id 'K'"),
        ({"buildings": [{"id": "K", "colour": "red"}]}, "unknown key 'colour'"),
        ({"rooms": [{"id": "janson", "level": "first"}]}, "level must be a whole number"),
        ({"rooms": [{"id": "janson", "building": ""}]}, "building must be a building id"),
        ({"rooms": [{"id": "k3201", "floor": "g", "at": [900, 10]}]}, "at must be [x, y] inside"),
        (
            {"floors": [{"id": "g", "name": "G", "width": 10, "height": 10, "scale": 0}]},
            "scale must be a positive",
        ),
        (
            {"floors": [{"id": "g", "name": "G", "width": 10, "height": 10, "image": "../x.png"}]},
            "image must be",
        ),
        (
            {"floors": [{"id": "g", "name": "G", "width": 10, "height": 10, "image": "x.gif"}]},
            "image must be",
        ),
        (
            {
                "floors": [
                    {
                        "id": "g",
                        "name": "G",
                        "width": 9,
                        "height": 9,
                        "connectors": [{"id": "s", "kind": "ramp"}],
                    }
                ]
            },
            'kind ("stairs" or "lift")',
        ),
        ({"walking": {"speed": 40}}, "walking.speed"),
        ({"walking": {"between": [{"from": "K", "to": "Mars", "minutes": 3}]}}, "'Mars' is neither"),
        ({"walking": {"between": [{"from": "K", "to": "H", "minutes": -1}]}}, "minutes must be"),
        ({"walking": {"pace": 1}}, "unknown key 'pace'"),
    ],
)
def test_bad_building_floor_and_walking_entries_are_refused_saying_where(change, message):
    doc = {"floors": [{"id": "g", "name": "G", "width": 100, "height": 100}], "rooms": [], **change}
    with pytest.raises(VenueError) as info:
        build_venue(doc, FOSDEM, lambda name: "")
    assert message in str(info.value)


def test_the_walking_table_is_kept_for_the_walking_times():
    doc = {
        "floors": [{"id": "g", "name": "G", "width": 100, "height": 100}],
        "walking": {"speed": 1.1, "between": [{"from": "K", "to": "H", "minutes": 4}]},
    }
    venue = build_venue(doc, FOSDEM, lambda name: "")
    assert venue.walking == {"speed": 1.1, "between": [{"from": "K", "to": "H", "minutes": 4}]}
