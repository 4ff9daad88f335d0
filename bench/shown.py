"""When the sessions are on screen, as the page itself sees it.

An init script (Playwright's, so the page's CSP does not apply to it) watches the DOM from
the very start and notes `performance.now()` (ms since the navigation started) when the
first session card is inserted, and again at the next animation frame, when it is painted.
"""

from __future__ import annotations

from typing import Any

WATCH = """
(() => {
  if (window.top !== window) return;
  const seen = () => document.querySelector('main article.card');
  const note = () => {
    if (window.__shown || !seen()) return false;
    window.__shown = performance.now();
    requestAnimationFrame(() => { window.__painted = performance.now(); });
    return true;
  };
  const observer = new MutationObserver(() => { if (note()) observer.disconnect(); });
  observer.observe(document, { childList: true, subtree: true });
})();
"""
TIMEOUT_MS = 30000

# In-page, spliced into the body of a script: `typeKeys(input, query, shown)` types `query` into
# `input` one key at a time and resolves to each key's time, from its input event to the frame
# after the update (requestAnimationFrame, then a task); `frame()` waits for that frame. `shown`
# (optional): true once the page shows an answer to a search. The first key waits for it, frame by
# frame: typed before the app has taken the page over (a drawn page runs it once painted,
# js/start.js), the box has no listener yet, and the frame after the key shows nothing new.
TYPE_KEYS = """
  const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
  const typeKeys = async (input, query, shown = null) => {
    const keys = [];
    for (let i = 1; i <= query.length; i++) {
      const t0 = performance.now();
      input.value = query.slice(0, i);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      for (let n = 0; i === 1 && shown && !shown() && n < 600; n++) await frame();
      keys.push(performance.now() - t0);
    }
    return keys;
  };
"""


def watch(context: Any) -> None:
    context.add_init_script(WATCH)


def painted_ms(page: Any) -> float:
    """Milliseconds from the navigation's start to the frame that first showed a session."""
    page.wait_for_function("() => window.__painted !== undefined", timeout=TIMEOUT_MS)
    return float(page.evaluate("() => window.__painted"))


def median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2
