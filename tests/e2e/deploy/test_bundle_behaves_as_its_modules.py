"""A bundle behaves as the modules it came from, in Chromium.

The same small app runs twice, once as separate ES modules and once bundled (and minified) and
run as the classic script a page runs, and must give the same answers: names that collide
across modules, an import alias, a local that shadows an imported name, a live `let` binding
read through a dynamic import, an import cycle, import.meta.url from a subfolder, and a lazy
module that shares state with the bundle.
"""

from __future__ import annotations

import json
from typing import Any

from webapp.web import bundle, minify

ORIGIN = "http://bundle.test"

FILES = {
    "js/app.js": """
import { count, bump, KEY as otherKey } from "./counter.js";
import { now as clock } from "./clock.js";
import { label } from "./views/common.js";
const KEY = "app";
export function go(where) { return `went to ${where}`; }
async function main() {
  const results = {};
  results.keys = [KEY, otherKey, label()];
  results.clock = clock();
  bump();
  const view = await import("./views/v.js");
  results.live = [count, view.shown()];
  view.more();
  results.liveAfter = [count, view.shown()];
  results.css = view.cssHref().replace(location.origin, "");
  const lazy = await import("./lazy/tool.js");
  results.lazy = await lazy.use();
  results.countAfterLazy = count;
  window.__result = JSON.stringify(results);
}
main();
""",
    "js/counter.js": """
// A live binding: importers see every change.
export let count = 0;
export const KEY = "counter";
export function bump() { count += 1; }
""",
    "js/clock.js": "export function now() { return 42; }\n",
    "js/views/common.js": """
import { go } from "../app.js"; // a cycle back to the entry
const KEY = "common";
export function label() { return `${KEY}:${typeof go}`; }
""",
    "js/views/v.js": """
import { count, bump } from "../counter.js";
import { now as clock } from "../clock.js";
export function shown(now = clock()) { return `${count}@${now}`; }
export function more() { bump(); }
export function cssHref() { return new URL("../../css/v.css", import.meta.url).href; }
""",
    "js/lazy/tool.js": """
import { bump, count } from "../counter.js";
export async function use() {
  bump();
  const app = await import("../app.js");
  return [count, app.go("lazy")];
}
""",
}
LAZY = ("js/lazy/",)


def run(page: Any, files: dict[str, bytes], entry: str, kind: str) -> dict[str, Any]:
    def serve(route: Any) -> None:
        path = route.request.url.removeprefix(ORIGIN + "/")
        if path == "index.html":
            html = f'<!doctype html><script {kind} src="/{entry}"></script>'
            route.fulfill(status=200, content_type="text/html", body=html)
        elif path in files:
            route.fulfill(status=200, content_type="text/javascript", body=files[path])
        else:
            route.fulfill(status=404, body="")

    page.route(ORIGIN + "/**", serve)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(ORIGIN + "/index.html")
    page.wait_for_function("() => window.__result !== undefined || false", timeout=10000)
    assert errors == []
    return json.loads(page.evaluate("() => window.__result"))


def test_the_bundle_gives_the_same_answers_as_the_modules(browser, monkeypatch) -> None:
    sources = {p: t.encode() for p, t in FILES.items()}
    monkeypatch.setattr(bundle, "LAZY", LAZY)
    built = bundle.build("js/app.js", sources)
    served = {**sources, **built.rewritten, built.path: built.body}
    served = {p: minify.javascript(b, p) for p, b in served.items()}
    assert built.members == [
        "js/counter.js",
        "js/clock.js",
        "js/views/common.js",
        "js/views/v.js",
        "js/app.js",
    ]

    answers = []
    # The modules as modules; the bundle as the classic script a page runs (webapp/web/bundle.py).
    for files, entry, kind in ((sources, "js/app.js", 'type="module"'), (served, built.path, "defer")):
        context = browser.new_context()
        answers.append(run(context.new_page(), files, entry, kind))
        context.close()
    as_modules, as_bundle = answers
    assert as_modules == {
        "keys": ["app", "counter", "common:function"],
        "clock": 42,
        "live": [1, "1@42"],
        "liveAfter": [2, "2@42"],
        "css": "/css/v.css",
        "lazy": [3, "went to lazy"],
        "countAfterLazy": 3,
    }
    assert as_bundle == as_modules
