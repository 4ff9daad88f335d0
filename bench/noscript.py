"""The page without scripts: the baseline Lighthouse's LCP is compared with (issue 28).

The app's page is opened once in Chromium and, once its sessions are drawn, its DOM is saved
with every <script> and module preload taken out: what a server that put the first screen
in its HTML would send, with nothing for the browser to run. A small server on loopback
answers the page's address with that copy (compressed as the app's server compresses it)
and passes every other request (styles, icons, fonts) through to the app's server, so both
pages fetch the same assets from the same place.
"""

from __future__ import annotations

import re
import threading
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from common import PHONE, SESSIONS_SHOWN, codings, free_port, launch_args

# What the browser would run, or fetch only for the script (the app's code, the outline): gone.
SCRIPTS = re.compile(
    r"<script\b[^>]*>.*?</script>"
    r"|<link\b[^>]*\brel=\"?(?:modulepreload|preload\"? [^>]*as=\"?(?:fetch|script))[^>]*>",
    re.S | re.I,
)
PASSED_HEADERS = ("content-type", "content-encoding", "cache-control", "etag", "last-modified", "vary")
DRAWN_TIMEOUT_MS = 60000


def without_scripts(html: str) -> str:
    return SCRIPTS.sub("", html)


def drawn_copy(address: str) -> str:
    """The DOM of `address` once its sessions are drawn and the network is quiet, scripts out."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(**launch_args())
        page = browser.new_context(viewport=PHONE, service_workers="block").new_page()
        page.goto(address, wait_until="networkidle", timeout=DRAWN_TIMEOUT_MS)
        page.wait_for_function(SESSIONS_SHOWN, timeout=DRAWN_TIMEOUT_MS)
        html = page.evaluate("() => '<!doctype html>\\n' + document.documentElement.outerHTML")
        browser.close()
    return without_scripts(html)


def _handler(upstream: str, page_path: str, html: bytes) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            if self.path == page_path:
                self.page()
            else:
                self.passed()

        def page(self) -> None:
            accepted = self.headers.get("Accept-Encoding", "")
            coding = next((c for c in ("br", "gzip") if c in accepted), None)
            body = codings.encode(html, coding, best=True) if coding else html
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Cache-Control", "no-cache")
            if coding:
                self.send_header("Content-Encoding", coding)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def passed(self) -> None:
            headers = {k: v for k, v in self.headers.items() if k.lower() in ("accept", "accept-encoding")}
            ask = urllib.request.Request(upstream + self.path, headers=headers)
            try:
                with urllib.request.urlopen(ask, timeout=30) as r:
                    status, got, body = r.status, r.headers, r.read()
            except urllib.error.HTTPError as e:
                status, got, body = e.code, e.headers, e.read()
            self.send_response(status)
            for name, value in got.items():
                if name.lower() in PASSED_HEADERS:
                    self.send_header(name, value)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass  # quiet: Lighthouse makes dozens of requests per run

    return Handler


@contextmanager
def served_without_scripts(upstream: str, page_path: str = "/") -> Iterator[str]:
    """Base URL of a loopback server whose `page_path` is `upstream`'s page drawn, scripts out."""
    html = drawn_copy(upstream + page_path).encode()
    httpd = ThreadingHTTPServer(("127.0.0.1", free_port()), _handler(upstream, page_path, html))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)
