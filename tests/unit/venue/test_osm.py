"""An OpenStreetMap indoor map (tests/fixtures/osm/campus.*, a small venue mapped by hand with
the Simple Indoor Tagging schema) imported as the organizer's venue document."""

import json
from pathlib import Path

import pytest

from webapp.venue.osm import SCALE, OsmError, import_osm
from webapp.venue.osm_levels import levels

FIXTURES = Path(__file__).parents[2] / "fixtures" / "osm"
OSM = (FIXTURES / "campus.osm").read_bytes()
GEOJSON = (FIXTURES / "campus.geojson").read_bytes()
ROOMS = {
    "aud": "K.0.101",
    "jupiter": "K.0.102 (Jupiter)",
    "seminar": "SEMINAR-room",
    "k104": "k 0 104",
    "k1101": "K.1.101",
    "library": "Library",
    "cornil": "H.0.1 (Cornil)",
    "janson": "Janson",
}


def floor(doc: dict, fid: str) -> dict:
    return next(f for f in doc["floors"] if f["id"] == fid)


def test_each_building_and_level_is_a_plan_floor_in_metres() -> None:
    doc = import_osm(OSM, ROOMS).doc
    assert [b["id"] for b in doc["buildings"]] == ["H", "K"]
    assert [(f["id"], f["building"], f["level"], f["name"]) for f in doc["floors"]] == [
        ("H-0", "H", 0, "Building H, level 0"),
        ("K-0", "K", 0, "Building K, level 0"),
        ("K-1", "K", 1, "Building K, First floor"),  # named by its indoor=level outline
    ]
    k0 = floor(doc, "K-0")
    assert k0["scale"] == SCALE
    # Building K is 60 m x 30 m, drawn with 2 m around it.
    assert (k0["width"], k0["height"]) == pytest.approx((640, 340), abs=1.5)
    aud = next(r for r in doc["rooms"] if r["id"] == "aud")
    xs = [p[0] for p in aud["shape"]["polygon"]]
    ys = [p[1] for p in aud["shape"]["polygon"]]
    # The auditorium is mapped 25 m x 12 m.
    assert (max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx((25 * SCALE, 12 * SCALE), abs=0.5)
    assert (aud["floor"], aud["building"], aud["level"]) == ("K-0", "K", 0)


def test_rooms_match_the_schedule_by_ref_or_name_whatever_the_case_and_punctuation() -> None:
    report = import_osm(OSM, ROOMS).report
    matched = {m["room"]: (m["osm"], m["by"], m["floor"]) for m in report["matched"]}
    assert matched == {
        "aud": ("way/110", "ref", "K-0"),
        "jupiter": ("way/111", "ref", "K-0"),  # "K.0.102 (Jupiter)" is ref K.0.102
        "seminar": ("way/114", "name", "K-0"),
        "k104": ("way/115", "ref", "K-0"),
        "k1101": ("way/121", "ref", "K-1"),
        "library": ("way/122", "name", "K-1"),
        "cornil": ("way/130", "ref", "H-0"),
    }
    assert report["unmatched_schedule"] == [{"room": "janson", "name": "Janson"}]
    assert [(r["osm"], r["label"]) for r in report["unmatched_osm"]] == [
        ("way/123", "Toilets"),
        ("way/131", "H.0.2"),
    ]


def test_mapped_rooms_the_schedule_does_not_use_are_drawn_as_named_areas() -> None:
    doc = import_osm(OSM, ROOMS).doc
    assert [a["name"] for a in floor(doc, "H-0")["areas"]] == ["H.0.2"]
    assert "Corridor" in [a["name"] for a in floor(doc, "K-0")["areas"]]


def test_a_room_on_levels_0_and_1_is_placed_on_0_and_drawn_on_both() -> None:
    result = import_osm(OSM, ROOMS)
    assert "K.0.101" in [a["name"] for a in floor(result.doc, "K-1")["areas"]]
    assert any("spans levels 0;1" in n for n in result.report["notes"])


def test_stairs_and_a_lift_spanning_levels_are_one_connector_on_each_floor() -> None:
    doc = import_osm(OSM, ROOMS).doc
    for fid in ("K-0", "K-1"):
        found = {(c["id"], c["kind"], c["name"]) for c in floor(doc, fid)["connectors"]}
        assert found == {("stairs-1", "stairs", "Stairs A"), ("lift-1", "lift", "L1")}
    assert floor(doc, "K-0")["connectors"][0]["at"] == floor(doc, "K-1")["connectors"][0]["at"]
    assert floor(doc, "H-0")["connectors"] == []


def test_stairs_mapped_once_per_level_in_one_place_are_one_stairwell() -> None:
    def steps(wid: int, level: str) -> str:
        return (
            f"<way id='{wid}'><nd ref='1'/><nd ref='2'/><nd ref='3'/><nd ref='4'/><nd ref='1'/>"
            f"<tag k='indoor' v='room'/><tag k='stairs' v='yes'/><tag k='level' v='{level}'/></way>"
        )

    nodes = "".join(
        f"<node id='{i}' lat='{50 + dy * 1e-5}' lon='{4 + dx * 1e-5}'/>"
        for i, (dx, dy) in enumerate([(0, 0), (1, 0), (1, 1), (0, 1)], start=1)
    )
    outline = (
        "<way id='20'><nd ref='1'/><nd ref='2'/><nd ref='3'/><nd ref='1'/>"
        "<tag k='indoor' v='level'/><tag k='level' v='0-2'/></way>"
    )
    xml = (
        f"<osm version='0.6'>{nodes}{steps(10, '0')}{steps(11, '1')}{steps(12, '2')}{outline}</osm>".encode()
    )
    doc = import_osm(xml, {}).doc
    assert [[c["id"] for c in f["connectors"]] for f in doc["floors"]] == [["stairs-1"]] * 3


def test_an_entrance_per_building_on_its_ground_floor() -> None:
    doc = import_osm(OSM, ROOMS).doc
    assert [e["name"] for e in floor(doc, "K-0")["entrances"]] == ["Building K main entrance"]
    assert [e["name"] for e in floor(doc, "H-0")["entrances"]] == ["Courtyard door"]
    assert floor(doc, "K-1")["entrances"] == []


def test_a_geojson_export_gives_the_same_plan_as_the_osm_file() -> None:
    assert import_osm(GEOJSON, ROOMS).doc == import_osm(OSM, ROOMS).doc


def test_overpass_turbos_flat_properties_read_as_osmtogeojsons_nested_tags() -> None:
    doc = json.loads(GEOJSON)
    for f in doc["features"]:
        p = f["properties"]
        f["properties"] = {"@id": f.pop("id"), **p["tags"]}
    flat = json.dumps(doc).encode()
    assert import_osm(flat, ROOMS).doc == import_osm(GEOJSON, ROOMS).doc


def test_a_room_drawn_as_a_multipolygon_of_two_ways_is_imported() -> None:
    nodes = "".join(
        f"<node id='{i}' lat='{50 + y * 1e-4}' lon='{4 + x * 1e-4}'/>"
        for i, (x, y) in enumerate([(0, 0), (1, 0), (1, 1), (0, 1)], start=1)
    )
    xml = (
        f"<osm version='0.6'>{nodes}<way id='1'><nd ref='1'/><nd ref='2'/><nd ref='3'/></way>"
        "<way id='2'><nd ref='1'/><nd ref='4'/><nd ref='3'/></way>"
        "<relation id='5'><member type='way' ref='1' role='outer'/><member type='way' ref='2' role='outer'/>"
        "<tag k='type' v='multipolygon'/><tag k='indoor' v='room'/><tag k='ref' v='A1'/></relation></osm>"
    ).encode()
    result = import_osm(xml, {"a1": "A1"})
    assert result.report["matched"][0]["osm"] == "relation/5"
    assert len(result.doc["rooms"][0]["shape"]["polygon"]) == 4


def test_a_name_two_mapped_rooms_answer_to_is_left_unmatched_and_said() -> None:
    twice = OSM.replace(b"v='K.1.101'", b"v='K.0.102'")
    report = import_osm(twice, ROOMS).report
    assert "jupiter" not in [m["room"] for m in report["matched"]]
    assert any(n.startswith("K.0.102 (Jupiter): 2 mapped rooms answer to it") for n in report["notes"])


def test_what_the_organizer_wrote_that_a_map_cannot_say_is_kept() -> None:
    existing = {
        "name": "Campus",
        "notes": "Lifts at the back.",
        "floors": [],
        "rooms": [
            {"id": "aud", "floor": "old", "shape": {"rect": [0, 0, 1, 1]}, "directions": "Straight on."},
            {"id": "janson", "building": "Janson", "accessibility": "Ramp."},
        ],
    }
    doc = import_osm(OSM, ROOMS, existing).doc
    assert (doc["name"], doc["notes"]) == ("Campus", "Lifts at the back.")
    rooms = {r["id"]: r for r in doc["rooms"]}
    assert rooms["aud"]["directions"] == "Straight on." and rooms["aud"]["floor"] == "K-0"
    assert rooms["janson"] == {"id": "janson", "accessibility": "Ramp.", "building": "Janson"}


@pytest.mark.parametrize(
    ("tags", "expected"),
    [
        ({"level": "0"}, ([0.0], True)),
        ({"level": "-1"}, ([-1.0], True)),
        ({"level": "1.5"}, ([1.5], True)),
        ({"level": "0;1"}, ([0.0, 1.0], True)),
        ({"level": "1;0; 2"}, ([0.0, 1.0, 2.0], True)),
        ({"level": "-1-1"}, ([-1.0, 0.0, 1.0], True)),
        ({"level": "0", "repeat_on": "1;2"}, ([0.0, 1.0, 2.0], True)),
        ({}, ([0.0], False)),
        ({"level": "ground"}, ([0.0], False)),
    ],
)
def test_level_values(tags: dict, expected: tuple) -> None:
    assert levels(tags) == expected


def test_a_mezzanine_is_a_floor_of_its_own_without_a_storey_number() -> None:
    doc = import_osm(OSM.replace(b"k='level' v='1'", b"k='level' v='1.5'"), ROOMS).doc
    mezzanine = floor(doc, "K-1_5")
    assert "level" not in mezzanine and mezzanine["name"] == "Building K, First floor"


def _nodes(n: int) -> bytes:
    body = "".join(f"<node id='{i}' lat='50' lon='4'/>" for i in range(n))
    return (
        f"<osm version='0.6'>{body}<way id='1'><nd ref='0'/><tag k='indoor' v='room'/></way></osm>".encode()
    )


@pytest.mark.parametrize(
    ("data", "sentence"),
    [
        (_nodes(20_001), "more than 20,000 nodes"),
        (OSM.replace(b"k='indoor'", b"k='outdoor'"), "no indoor tags"),
        (
            b"<?xml version='1.0'?><!DOCTYPE osm [<!ENTITY a 'aaaaaaaaaa'><!ENTITY b '&a;&a;&a;&a;'>]>"
            b"<osm><node id='1' lat='1' lon='1'><tag k='indoor' v='&b;'/></node></osm>",
            "declares a DTD or entities",
        ),
        (b"<!DOCTYPE osm SYSTEM 'http://127.0.0.1:9/osm.dtd'><osm/>", "declares a DTD"),
        (OSM[: len(OSM) // 2], "not well-formed XML"),
        (b"<gpx version='1.1'><trk/></gpx>", "root element is <gpx>, not <osm>"),
        (b'{"type": "Feature", "properties": {}, "geometry": null}', 'expected a "FeatureCollection"'),
        (b"[1, 2]", 'expected a "FeatureCollection"'),
        (b'{"type": "FeatureCollection", "features": [', "not readable GeoJSON"),
        (b"PK\x03\x04", "not an OpenStreetMap export"),
    ],
    ids=[
        "city",
        "no-indoor",
        "entities",
        "dtd",
        "truncated",
        "gpx",
        "feature",
        "array",
        "broken-json",
        "zip",
    ],
)
def test_refused_with_one_sentence(data: bytes, sentence: str) -> None:
    with pytest.raises(OsmError, match=sentence):
        import_osm(data, ROOMS)


def test_an_export_with_thousands_of_indoor_features_is_refused() -> None:
    features = [
        {
            "type": "Feature",
            "properties": {"indoor": "room", "ref": str(i)},
            "geometry": {"type": "Point", "coordinates": [4, 50]},
        }
        for i in range(2_001)
    ]
    data = json.dumps({"type": "FeatureCollection", "features": features}).encode()
    with pytest.raises(OsmError, match="2,001 indoor features: more than a venue's 2,000"):
        import_osm(data, ROOMS)


def test_a_building_without_a_ref_takes_the_id_its_rooms_names_give() -> None:
    no_refs = OSM.replace(b"<tag k='ref' v='K' />", b"").replace(b"<tag k='ref' v='H' />", b"")
    assert no_refs != OSM
    doc = import_osm(no_refs, ROOMS).doc
    # K's matched rooms are named K.0.101, K.1.101... (the name rule's building K); H's one
    # matched room is "H.0.1 (Cornil)".
    assert [(b["id"], b["name"]) for b in doc["buildings"]] == [("H", "Building H"), ("K", "Building K")]
    nowhere = import_osm(no_refs, {"other": "Janson"}).doc
    assert [b["id"] for b in nowhere["buildings"]] == ["Building-H", "Building-K"]


def test_a_building_the_map_lacks_stays_when_the_kept_walking_table_names_it() -> None:
    from webapp.venue.plan import build_venue

    existing = {
        "floors": [],
        "buildings": [{"id": "Janson", "name": "Janson hall", "note": "Across the lawn."}, {"id": "Gone"}],
        "walking": {"between": [{"from": "K", "to": "Janson", "minutes": 4}]},
    }
    doc = import_osm(OSM, ROOMS, existing).doc
    assert [b["id"] for b in doc["buildings"]] == ["H", "K", "Janson"]
    venue = build_venue(doc, ROOMS, lambda name: "")
    assert venue.walking["between"]


def test_a_city_sized_geojson_is_refused() -> None:
    ring = [[4 + i * 1e-6, 50] for i in range(20_001)]
    feature = {
        "type": "Feature",
        "properties": {"indoor": "area"},
        "geometry": {"type": "LineString", "coordinates": ring},
    }
    data = json.dumps({"type": "FeatureCollection", "features": [feature]}).encode()
    with pytest.raises(OsmError, match="more than 20,000 points"):
        import_osm(data, ROOMS)
