"""The walking-time model (webapp/venue/walking.py) on built venue documents: a building K with
a scaled plan of two floors (stairs near the rooms, a lift far from them, a door on level 1)
and a building U known only from its rooms' names."""

import copy

import pytest

from webapp.venue.plan import VenueError, build_venue, no_plan
from webapp.venue.walking import Settings, settings_of, walk


def room(rid, building, level, floor=None, at=None):
    return {"id": rid, "name": rid, "floor": floor, "building": building, "level": level, "at": at}


# 10 plan units a metre. K.1.a and K.2.a stand one above the other; K.1.b is 60 m along.
DOC = {
    "buildings": [{"id": "K", "name": "K"}, {"id": "U", "name": "U"}],
    "floors": [
        {
            "id": "k1",
            "building": "K",
            "level": 1,
            "scale": 10,
            "connectors": [
                {"id": "stairs", "kind": "stairs", "name": "Stairs", "at": [50, 0]},
                {"id": "lift", "kind": "lift", "name": "Lift", "at": [600, 0]},
            ],
        },
        {
            "id": "k2",
            "building": "K",
            "level": 2,
            "scale": 10,
            "connectors": [
                {"id": "stairs", "kind": "stairs", "name": "Stairs", "at": [50, 0]},
                {"id": "lift", "kind": "lift", "name": "Lift", "at": [600, 0]},
            ],
        },
    ],
    "entrances": [{"id": "door", "name": "Door", "floor": "k1", "at": [0, 120], "note": None}],
    "rooms": [
        room("K.1.a", "K", 1, "k1", [0, 0]),
        room("K.1.b", "K", 1, "k1", [600, 0]),
        room("K.2.a", "K", 2, "k2", [0, 0]),
        room("U1.1", "U", 1),
        room("U1.2", "U", 1),
        room("U3.1", "U", 3),
    ],
}


def minutes(result, a, b, matrix="minutes"):
    i, j = result["rooms"].index(a), result["rooms"].index(b)
    return (result[matrix] or result["minutes"])[i][j]


def test_a_room_is_no_walk_from_itself_and_every_walk_takes_the_same_time_both_ways():
    result = walk(DOC)
    for matrix in (result["minutes"], result["step_free"]):
        n = len(matrix)
        assert all(matrix[i][i] == 0 for i in range(n))
        assert all(matrix[i][j] == matrix[j][i] >= 1 for i in range(n) for j in range(n) if i != j)


def test_along_one_floor_the_straight_line_with_its_detour_at_walking_speed_rounded_up():
    # 60 m x 1.3 / 1.2 m/s = 65 s: 2 minutes, never 1
    assert minutes(walk(DOC), "K.1.a", "K.1.b") == 2
    # at 0.6 m/s, 130 s: 3 minutes
    assert minutes(walk(DOC, Settings(speed=0.6)), "K.1.a", "K.1.b") == 3


def test_a_floor_change_takes_the_near_stairs_and_step_free_the_far_lift():
    result = walk(DOC)
    # stairs: 5 m there and back (10.8 s) + 20 s a storey -> 1 minute
    assert minutes(result, "K.1.a", "K.2.a") == 1
    # lift: 60 m there and back (130 s) + 60 s waiting + 10 s a storey -> 4 minutes
    assert minutes(result, "K.1.a", "K.2.a", "step_free") == 4
    # along one floor there are no stairs to avoid
    assert minutes(result, "K.1.a", "K.1.b", "step_free") == 2


def test_with_the_lift_nearest_both_matrices_take_it_and_step_free_is_left_out():
    doc = copy.deepcopy(DOC)
    for f in doc["floors"]:
        f["connectors"] = [c for c in f["connectors"] if c["kind"] == "lift"]
    doc["rooms"] = [r for r in doc["rooms"] if r["building"] == "K"]
    result = walk(doc)
    assert result["step_free"] is None  # the same as minutes: not sent twice
    assert minutes(result, "K.1.a", "K.2.a") == 4


