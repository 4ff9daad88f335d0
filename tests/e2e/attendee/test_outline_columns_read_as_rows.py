"""The app reads the outline's columns (static/js/data/columns.js) back to exactly the rows the
server made them from (webapp/serving/columns.py), run in Chromium from the files on disk: the
shipped event, a congress, rows with odd values and missing keys; an outline in the older rows
is taken as it is, and columns that do not read are refused, never half read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.unit.serving.test_columns import ODD, rows_of, shipped
from webapp.domain.serialize import schedule_from_dict
from webapp.serving import columns
from webapp.serving.published import build

EXPAND = """async (doc) => {
  const m = await import(document.body.dataset.assets + "js/data/columns.js");
  return m.expand(doc);
}"""
REFUSED = """async (doc) => {
  const m = await import(document.body.dataset.assets + "js/data/columns.js");
  try { m.expand(doc); return null; } catch (error) { return error.message; }
}"""


def congress(path: Path) -> dict:
    raw = json.loads(path.read_text("utf-8"))
    return rows_of(build(schedule_from_dict(raw), 9, store_id="c", stamp="1" * 12).doc)


@pytest.mark.parametrize("which", ["shipped", "odd", "congress"])
def test_the_app_reads_the_columns_as_the_rows_they_were_made_from(app_modules, congress_schedule, which):
    made_from = {"shipped": shipped, "odd": lambda: ODD, "congress": lambda: congress(congress_schedule)}
    outline = made_from[which]()
    made = json.loads(json.dumps(columns.encode(outline)))
    assert app_modules.evaluate(EXPAND, made) == outline


def test_an_outline_in_rows_is_read_as_it_is(app_modules) -> None:
    assert app_modules.evaluate(EXPAND, ODD) == ODD


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.update(columns=2),  # a format this code does not know
        lambda d: d["sessions"]["keys"]["title"].pop(),  # a column cut short
        lambda d: d["sessions"]["keys"]["start"].update(day=None),  # a time that does not read
        lambda d: d["sessions"].update(keys=[]),
    ],
)
def test_columns_that_do_not_read_are_refused(app_modules, damage) -> None:
    made = json.loads(json.dumps(columns.encode(shipped())))
    damage(made)
    assert "damaged outline" in app_modules.evaluate(REFUSED, made)
