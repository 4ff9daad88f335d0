"""Grid titles on a 360 px phone are never broken inside a word (issue 26: a 10-minute talk's
title broke as "Trai/ning"): in the regular and the compact zoom, the congress's sessions with
the longest words and its shortest sessions are visited, and every word of every block drawn,
and of every room name, sits on one line; a title longer than its block shows whole lines (the
last ending in an ellipsis), never a line cut through by the block's edge."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import expect

from tests.harness.words import split_words

NOW = "?now=2026-09-14T11:20:00%2B02:00"
DAY = "2026-09-14"

# Brings the block of a session (its room, its start "HH:MM") into the grid's view.
SHOW = """([room, start]) => {
  const box = document.querySelector('.grid-scroll');
  const head = [...document.querySelectorAll('.grid-room a')]
    .find((a) => a.getAttribute('href') === '/room/' + room);
  box.scrollLeft = head.parentElement.offsetLeft - document.querySelector('.grid-corner').offsetWidth;
  const labels = [...document.querySelectorAll('.grid-times span')];
  const perMin = (labels[1].offsetTop - labels[0].offsetTop) / 60;
  const [h, m] = start.split(':').map(Number);
  const first = Number(labels[0].textContent.split(':')[0]);
  box.scrollTop = labels[0].offsetTop + ((h - first) * 60 + m) * perMin - 60;
}"""


# Blocks whose text is cut through a line at the block's bottom edge: a title that does not fit
# shows whole lines, the last one ending in an ellipsis.
CUT = """() => [...document.querySelectorAll('.gblock')].filter((b) => {
  const block = b.getBoundingClientRect();
  const text = (b.querySelector('.gtext') || b).getBoundingClientRect();
  const bottom = Math.min(block.bottom - 1, text.bottom);
  return [...b.querySelectorAll('h2 a')].some((a) => [...a.getClientRects()].some((line) => {
    const shown = Math.min(line.bottom, bottom) - Math.max(line.top, block.top);
    return shown > 1 && shown < line.height - 1;
  }));
}).map((b) => b.dataset.session)"""


def minutes(s: dict) -> int:
    a, b = (int(t[11:13]) * 60 + int(t[14:16]) for t in (s["start"], s["end"]))
    return b - a


def hard_sessions(path) -> list[dict]:
    """The day's sessions whose titles hold the longest words, and its shortest ones."""
    day = [s for s in json.loads(path.read_text(encoding="utf-8"))["sessions"] if s["start"].startswith(DAY)]
    longest = sorted(day, key=lambda s: -max(len(w) for w in re.findall(r"[^\s-]+-?", s["title"])))[:8]
    shortest = sorted(day, key=minutes)[:6]
    return longest + [s for s in shortest if s not in longest]


@pytest.mark.parametrize("compact", [False, True], ids=["regular", "compact"])
def test_no_grid_title_or_room_name_is_broken_inside_a_word(
    page, congress_server, congress_schedule, compact
) -> None:
    page.goto(congress_server.url + "/rooms" + NOW)
    expect(page.locator(".gblock").first).to_be_visible()
    if compact:
        page.get_by_role("button", name="Fit more rooms").click()
    page.locator(".grid-scroll").scroll_into_view_if_needed()
    split, cut, seen, titles = [], [], 0, 0
    for s in hard_sessions(congress_schedule):
        page.evaluate(SHOW, [s["room"], s["start"][11:16]])
        block = page.locator(f'.gblock[data-session="{s["id"]}"]')
        expect(block).to_be_in_viewport()
        got = split_words(page, ".gblock h2")
        heads = split_words(page, ".grid-room a")
        split += got["split"] + heads["split"]
        seen += got["words"]
        titles += 1
        cut += page.evaluate(CUT)
    assert titles >= 8 and seen > 200, (titles, seen)
    assert split == [], split
    assert cut == [], cut