def test_names_only_estimates_by_floor_level_and_building():
    result = walk(DOC)
    assert minutes(result, "U1.1", "U1.2") == 2  # one floor: 120 s
    assert minutes(result, "U1.1", "U3.1") == 3  # + two storeys by stairs: 160 s
    assert minutes(result, "U1.1", "U3.1", "step_free") == 4  # by lift: 120 + 60 + 20 s
    # K.1.a to its door on the plan (12 m: 13 s), 180 s outside, 60 s from U's door to U1.1
    # and a storey (20 s): 273 s
    assert minutes(result, "K.1.a", "U1.1") == 5


def test_a_venue_known_by_names_alone_is_not_from_a_plan():
    doc = {"floors": [], "entrances": [], "rooms": [r for r in DOC["rooms"] if r["building"] == "U"]}
    result = walk(doc)
    assert result["from_plan"] is False
    assert walk(DOC)["from_plan"] is True


def test_a_plan_without_a_scale_gives_estimates():
    doc = copy.deepcopy(DOC)
    for f in doc["floors"]:
        f["scale"] = None
    assert minutes(walk(doc), "K.1.a", "K.1.b") == 2  # the one-floor estimate, not a distance
    assert walk(doc)["from_plan"] is False


def test_the_organizers_table_wins_room_to_room_and_sets_the_way_between_buildings():
    settings = Settings(between={frozenset(("K.1.a", "K.1.b")): 7, frozenset(("K", "U")): 10})
    result = walk(DOC, settings)
    assert minutes(result, "K.1.b", "K.1.a") == 7
    assert minutes(result, "K.1.b", "K.1.a", "step_free") == 7
    # 13 s to K's door + 10 min outside + 80 s from U's door to U1.1: 693 s
    assert minutes(result, "K.1.a", "U1.1") == 12
    assert minutes(result, "U1.1", "U1.2") == 2  # inside U, the table says nothing


def test_a_room_to_another_building_in_the_table_is_the_whole_walk():
    result = walk(DOC, Settings(between={frozenset(("K.2.a", "U")): 3}))
    assert minutes(result, "U3.1", "K.2.a") == 3
    assert minutes(result, "U3.1", "K.1.a") == 6  # the default way for the others


def test_one_room_has_nowhere_to_walk():
    assert walk({"floors": [], "rooms": [room("only", None, None)]}) is None


def test_rooms_with_no_building_are_taken_as_one_place():
    doc = {"floors": [], "rooms": [room("Room 101", None, None), room("Room 102", None, None)]}
    assert walk(doc)["minutes"] == [[0, 2], [2, 0]]


def test_the_checked_walking_section_becomes_the_models_settings():
    checked = {"speed": 1.0, "between": [{"from": "K", "to": "U", "minutes": 4}]}
    assert settings_of(checked) == Settings(1.0, {frozenset(("U", "K")): 4.0})
    assert settings_of({"speed": None, "between": []}) == Settings()


# Through the organizer's file: plan.py reads the walking section and serves the table.
ROOMS = {"main": "Main Room", "side": "Side Room"}
FILE = {
    "floors": [{"id": "ground", "name": "Ground floor", "width": 100, "height": 50}],
    "rooms": [
        {"id": "main", "floor": "ground", "shape": {"rect": [0, 0, 60, 40]}},
        {"id": "side", "floor": "ground", "shape": {"rect": [60, 0, 40, 40]}},
    ],
}


def no_svg(name: str) -> str:
    raise AssertionError("no svg expected")


def test_the_venue_document_carries_the_organizers_minutes():
    doc = {**FILE, "walking": {"between": [{"from": "main", "to": "side", "minutes": 3}]}}
    served = build_venue(doc, ROOMS, no_svg).doc["walk"]
    expected = {"rooms": ["main", "side"], "minutes": [[0, 3], [3, 0]], "step_free": None, "from_plan": False}
    assert served == expected


def test_a_wrong_walking_section_is_refused_by_venue_check_with_the_other_problems():
    doc = {**FILE, "walking": {"speed": 12, "between": [{"from": "main", "to": "hall", "minutes": 3}]}}
    with pytest.raises(VenueError) as caught:
        build_venue(doc, ROOMS, no_svg)
    assert "walking.speed" in str(caught.value) and "'hall' is neither a building nor a room" in str(
        caught.value
    )


def test_with_no_venue_file_the_rooms_still_have_estimates():
    assert no_plan(ROOMS).doc["walk"]["minutes"] == [[0, 2], [2, 0]]
