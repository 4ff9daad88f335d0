"""The search index of a congress built by a worker (static/js/features/search/index-worker.js)
on a phone the service worker controls, and by the page itself where the worker's script
cannot be had: either way a search finds what only the descriptions say too."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.harness.browser import until, wait_controlled
from tests.harness.search import count_of, matching, searchable
from tests.harness.worker_caches import cache_holding, forget_http_cache, wait_second_phase
from webapp.web.built import SEARCH_WORKER

NOW = "now=2026-09-14T11:20:00%2B02:00"
BOX = "Search titles, descriptions, speakers"
QUERY = "memory"  # said in titles and in descriptions alone (checked below)
SETTLED_MS = 20000  # the descriptions are indexed once the texts come
# Takes the worker's script out of the worker's caches, as on a phone whose second phase never ran.
FORGET = """async (suffix) => {
  let gone = 0;
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      if (new URL(request.url).pathname.endsWith(suffix) && (await cache.delete(request))) gone++;
    }
  }
  return gone;
}"""

# Notes each worker the page makes (a worker whose script never loads is not one of page.workers).
WORKERS_MADE = """(() => {
  const Made = window.Worker;
  window.__workersMade = [];
  window.Worker = class extends Made {
    constructor(url, options) {
      window.__workersMade.push(String(url));
      super(url, options);
    }
  };
})();"""


@pytest.fixture(scope="module")
def congress(congress_schedule: Path) -> dict[str, Any]:
    return searchable(congress_schedule)


def search_workers(page: Page) -> list[str]:
    return [w.url for w in page.workers if w.url.endswith(SEARCH_WORKER)]


def installed(page: Page, url: str) -> None:
    page.goto(url)
    wait_controlled(page)
    wait_second_phase(page)
    assert cache_holding(page, SEARCH_WORKER)


def test_a_controlled_page_has_a_worker_build_the_index(page: Page, congress_server, congress) -> None:
    expected = matching(congress, QUERY)
    assert expected - matching(congress, QUERY, outline_only=True), "none only in descriptions"
    installed(page, f"{congress_server.url}/?{NOW}")
    page.reload()
    until(page, lambda: search_workers(page), timeout=20, what="a search worker started")
    page.get_by_label(BOX).fill(QUERY)
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)
    # The worker answered: one that failed is terminated and gone from the page's workers.
    assert search_workers(page)


def test_without_the_workers_script_the_page_builds_the_index(page: Page, congress_server, congress) -> None:
    expected = matching(congress, QUERY)
    installed(page, f"{congress_server.url}/?{NOW}")
    assert page.evaluate(FORGET, "/" + SEARCH_WORKER) >= 1
    forget_http_cache(page)
    congress_server.stop()  # offline: the script is neither kept nor to be had
    page.add_init_script(WORKERS_MADE)
    page.reload()
    page.get_by_label(BOX).fill(QUERY)
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)
    made = page.evaluate("() => window.__workersMade")
    assert any(url.endswith(SEARCH_WORKER) for url in made), f"the page never tried its worker: {made}"
    until(page, lambda: not search_workers(page), timeout=10, what="no search worker left running")


# The outline's index the worker keeps for the next visit (features/search/kept-index.js):
# its key and its bytes, or null.
KEPT = """async () => {
  const response = await (await caches.open('hallway-data')).match('/hallway/search-outline.bin');
  if (!response) return null;
  const bytes = [...new Uint8Array(await response.arrayBuffer())];
  return { key: response.headers.get('X-Hallway-Index'), bytes };
}"""
# Puts bytes that read as no index under the kept key, as damaged storage would.
DAMAGE = """async (key) => {
  const body = new Response('{"not": "an index"}', { headers: { 'X-Hallway-Index': key } });
  await (await caches.open('hallway-data')).put('/hallway/search-outline.bin', body);
}"""


# Notes what the page sends its search worker: outlines to index, and the last part of the texts.
SENT = """(() => {
  window.__sent = { outlines: 0, textsDone: false };
  const send = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message?.outline) window.__sent.outlines++;
    if (message?.part?.last) window.__sent.textsDone = true;
    return send.call(this, message, ...rest);
  };
})();"""


def sent_once_texts_are(page: Page) -> dict[str, Any]:
    """What the page sent its worker, once it has sent the last of the texts (the outline, if it
    is sent at all, goes first)."""
    page.wait_for_function("() => window.__sent?.textsDone", timeout=SETTLED_MS)
    return page.evaluate("() => window.__sent")


def test_the_next_visit_searches_with_the_index_kept_and_a_damaged_one_is_built_again(
    page: Page, congress_server, congress
) -> None:
    expected = matching(congress, QUERY)
    installed(page, f"{congress_server.url}/?{NOW}")
    page.reload()
    until(page, lambda: page.evaluate(KEPT), timeout=20, what="the worker kept the outline's index")
    kept = page.evaluate(KEPT)
    assert len(kept["bytes"]) > 10000  # a congress's words and postings

    # The next visit takes the kept index: the worker is given the texts alone; the answer is
    # the schedule's.
    page.add_init_script(SENT)
    page.reload()
    assert sent_once_texts_are(page)["outlines"] == 0
    page.get_by_label(BOX).fill(QUERY)
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)

    # Damaged on the device: searched as well, and the worker's index kept again in its place.
    page.evaluate(DAMAGE, kept["key"])
    page.reload()
    assert sent_once_texts_are(page)["outlines"] == 1
    page.get_by_label(BOX).fill(QUERY)
    expect(page.locator("main .count")).to_have_text(count_of(len(expected)), timeout=SETTLED_MS)
    until(page, lambda: page.evaluate(KEPT) == kept, timeout=20, what="the index kept again, as it was")
