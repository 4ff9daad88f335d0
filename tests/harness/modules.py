"""The app's ES modules tested alone, without a server: a blank page whose every request is
answered from static/ on disk with `page.route`, so that a test imports the modules it checks
(`import(document.body.dataset.assets + "js/data/changes.js")`, as the app's pages allow) and calls
their functions. A file that is not there is a 404, and the import fails the test."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote, urlsplit

from . import ROOT

STATIC = ROOT / "static"
# Never asked of the network: routed. *.localhost is a secure context (caches, crypto.subtle).
ORIGIN = "http://hallway.localhost"
BLANK = '<!doctype html><html lang="en"><title>modules</title><body data-assets="/static/"></body></html>'
IMPORT = """async (name) => {
  window.mod = await import(document.body.dataset.assets + name);
  return Object.keys(window.mod);
}"""
TYPES = {".js": "text/javascript", ".json": "application/json", ".css": "text/css"}


def serve_static(route: Any) -> None:
    path = unquote(urlsplit(route.request.url).path)
    if path == "/":
        route.fulfill(status=200, content_type="text/html", body=BLANK)
        return
    file = (STATIC / path.removeprefix("/static/")).resolve()
    if path.startswith("/static/") and file.is_relative_to(STATIC) and file.is_file():
        route.fulfill(
            status=200,
            content_type=TYPES.get(file.suffix, "application/octet-stream"),
            body=file.read_bytes(),
        )
    else:
        route.fulfill(status=404, content_type="text/plain", body=f"not in static/: {path}")


def open_modules(page: Any) -> Any:
    """`page`, on the blank page with static/ behind it; returns it."""
    page.route(ORIGIN + "/**", serve_static)
    page.goto(ORIGIN + "/")
    return page


def import_module(page: Any, name: str) -> list[str]:
    """Imports static/`name` on a page of open_modules() as `window.mod`; returns its exports' names."""
    return page.evaluate(IMPORT, name)
