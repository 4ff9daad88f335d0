"""What the service worker keeps: its second phase (webapp/views/sw.py LATER) looked up in the
worker's caches, and the browser's HTTP cache emptied so that only the worker's caches serve."""

from __future__ import annotations

from typing import Any

from tests.harness.net import wait_for
from webapp.views.sw import LATER

# The name of the cache holding a file whose path ends with the given one, or null.
CACHE_HOLDING = """async (suffix) => {
  for (const name of await caches.keys()) {
    const keys = await (await caches.open(name)).keys();
    if (keys.some((r) => new URL(r.url).pathname.endsWith(suffix))) return name;
  }
  return null;
}"""


def cache_holding(page: Any, path: str) -> str | None:
    return page.evaluate(CACHE_HOLDING, "/" + path)


def wait_second_phase(page: Any, timeout: float = 30) -> None:
    """Until every LATER file is in the worker's cache (the page asks for it once idle)."""
    wait_for(lambda: all(cache_holding(page, path) for path in LATER), timeout=timeout)


def forget_http_cache(page: Any) -> None:
    """Only the worker's caches are left: the browser's HTTP cache may be evicted any time."""
    page.context.new_cdp_session(page).send("Network.clearBrowserCache")
