import json

from tests.unit.venue.plans import drawing
from tests.unit.venue.test_plan import PLAN, VENUE
from webapp.venue.images import reencode
from webapp.venue.store import keep_plan


def test_venue_check_summarises_a_good_plan(runner, data_dir):
    (data_dir / "venue.json").write_text(json.dumps({**VENUE, "rooms": VENUE["rooms"][:1]}))
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 0, result.output
    assert "1 floor(s), 1 of 2 rooms on the plan" in result.output
    assert "not on the plan: Side Room" in result.output


def test_venue_check_lists_every_problem_and_fails(runner, data_dir):
    doc = json.loads(json.dumps(VENUE))
    doc["rooms"][0]["id"] = "ballroom"
    doc["rooms"][1]["floor"] = "attic"
    (data_dir / "venue.json").write_text(json.dumps(doc))
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 1
    assert "rooms[0] (ballroom): not a room of the schedule" in result.output
    assert "unknown floor 'attic'" in result.output


def test_venue_check_warns_about_what_it_dropped_from_an_svg_plan(runner, data_dir):
    (data_dir / "venue").mkdir()
    (data_dir / "venue" / "plan.svg").write_text(PLAN.replace("<text", "<script>x</script><text"))
    floor = {"id": "f", "name": "F", "svg": "plan.svg"}
    (data_dir / "venue.json").write_text(json.dumps({"floors": [floor]}))
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 0, result.output
    assert "warning: venue/plan.svg: line 4: dropped <script>" in result.output
    assert "2 of 2 rooms on the plan" in result.output


def test_venue_check_refuses_a_floor_image_the_server_did_not_write(runner, data_dir):
    (data_dir / "venue").mkdir()
    (data_dir / "venue" / "k3.png").write_bytes(drawing())  # dropped in by hand, never re-encoded
    floor = {"id": "f", "name": "F", "image": "k3.png", "width": 640, "height": 400}
    (data_dir / "venue.json").write_text(json.dumps({"floors": [floor]}))
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 1
    assert "floors[0]: venue/k3.png: not a plan the server wrote" in result.output


def test_venue_check_takes_a_floor_drawn_on_an_uploaded_plan_at_its_pixels(runner, data_dir):
    plan = reencode(drawing(640, 400), "image/png")
    keep_plan(data_dir, plan.name, plan.body)
    floor = {"id": "f", "name": "F", "image": plan.name}
    rooms = [{"id": "main", "floor": "f", "shape": {"rect": [10, 10, 600, 300]}}]
    (data_dir / "venue.json").write_text(json.dumps({"floors": [floor], "rooms": rooms}))
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 0, result.output
    assert "1 of 2 rooms on the plan" in result.output
    (data_dir / "venue.json").write_text(json.dumps({"floors": [{**floor, "width": 100, "height": 50}]}))
    result = runner.invoke(args=["venue", "check"])
    assert result.exit_code == 1
    assert "width and height must be the image's pixels (640 x 400)" in result.output
