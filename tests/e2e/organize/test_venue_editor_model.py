"""The venue editor's model (static/js/features/venue-editor/draft.js), run in Chromium from
the files on disk (no server): placing rooms as pins and rectangles, marks and the connector
ids shared by a building's floors, the scale from two points, moves kept inside the plan, an
upload's answer taking the place of the image kept on the phone, and what differs between
two organizers' venues."""

from __future__ import annotations

import pytest

IMPORT = """async () => import(document.body.dataset.assets + "js/features/venue-editor/draft.js")"""

VENUE = {
    "name": "Campus",
    "floors": [
        {
            "id": "k1",
            "name": "K level 1",
            "building": "K",
            "level": 1,
            "width": 800,
            "height": 600,
            "connectors": [
                {"id": "stairs-a", "kind": "stairs", "name": "Stairs A", "at": [10, 10]},
                {"id": "lift-1", "kind": "lift", "name": "Lift 1", "at": [20, 20]},
            ],
        },
        {
            "id": "k2",
            "name": "K level 2",
            "building": "K",
            "level": 2,
            "width": 800,
            "height": 600,
            "connectors": [{"id": "stairs-b", "kind": "stairs", "name": "Stairs B", "at": [30, 30]}],
        },
        {
            "id": "u1",
            "name": "U level 1",
            "building": "U",
            "level": 1,
            "width": 800,
            "height": 600,
            "connectors": [{"id": "stairs-u", "kind": "stairs", "name": "Stairs U", "at": [5, 5]}],
        },
    ],
    "rooms": [{"id": "k201", "directions": "Up the stairs"}],
}
ROOMS = [
    {"id": "k201", "name": "K.2.201"},
    {"id": "k202", "name": "K.2.202"},
    {"id": "u101", "name": "U.1.101"},
]


@pytest.fixture
def js(app_modules):
    def run(body: str, arg=None):
        return app_modules.evaluate(f"async (arg) => {{ const m = await ({IMPORT})(); {body} }}", arg)

    return run


def test_rooms_are_placed_as_pins_or_rectangles_and_leave_the_unplaced_list(js) -> None:
    got = js(
        """let doc = m.normalise(arg.venue);
        const before = m.unplaced(doc, arg.rooms).map((r) => r.id);
        doc = m.placeRoom(doc, "k2", "k201", {at: [100.04, 200.06]});
        doc = m.placeRoom(doc, "k2", "k202", {rect: [10, 20, 30, 40]});
        const after = m.unplaced(doc, arg.rooms).map((r) => r.id);
        const listed = m.itemsOn(doc, "k2").filter((i) => i.kind === "room").map((i) => [i.ref.id, i.at,
          i.rect]);
        const removed = m.remove(m.remove(doc, {type: "room", floor: "k2", id: "k201"}), {type: "room",
          floor: "k2", id: "k202"});
        return {before, after, listed, k201: doc.rooms.find((r) => r.id === "k201"),
          removed: removed.rooms};""",
        {"venue": VENUE, "rooms": ROOMS},
    )
    assert got["before"] == ["k201", "k202", "u101"]
    assert got["after"] == ["u101"]
    assert got["listed"] == [["k201", [100, 200.1], None], ["k202", [25, 40], [10, 20, 30, 40]]]
    # The organizer's notes on a room stay when it is placed, and when it leaves the plan.
    assert got["k201"] == {"id": "k201", "directions": "Up the stairs", "floor": "k2", "at": [100, 200.1]}
    assert got["removed"] == [{"id": "k201", "directions": "Up the stairs"}]


def test_connector_ids_offered_are_those_of_the_other_floors_of_the_same_building(js) -> None:
    got = js(
        """const doc = m.normalise(arg);
        return {
          stairs: m.connectorsElsewhere(doc, "k2", "stairs"),
          lifts: m.connectorsElsewhere(doc, "k2", "lift"),
          u: m.connectorsElsewhere(doc, "u1", "stairs"),
        };""",
        VENUE,
    )
    assert got["stairs"] == [{"id": "stairs-a", "name": "Stairs A"}]  # not U's, not k2's own
    assert got["lifts"] == [{"id": "lift-1", "name": "Lift 1"}]
    assert got["u"] == []


def test_a_mark_joins_another_floor_by_taking_its_id(js) -> None:
    got = js(
        """let {doc, id} = m.addMark(m.normalise(arg), "k2", "stairs", [400, 300]);
        const fresh = m.find(doc, {type: "connector", floor: "k2", id});
        ({doc} = m.editMark(doc, {type: "connector", floor: "k2", id}, {id: "stairs-a", name: "Stairs A"}));
        const taken = m.editMark(doc, {type: "connector", floor: "k2", id: "stairs-a"}, {id: "stairs-b"});
        return {fresh, joined: m.floorOf(doc, "k2").connectors, taken: m.floorOf(taken.doc,
          "k2").connectors.map((c) => c.id)};""",
        VENUE,
    )
    assert got["fresh"]["kind"] == "stairs" and got["fresh"]["id"] != "stairs-b"
    assert got["joined"][-1] == {"id": "stairs-a", "kind": "stairs", "name": "Stairs A", "at": [400, 300]}
    assert got["taken"] == ["stairs-b", "stairs-a"]  # an id already on this floor is not taken twice


