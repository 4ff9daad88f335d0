"""A pretalx event given by its address (`https://host/event/`): `schedule import` reads the
schedule export the page leads to, and `schedule follow` asks the export, conditionally, from
its second check on. Pages in pretalx's shape (tests/fixtures/pretalx_*_page.html) and its
frab JSON export (frab_offsets.json) served on 127.0.0.1."""

from __future__ import annotations

import hashlib
import json
import logging
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from webapp import create_app
from webapp.importers.pretalx_page import export_address
from webapp.importers.raw import SourceError
from webapp.serving import runtime
from webapp.serving.follow import Runner
from webapp.serving.published import published

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
FRONT_PAGE = (FIXTURES / "pretalx_event_page.html").read_bytes()
SCHEDULE_PAGE = (FIXTURES / "pretalx_schedule_page.html").read_bytes()
EXPORT = (FIXTURES / "frab_offsets.json").read_bytes()
EXPORT_PATH = "/weekconf/schedule/export/schedule.json"


class Site:
    """A web server on 127.0.0.1 serving `pages` (path -> bytes) with an ETag, answering a
    matching If-None-Match with 304, as pretalx does; `asked` is (path, headers) per request."""

    def __init__(self, pages: dict[str, bytes]) -> None:
        self.pages = dict(pages)
        self.asked: list[tuple[str, dict[str, str]]] = []
        self.lock = threading.Lock()
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's name
                site.answer(self)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}"

    def paths(self) -> list[str]:
        with self.lock:
            return [path for path, _ in self.asked]

    def answer(self, handler: BaseHTTPRequestHandler) -> None:
        with self.lock:
            self.asked.append((handler.path, dict(handler.headers.items())))
            body = self.pages.get(handler.path)
        if body is None:
            handler.send_error(404)
            return
        etag = f'"{hashlib.sha256(body).hexdigest()[:12]}"'
        if handler.headers.get("If-None-Match") == etag:
            handler.send_response(304)
            handler.send_header("ETag", etag)
            handler.end_headers()
            return
        handler.send_response(200)
        handler.send_header("ETag", etag)
        handler.send_header("Content-Length", str(len(body)))
        handler.end_headers()
        handler.wfile.write(body)

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def site() -> Iterator[Site]:
    served = Site({"/weekconf/": FRONT_PAGE, "/weekconf/schedule/": SCHEDULE_PAGE, EXPORT_PATH: EXPORT})
    yield served
    served.stop()


@pytest.fixture
def elsewhere() -> Iterator[Site]:
    """Another server (another port: another origin) with the same export."""
    served = Site({EXPORT_PATH: EXPORT})
    yield served
    served.stop()


@pytest.fixture
def cli(tmp_path: Path):
    app = create_app({"TESTING": True, "DATA_DIR": str(tmp_path / "data"), "FETCH_TIMEOUT": 5})
    runner = app.test_cli_runner()
    return lambda *args: runner.invoke(args=["schedule", *map(str, args)])


def titles(path: Path) -> list[str]:
    return sorted(s["title"] for s in json.loads(path.read_text(encoding="utf-8"))["sessions"])


def said(site: Site, page: str = "/weekconf/") -> str:
    return f"{site.origin}{page} is a pretalx event page; reading its export {site.origin}{EXPORT_PATH}"


@pytest.mark.parametrize("page", ["/weekconf/", "/weekconf/schedule/"])
def test_import_of_a_pretalx_event_address_reads_its_schedule_export(cli, site, tmp_path, page) -> None:
    result = cli("import", site.origin + page)
    assert result.exit_code == 0, result.output
    assert result.output.count(said(site, page)) == 1
    assert site.paths() == [page, EXPORT_PATH]
    from_file = tmp_path / "from_file.json"
    assert cli("import", FIXTURES / "frab_offsets.json", "--out", from_file).exit_code == 0
    assert titles(tmp_path / "data" / "schedule.json") == titles(from_file)


def test_follow_of_a_pretalx_event_address_asks_the_export_conditionally(cli, site, tmp_path) -> None:
    result = cli("follow", site.origin + "/weekconf/", "--cycles", "2", "--interval", "0.01")
    assert result.exit_code == 0, result.output
    assert result.output.count(said(site)) == 1  # said when found, not at every check
    assert "Changed: wrote" in result.output
    assert "unchanged (1 conditional request(s), nothing imported)" in result.output
    # The page once, to find the export; then the export alone, with the export's validators.
    assert site.paths() == ["/weekconf/", EXPORT_PATH, EXPORT_PATH]
    assert "If-None-Match" not in site.asked[1][1] and site.asked[2][1]["If-None-Match"]

    site.pages[EXPORT_PATH] = EXPORT.replace(b'"Breakfast Talk"', b'"Second Breakfast Talk"')
    again = cli("follow", site.origin + "/weekconf/", "--once")
    assert again.exit_code == 0, again.output
    assert site.paths()[3:] == [EXPORT_PATH] and said(site) not in again.output
    assert "Second Breakfast Talk" in titles(tmp_path / "data" / "schedule.json")


def test_an_export_that_fails_is_named_with_the_page_given(cli, site, tmp_path) -> None:
    del site.pages[EXPORT_PATH]
    result = cli("import", site.origin + "/weekconf/")
    assert result.exit_code == 1
    assert (
        f"{site.origin}/weekconf/: a pretalx event page; reading its export "
        f"{site.origin}{EXPORT_PATH}: the server answered HTTP 404"
    ) in result.output
    assert not (tmp_path / "data" / "schedule.json").exists()


