"""The whole path an organizer's edit takes when the server follows the source: the talk is
retimed in the source (a local HTTP server standing in for pretalx), the server's follower
notices it with a conditional request, merges it, and an open phone shows the new time with
its badge and the banner, having downloaded only the delta."""

from __future__ import annotations

import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from corrections_support import open_app, star
from playwright.sync_api import expect
from test_source_changes_reach_phones import TALKS, frab, import_source


class Source:
    """A schedule.xml served over HTTP on loopback, with an ETag; its body can change."""

    def __init__(self, body: str) -> None:
        self.body, self.requests = body.encode(), []
        source = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                etag = f'"{hash(source.body) & 0xFFFFFFFF:x}"'
                source.requests.append(self.headers.get("If-None-Match"))
                if self.headers.get("If-None-Match") == etag:
                    self.send_response(304)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("ETag", etag)
                self.send_header("Content-Type", "application/xml")
                self.send_header("Content-Length", str(len(source.body)))
                self.end_headers()
                self.wfile.write(source.body)

            def log_message(self, *args: Any) -> None:
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.http.server_address[1]}/schedule.xml"

    def stop(self) -> None:
        self.http.shutdown()


def test_a_talk_retimed_in_the_followed_source_reaches_the_open_phone_as_a_delta(page, make_server, tmp_path):
    source = Source(frab(TALKS))
    try:
        first = tmp_path / "schedule.xml"
        first.write_text(frab(TALKS), encoding="utf-8")
        imported = tmp_path / "schedule.json"
        import_source(first, imported)
        plan = tmp_path / "follow.json"
        plan.write_text(json.dumps({"sources": [source.url]}), encoding="utf-8")
        env = {"HALLWAY_FOLLOW": str(plan), "HALLWAY_FOLLOW_INTERVAL": "1"}
        server = make_server(schedule=imported, env=env)
        open_app(page, server)
        star(page, "Rust for Linux")
        card = page.locator(".card", has_text="Rust for Linux")
        expect(card.locator(".when time")).to_contain_text("10:00")
        mark = len(server.requests())

        retimed = [("101", "11:30", "00:40", "Main Hall", "Rust for Linux", "Miguel"), *TALKS[1:]]
        source.body = frab(retimed).encode()  # the organizer edits in their tool, nothing else

        banner = page.locator("#changes-banner")
        expect(banner).to_contain_text(
            "★ Rust for Linux: now at 11:30–12:10 (was 10:00–10:40)", timeout=15000
        )
        expect(card).to_have_class(re.compile(r"\bchanged\b"))
        expect(card.locator(".badge")).to_have_text(["New time"])
        asked = {p.split("?")[0] for p in server.requests()[mark:]}
        assert asked == {"/api/v1/changes"}, asked  # the delta only: no schedule document again
        # Unchanged cycles cost the source a 304 each: the follower sent its ETag.
        assert any(tag is not None for tag in source.requests), source.requests
        server.stop()  # offline: the phone keeps the change
        page.reload()
        expect(page.locator(".card", has_text="Rust for Linux").locator(".when time")).to_contain_text(
            "11:30"
        )
    finally:
        source.stop()
