"""In the pseudo-locale (en-XA: every message and every word of the locale's data accented and
bracketed) a page shows no plain English outside the imported schedule's own text: a string
never marked for translation, a sentence glued from pieces or a date written by hand shows up
here. WRAPPED lists the views whose strings are marked; each view joins it once its strings are."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.harness.browser import phone

# The shell (header, tabs, More, footer) is checked on each of them.
WRAPPED = ["/now"]

# Visible text nodes with plain English letters that are neither pseudo-translated nor the
# schedule's own words (any string of the outline and the texts) nor in another language on
# purpose (the switch names each language in itself: lang="…").
ENGLISH_LEFT = """(data) => {
  const known = data.filter((s) => /[A-Za-z]{2}/.test(s));
  const lang = document.documentElement.lang;
  const left = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    const el = node.parentElement;
    const text = node.textContent.trim();
    if (!el || !text || el.closest("script, style, noscript, [hidden]")) continue;
    if (!el.getClientRects().length) continue;
    if (el.closest("[lang]")?.lang !== lang) continue;
    if (text.startsWith("[") || /[\\u00C0-\\u024F\\u1E00-\\u1EFF]/.test(text)) continue;
    if (!/[A-Za-z]{2}/.test(text)) continue;
    if (known.some((k) => text === k || text.includes(k))) continue;
    left.push(text.slice(0, 80));
  }
  return left;
}"""

ALL_STRINGS = """async () => {
  const out = [];
  const walk = (x) => {
    if (typeof x === "string") out.push(x.trim());
    else if (x && typeof x === "object") Object.values(x).forEach(walk);
  };
  for (const doc of ["/api/v1/outline.json", "/api/v1/texts.json"]) walk(await (await fetch(doc)).json());
  return out.filter(Boolean);
}"""


@pytest.mark.parametrize("path", WRAPPED)
def test_no_english_is_left_in_a_wrapped_view(browser, live_server, path) -> None:
    page = phone(browser)
    page.goto(live_server.url + path + ("&" if "?" in path else "?") + "hl=en-XA")
    expect(page.locator("main h1")).to_contain_text("[")
    expect(page.locator("[data-freshness]")).not_to_have_text("")
    page.locator("#more-menu summary").click()
    left = page.evaluate(ENGLISH_LEFT, page.evaluate(ALL_STRINGS))
    page.context.close()
    assert left == []
