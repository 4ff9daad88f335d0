"""`flask --app webapp corrections add|list|revert`."""

from __future__ import annotations

import json

import pytest

from webapp.commands.corrections import parse_args
from webapp.serving import runtime
from webapp.serving.published import published


def run(runner, *args: str):
    return runner.invoke(args=["corrections", *args])


def test_add_publishes_and_prints_the_new_version(app, runner):
    result = run(
        runner, "add", "move", "s1a2b3", "room=side", "--note", "moved to the larger room", "--force"
    )
    assert result.exit_code == 0, result.output
    assert result.output.startswith("v1 move: ")
    assert "room main -> side (moved to the larger room)" in result.output
    assert published(runtime(app)).schedule.session("s1a2b3").room == "side"


def test_json_values_with_colon_equals(app, runner):
    result = run(runner, "add", "edit", "q4w5e6", 'speakers:=["ada-lovelace"]', "slides:=true", "title=42")
    assert result.exit_code == 0, result.output
    session = published(runtime(app)).schedule.session("q4w5e6")
    assert (session.speakers, session.slides, session.title) == (("ada-lovelace",), True, "42")


def test_add_a_session_without_an_id(app, runner):
    result = run(runner, "add", "add", "title=Late addition", "start=2026-04-08T16:00:00+02:00",
                 "end=2026-04-08T16:30:00+02:00", "room=main", "--force")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert [s.title for s in published(runtime(app)).schedule.sessions][-1] == "Late addition"


def test_refused_correction_exits_non_zero_with_the_reason_and_changes_nothing(app, runner):
    result = run(runner, "add", "move", "s1a2b3", "room=attic")
    assert result.exit_code == 1
    assert "refused, nothing changed: unknown room 'attic'" in result.output
    assert published(runtime(app)).version == 0


def test_revert_and_list(app, runner):
    run(runner, "add", "cancel", "k9x8y7")
    # Back on, Ada is again in two places at once (the data's clash): published anyway.
    result = run(runner, "revert", "1", "--note", "it happens after all", "--force")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("v2 revert: ")
    assert published(runtime(app)).schedule.session("k9x8y7").status == "confirmed"
    listed = run(runner, "list")
    assert [line.split(" ")[1] for line in listed.output.splitlines()] == ["v1", "v2"]
    as_json = [json.loads(line) for line in run(runner, "list", "--json", "--since", "1").output.splitlines()]
    assert [(c["version"], c["kind"], c["reverts"]) for c in as_json] == [(2, "revert", 1)]


@pytest.mark.parametrize("args", [("s1", "s2"), ("speakers:=[oops",)])
def test_malformed_arguments_are_usage_errors(args):
    import click

    with pytest.raises(click.UsageError):
        parse_args("edit", args, None)
