"""static/js/features/search/kept-index.js in Chromium, from the files on disk (no server): the
outline's search index kept in the Cache API finds what the one built from the schedule finds,
is taken only for the schedule it was built from, and a damaged copy is never used (it is
deleted and the index is built as before)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.harness.browser import wait_resolved
from tests.harness.modules import import_module

# `window.data` in the shape data/store.js gives (Maps of tracks and speakers), made from `spec`
# ({version, stamp, titles}); `window.kept` and `window.index` the modules.
SETUP = """async (spec) => {
  window.kept = await import(document.body.dataset.assets + 'js/features/search/kept-index.js');
  window.index = await import(document.body.dataset.assets + 'js/features/search/search-index.js');
  window.make = ({ version = 1, stamp = 'a1b2c3d4e5f6', titles = null } = {}) => {
    const tracks = new Map([
      ['t1', { id: 't1', name: 'Systems Programming' }],
      ['t2', { id: 't2', name: 'Open Data' }],
    ]);
    const speakers = new Map();
    const words = 'rust kernel python data safety compiler network storage graphics audio'.split(' ');
    const sessions = Array.from({ length: 300 }, (_, i) => {
      const person = { id: 'p' + i, name: ['Ana Linåker', 'Bo Gomès', 'Chen Wei'][i % 3] + ' ' + i };
      speakers.set(person.id, person);
      const title = titles?.[i] ?? `${words[i % 10]} ${words[(i * 3) % 10]} talk ${i}`;
      const description = ['about ' + words[(i * 7) % 10]];
      return { id: 's' + i, title, people: [person], track: i % 2 ? 't1' : 't2', description };
    });
    return { store: 'st1', version, stamp, sessions, tracks, speakers };
  };
  window.data = make(spec);
  return true;
}"""

# Builds the outline's index of `window.data` on the page and keeps it under its key.
KEEP = """async () => {
  const built = new index.SearchIndex(data);
  const steps = built.buildOutline();
  while (!steps.next().done);
  window.key = kept.indexKey(data, 'build-1');
  await kept.keepIndex(key, kept.indexBody(built.packedOutline()));
  window.built = built;
  return key;
}"""

QUERIES = ["rust", "ru", "kernel data", "linaker", "gomes 12", "systems", "open", "talk 29", "zzz"]

# What the built index and one adopted from the kept copy find, by id, for each query.
COMPARE = """async (queries) => {
  const read = kept.keptIndex(await kept.readKept(), key);
  if (!read) return null;
  const adopted = new index.SearchIndex(data);
  if (!adopted.adoptKept(read)) return 'refused';
  const ids = (found) => ({
    sessions: found.sessions.map((s) => s.id),
    speakers: found.speakers.map((p) => p.id),
    tracks: found.tracks.map((t) => t.id),
  });
  return queries.map((q) => [ids(built.search(q)), ids(adopted.search(q))]);
}"""

READ = "async () => kept.keptIndex(await kept.readKept(), key) !== null"
STORED = """async () => {
  const response = await (await caches.open('hallway-data')).match('/hallway/search-outline.bin');
  return response ? new Uint8Array(await response.arrayBuffer()).length : 0;
}"""
# Replaces the kept body with `bytes` (a function of the kept bytes), under the same key.
DAMAGE = """async (how) => {
  const cache = await caches.open('hallway-data');
  const response = await cache.match('/hallway/search-outline.bin');
  const bytes = new Uint8Array(await response.arrayBuffer());
  const damaged = {
    cut: () => bytes.slice(0, bytes.length - 6),
    longer: () => new Uint8Array([...bytes, 0, 0, 0, 0]),
    garbled: () => bytes.map((b, i) => (i >= 16 && i < 40 ? 0x7b : b)),
    empty: () => new Uint8Array(0),
  }[how]();
  const headers = { 'X-Hallway-Index': key };
  await cache.put('/hallway/search-outline.bin', new Response(damaged, { headers }));
}"""


@pytest.fixture
def modules(app_modules: Any) -> Any:
    assert "keptIndex" in import_module(app_modules, "js/features/search/kept-index.js")
    app_modules.evaluate(SETUP, {})
    return app_modules


def test_a_kept_index_finds_what_the_built_one_finds(modules: Any) -> None:
    modules.evaluate(KEEP)
    pairs = modules.evaluate(COMPARE, QUERIES)
    assert pairs not in (None, "refused")
    for query, (built, adopted) in zip(QUERIES, pairs, strict=True):
        assert adopted == built, query
    assert any(built["sessions"] for built, _ in pairs)  # the queries do find sessions
    assert any(built["speakers"] for built, _ in pairs)


@pytest.mark.parametrize(
    "change",
    [{"version": 2}, {"stamp": "ffffffffffff"}],
    ids=["a newer version", "another stamp"],
)
def test_a_kept_index_is_not_read_for_another_schedule(modules: Any, change: dict[str, Any]) -> None:
    modules.evaluate(KEEP)
    key = modules.evaluate("() => key")
    modules.evaluate("(spec) => { window.data = make(spec); }", change)
    other = modules.evaluate("() => kept.indexKey(data, 'build-1')")
    assert other != key
    modules.evaluate("(k) => { window.key = k; }", other)
    assert modules.evaluate(READ) is False


def test_an_index_is_kept_only_for_a_schedule_that_names_itself_and_one_build(modules: Any) -> None:
    key_of = "([spec, build]) => kept.indexKey(make(spec), build)"
    assert modules.evaluate(key_of, [{}, "b"]) == modules.evaluate(key_of, [{}, "b"])
    assert modules.evaluate(key_of, [{}, "b"]) != modules.evaluate(key_of, [{}, "another build"])
    # A document without a stamp (none this app's server sends) is not told from an edited one.
    assert modules.evaluate(key_of, [{"stamp": None}, "b"]) is None
    modules.evaluate("(spec) => { window.data = make(spec); }", {"stamp": None})
    modules.evaluate(KEEP)
    assert modules.evaluate(STORED) == 0
    assert modules.evaluate(READ) is False


@pytest.mark.parametrize("how", ["cut", "longer", "garbled", "empty"])
def test_a_damaged_kept_index_is_deleted_and_never_used(modules: Any, how: str) -> None:
    modules.evaluate(KEEP)
    assert modules.evaluate(READ) is True
    modules.evaluate(DAMAGE, how)
    assert modules.evaluate(READ) is False
    assert modules.evaluate(STORED) == 0  # deleted: the next index built is kept afresh


def test_postings_beyond_the_schedule_are_refused(modules: Any) -> None:
    # A copy that reads as an index but points past this schedule's sessions, or whose words
    # are out of order, is not adopted: the page builds its own.
    modules.evaluate(KEEP)
    refused = modules.evaluate(
        """async () => {
      const read = kept.keptIndex(await kept.readKept(), key);
      const codes = read.outline.codes.map((c, i) => (i === 3 ? 300 * 4 : c));
      const past = { ...read, outline: { ...read.outline, codes } };
      const words = [...read.speakers.words];
      [words[0], words[1]] = [words[1], words[0]];
      const unordered = { ...read, speakers: { ...read.speakers, words } };
      const fresh = () => new index.SearchIndex(data);
      const a = fresh(), b = fresh(), c = fresh();
      return [
        a.adoptKept(past), a.outlined, b.adoptKept(unordered), b.outlined, c.adoptKept(read), c.outlined,
      ];
    }"""
    )
    assert refused == [False, False, False, False, True, True]


# ready-index.js on a page no service worker controls (it builds on the page, while idle): the
# index kept by the last visit is read as the app starts and taken for the same schedule, so the
# outline's part is never built again; one the page built is kept for the next visit.
IDLE = """() => {
  window.idle = [];
  window.requestIdleCallback = (callback) => window.idle.push(callback);
  window.runIdle = (limit) => {
    let n = 0;
    const deadline = { didTimeout: false, timeRemaining: () => 50 };
    while (window.idle.length && n++ < limit) window.idle.shift()(deadline);
    return window.idle.length;
  };
}"""
# The store the view hands ready-index.js: its data, and the "changed" events it listens to.
STORE = "() => { window.store = Object.assign(new EventTarget(), { data: window.data }); }"


# Notes what the page's index does: outlines built on the page, kept copies adopted.
SPY = """() => {
  const proto = index.SearchIndex.prototype;
  const build = proto.buildOutline;
  const adopt = proto.adoptKept;
  window.outlinesBuilt = 0;
  window.adopted = null;
  proto.buildOutline = function (...args) { window.outlinesBuilt++; return build.apply(this, args); };
  proto.adoptKept = function (...args) { return (window.adopted = adopt.apply(this, args)); };
}"""
# Runs the idle callbacks asked for so far; true once the index is complete and kept.
SETTLED = """async () => {
  runIdle(1000);
  const kept = await (await caches.open('hallway-data')).match('/hallway/search-outline.bin');
  return window.complete && Boolean(kept);
}"""


def visit(modules: Any) -> None:
    """The app's start on the schedule: the kept index read ahead, then indexed for the view."""
    modules.evaluate(IDLE)
    modules.evaluate(STORE)
    modules.evaluate(SPY)
    assert "readAhead" in import_module(modules, "js/features/search/ready-index.js")
    modules.evaluate(
        """() => {
      window.ready = window.mod;
      window.complete = false;
      ready.readAhead();
      ready.keepIndexed(store);
      ready.whenComplete(data, () => { window.complete = true; });
    }"""
    )


def test_the_page_keeps_the_index_it_builds_and_takes_it_the_next_visit(modules: Any) -> None:
    # Nothing kept yet: the page builds, and keeps what it built once idle again.
    visit(modules)
    wait_resolved(modules, SETTLED)
    assert modules.evaluate("() => [window.outlinesBuilt, window.adopted]") == [1, None]
    key = modules.evaluate("() => kept.indexKey(data, '/static/')")
    assert modules.evaluate("async () => (await kept.readKept()).key") == key

    # The next visit, the same schedule: the kept outline is taken, and never built again.
    modules.reload()
    import_module(modules, "js/features/search/kept-index.js")
    modules.evaluate(SETUP, {})
    visit(modules)
    modules.wait_for_function("() => window.adopted === true", timeout=10000)
    wait_resolved(modules, SETTLED)
    assert modules.evaluate("() => window.outlinesBuilt") == 0
    assert modules.evaluate("() => ready.searchIndex(data).search('linaker').speakers.length") == 100