@pytest.mark.parametrize(
    ("a", "b", "metres", "scale"),
    [
        ([0, 0], [250, 0], 20, 12.5),
        ([10, 10], [40, 50], 5, 10),
        ([0, 0], [0, 0], 5, None),
        ([0, 0], [9, 0], 0, None),
    ],
)
def test_scale_is_plan_units_per_metre_between_two_points(js, a, b, metres, scale) -> None:
    got = js(
        """const doc = m.setScale(m.normalise(arg.v), 'k1', arg.a, arg.b, arg.metres);
        return m.floorOf(doc, 'k1').scale ?? null;""",
        {"v": VENUE, "a": a, "b": b, "metres": metres},
    )
    assert got == scale


def test_moves_stay_inside_the_plan(js) -> None:
    got = js(
        """let doc = m.placeRoom(m.normalise(arg), "k1", "k201", {rect: [700, 500, 80, 80]});
        doc = m.placeRoom(doc, "k1", "k202", {at: [5, 5]});
        doc = m.moveBy(doc, {type: "room", floor: "k1", id: "k201"}, 500, 500);
        doc = m.moveBy(doc, {type: "room", floor: "k1", id: "k202"}, -50, 7);
        doc = m.moveBy(doc, {type: "connector", floor: "k1", id: "lift-1"}, 3.33, -4);
        return [doc.rooms.find((r) => r.id === "k201").shape.rect,
          doc.rooms.find((r) => r.id === "k202").at, m.floorOf(doc, "k1").connectors[1].at];""",
        VENUE,
    )
    assert got == [[720, 520, 80, 80], [0, 12], [23.3, 16]]


def test_an_uploaded_plan_replaces_the_one_kept_on_the_phone_and_keeps_places_on_a_smaller_image(js) -> None:
    got = js(
        """let doc = m.setPlan(m.normalise(arg), "k1", {image: m.PENDING + "abc", width: 4000,
          height: 3000, keep: true});
        doc = m.placeRoom(doc, "k1", "k201", {at: [2000, 1500]});
        doc = m.placeRoom(doc, "k1", "k202", {rect: [400, 300, 800, 600]});
        const pending = m.pendingKeys(doc);
        const after = m.uploaded(doc, "abc", {image: "plan-0123456789abcdef.webp", width: 2000,
          height: 1500});
        const f = m.floorOf(after, "k1");
        return {pending, left: m.pendingKeys(after), image: [f.image, f.width, f.height],
                pin: after.rooms.find((r) => r.id === "k201").at,
                  rect: after.rooms.find((r) => r.id === "k202").shape.rect,
                stairs: f.connectors[0].at};""",
        VENUE,
    )
    assert got["pending"] == ["abc"]
    assert got["left"] == []
    assert got["image"] == ["plan-0123456789abcdef.webp", 2000, 1500]
    assert got["pin"] == [1000, 750]
    assert got["rect"] == [200, 150, 400, 300]
    # The stairs were placed on the 800 x 600 floor before it had a plan: 5 times it, then half.
    assert got["stairs"] == [25, 25]


def test_the_server_gets_no_svg_viewbox_the_editor_noted(js) -> None:
    got = js(
        """const doc = m.withBoxes({floors: [{id: "a", name: "A", svg: "a.svg"}], rooms: []},
          {floors: [{id: "a", viewBox: [0, 0, 50, 40]}]});
        return [m.box(m.floorOf(doc, "a")), m.forServer(doc).floors[0]];""",
    )
    assert got == [[0, 0, 50, 40], {"id": "a", "name": "A", "svg": "a.svg"}]


def test_differences_name_each_room_and_floor_placed_otherwise(js) -> None:
    got = js(
        """const mine = m.placeRoom(m.normalise(arg), "k1", "k201", {at: [1, 2]});
        const theirs = m.addFloor(m.placeRoom(m.normalise(arg), "k2", "k202", {at: [3, 4]}),
          {name: "Roof"}).doc;
        return m.differences(mine, theirs);""",
        VENUE,
    )
    assert got == [
        {"what": "room", "id": "k201", "mine": {"floor": "K level 1", "at": [1, 2]}, "theirs": None},
        {"what": "room", "id": "k202", "mine": None, "theirs": {"floor": "K level 2", "at": [3, 4]}},
        {"what": "floor", "id": "roof", "mine": None, "theirs": "Roof"},
    ]
