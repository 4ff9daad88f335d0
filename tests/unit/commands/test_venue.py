import json

from tests.unit.venue.test_plan import PLAN, VENUE


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