def test_only_an_address_on_the_pages_own_server_is_read(cli, site, elsewhere, tmp_path) -> None:
    # A page linking an export on another server first, then its own schedule.
    site.pages["/weekconf/"] = FRONT_PAGE.replace(
        b'<a href="/weekconf/login/',
        f'<a href="{elsewhere.origin}{EXPORT_PATH}">JSON</a><a href="/weekconf/login/'.encode(),
    )
    result = cli("import", site.origin + "/weekconf/")
    assert result.exit_code == 0, result.output
    assert site.paths() == ["/weekconf/", EXPORT_PATH] and elsewhere.paths() == []


def test_a_pretalx_page_without_a_published_schedule_says_so(cli, site, elsewhere, tmp_path) -> None:
    # No schedule yet: the front page links no schedule of its own (one elsewhere is not taken).
    site.pages["/weekconf/"] = FRONT_PAGE.replace(
        b'href="/weekconf/schedule/"', f'href="{elsewhere.origin}/weekconf/schedule/"'.encode()
    )
    result = cli("import", site.origin + "/weekconf/")
    assert result.exit_code == 1
    assert f"{site.origin}/weekconf/: a pretalx page that links no published schedule" in result.output
    assert site.paths() == ["/weekconf/"] and elsewhere.paths() == []
    assert not (tmp_path / "data" / "schedule.json").exists()


PLAIN = b"<!DOCTYPE html><html><head><title>Our event</title></head><body>%s</body></html>"
PRETALX = b'<!DOCTYPE html><html><head><meta name="generator" content="pretalx"></head><body>%s</body></html>'
OTHER = "http://127.0.0.1:1"  # another port: another origin


@pytest.mark.parametrize(
    ("url", "page", "export"),
    [
        # pretalx's own pages: the event's address, its schedule page, a session's page
        ("https://p.example/weekconf/", FRONT_PAGE, "https://p.example" + EXPORT_PATH),
        ("https://p.example/weekconf", FRONT_PAGE, "https://p.example" + EXPORT_PATH),
        ("https://p.example/weekconf/schedule/", SCHEDULE_PAGE, "https://p.example" + EXPORT_PATH),
        (
            "https://p.example/weekconf/talk/ABC/",
            PRETALX % b'<a href="/weekconf/schedule/" class="header-tab">Schedule</a>',
            "https://p.example" + EXPORT_PATH,
        ),
        # pretalx below a path of its server, and an event address only in <pretalx-schedule>
        (
            "https://x.example/pretalx/weekconf/",
            PRETALX % b'<a href="schedule/feed.xml">Feed</a>',
            "https://x.example/pretalx/weekconf/schedule/export/schedule.json",
        ),
        (
            "https://x.example/ev/schedule/",
            PRETALX % b'<pretalx-schedule event-url="/ev/"></pretalx-schedule>',
            "https://x.example/ev/schedule/export/schedule.json",
        ),
        # any page linking an export of its own server is read as that export, the JSON first
        (
            "https://our.example/",
            PLAIN % b'<a href="/c/schedule/export/schedule.xml">XML</a>',
            "https://our.example/c/schedule/export/schedule.xml",
        ),
        (
            "https://our.example/c/",  # links relative to the page's address
            PLAIN
            % b'<a href="schedule/export/schedule.xml">X</a><a href="schedule/export/schedule.json">J</a>',
            "https://our.example/c/schedule/export/schedule.json",
        ),
        # not an event page: read (and refused) as the page it is
        ("https://our.example/", PLAIN % b'<a href="/c/schedule/">Schedule</a>', None),
        ("https://our.example/", PLAIN % f'<a href="{OTHER}{EXPORT_PATH}">J</a>'.encode(), None),
        ("https://our.example/", b'<?xml version="1.0"?><schedule><![CDATA[<html>]]></schedule>', None),
        ("https://our.example/", EXPORT, None),
    ],
)
def test_the_export_an_event_page_leads_to(url: str, page: bytes, export: str | None) -> None:
    assert export_address(url, page) == export


def test_a_pretalx_page_leading_only_to_another_server_leads_nowhere() -> None:
    links = f'<a href="{OTHER}/weekconf/schedule/">S</a><a href="//o.example{EXPORT_PATH}">J</a>'
    page = PRETALX % links.encode()
    with pytest.raises(SourceError, match="a pretalx page that links no published schedule"):
        export_address("https://p.example/weekconf/", page)


def test_the_servers_follower_logs_the_export_once_and_then_asks_only_it(site, tmp_path, caplog) -> None:
    plan = tmp_path / "follow.json"
    plan.write_text(json.dumps({"sources": [site.origin + "/weekconf/"]}), encoding="utf-8")
    app = create_app({
        "TESTING": True, "DATA_DIR": str(tmp_path / "data"), "FOLLOW": str(plan),
        "FOLLOW_IN_BACKGROUND": False, "FETCH_TIMEOUT": 5, "ADMIN_TOKEN": "t0ken",
    })  # fmt: skip
    runner = Runner(runtime(app))
    with caplog.at_level(logging.WARNING):
        runner.step()
        runner.step()
    assert [r.getMessage() for r in caplog.records].count(f"following: {said(site)}") == 1
    assert site.paths() == ["/weekconf/", EXPORT_PATH, EXPORT_PATH]
    assert site.asked[2][1]["If-None-Match"]
    assert "Breakfast Talk" in {s.title for s in published(runtime(app)).schedule.sessions}
    doc = app.test_client().get("/healthz", headers={"Authorization": "Bearer t0ken"}).get_json()
    assert doc["status"] == "ok" and doc["follow"]["sources"] == [site.origin + "/weekconf/"]
