"""static/js/features/search/ready-index.js in Chromium, from the files on disk (no server): the
index is built in short slices of idle time, whatever the idle period the browser offers, so a
key pressed meanwhile (or a tap) never waits behind a long task."""

import pytest

from tests.harness.modules import import_module

# A schedule far larger than a slice can index (5,000 sessions with descriptions: a whole
# build is hundreds of ms of CPU on any machine), and a browser whose idle callbacks are
# caught so that the test runs them, each with an idle period that never ends.
SETUP = """() => {
  const words = 'rust kernel python data safety compiler network storage graphics audio'.split(' ');
  const word = (i, k) => words[(i * 7 + k * 3) % words.length] + (k % 13);
  const text = (n, i) => Array.from({ length: n }, (_, k) => word(i, k)).join(' ');
  const tracks = new Map([['t1', { id: 't1', name: 'Systems' }]]);
  const speakers = new Map();
  const sessions = Array.from({ length: 5000 }, (_, i) => {
    const person = { id: 'p' + i, name: 'Speaker ' + text(2, i) };
    speakers.set(person.id, person);
    return { id: 's' + i, title: text(8, i), people: [person], track: 't1', description: [text(150, i)] };
  });
  window.data = { store: 'test', version: 1, sessions, tracks, speakers };
  window.idle = [];
  window.requestIdleCallback = (callback) => window.idle.push(callback);
  window.complete = false;
  mod.whenComplete(window.data, () => { window.complete = true; });
  return window.idle.length;
}"""

# Runs the idle callbacks the index asked for, one at a time, each offered a long idle period.
RUN_ONE = """() => {
  const callback = window.idle.shift();
  callback({ didTimeout: false, timeRemaining: () => 50 });
  return { complete: window.complete, asked: window.idle.length };
}"""


@pytest.fixture
def ready_index(app_modules):
    assert "whenComplete" in import_module(app_modules, "js/features/search/ready-index.js")
    return app_modules


def test_an_unending_idle_period_is_given_back_before_the_whole_index_is_built(ready_index):
    assert ready_index.evaluate(SETUP) == 1
    first = ready_index.evaluate(RUN_ONE)
    assert not first["complete"]
    assert first["asked"] == 1  # the rest waits for the next idle callback

    # It does get built, slice after slice (bounded: a slice indexes at least one step).
    for _ in range(20000):
        state = ready_index.evaluate(RUN_ONE)
        if state["complete"]:
            break
        assert state["asked"] == 1
    assert state["complete"]
    assert ready_index.evaluate("() => mod.searchIndex(window.data).search('rust0').sessions.length") > 0
