"""static/js/data/kept-copy.js in Chromium, from the files on disk (no server): a congress's copy
is written in several tasks, the page given back its turn between them, and what is kept is
byte for byte the document JSON.stringify gives, under the SHA-256 of those bytes; short of a
session, it is refused."""

from __future__ import annotations

import pytest

from tests.harness.modules import import_module

# A congress's document (3,000 sessions with descriptions, non-ASCII text), kept through the
# module on a page whose clock says 5 ms went by at each look (a slow phone, whatever this
# machine's speed), with the pauses it makes counted.
WRITE = r"""async () => {
  const sessions = Array.from({ length: 3000 }, (_, i) => ({
    id: 's' + i, title: 'Café ☕ talk ' + i, start: '2026-09-14T09:00:00Z', speakers: ['p' + i],
    description: ['Paragraph one of ' + i + ' \u{1F600}', 'A second one, "quoted" and \\\\ slashed.'],
  }));
  const doc = { version: 7, store: 'abc', event: { name: 'Congress' }, rooms: [], sessions,
                speakers: sessions.map((s, i) => ({ id: 'p' + i, name: 'Person ' + i, bio: 'Bio ' + i })),
                missing: undefined };
  const texts = { version: 7, base: 7, reached: 7, patched: {} };
  let pauses = 0;
  let clock = performance.now();
  const [realYield, realNow] = [scheduler.yield.bind(scheduler), performance.now.bind(performance)];
  scheduler.yield = () => { pauses += 1; return realYield(); };
  performance.now = () => (clock += 5);
  const cache = await caches.open('kept-copy-test');
  try {
    await mod.writeKept(cache, doc, texts, '"v7"');
  } finally {
    [scheduler.yield, performance.now] = [realYield, realNow];
  }
  const response = await cache.match(mod.KEPT);
  const body = await response.text();
  const whole = new TextEncoder().encode(JSON.stringify({ ...doc, texts }));
  const hash = await crypto.subtle.digest('SHA-256', whole);
  const kept = await mod.readKept(cache);
  return {
    pauses,
    same: body === JSON.stringify({ ...doc, texts }),
    digest: response.headers.get('X-Hallway-Digest'),
    expected: Array.from(new Uint8Array(hash), (b) => b.toString(16).padStart(2, '0')).join(''),
    etag: kept.etag,
    sessions: kept.doc.sessions.length,
    lastTitle: kept.doc.sessions[2999].title,
  };
}"""

# The copy short of its last session, still a schedule that parses, under its digest and ETag.
CUT = """async () => {
  const cache = await caches.open('kept-copy-test');
  const response = await cache.match(mod.KEPT);
  const body = await response.text();
  const doc = JSON.parse(body);
  doc.sessions.pop();
  const cut = JSON.stringify(doc);
  await cache.put(mod.KEPT, new Response(cut, { headers: response.headers }));
  try {
    await mod.readKept(cache);
    return 'read';
  } catch (error) {
    return error.message;
  }
}"""


@pytest.fixture
def kept_copy(app_modules):
    assert "writeKept" in import_module(app_modules, "js/data/kept-copy.js")
    return app_modules


def test_a_congress_copy_is_kept_in_several_tasks_and_reads_back_whole(kept_copy) -> None:
    got = kept_copy.evaluate(WRITE)
    assert got["pauses"] >= 20  # the page had its turn between slices
    assert got["same"]
    assert got["digest"] == got["expected"]
    assert got["etag"] == '"v7"'
    assert got["sessions"] == 3000 and got["lastTitle"] == "Café ☕ talk 2999"


def test_a_copy_short_of_a_session_is_refused(kept_copy) -> None:
    kept_copy.evaluate(WRITE)
    assert kept_copy.evaluate(CUT) == "altered"
