"""The static export: what it writes, that it equals what the server sends, that a re-export
touches only what changed, that it deletes only its own files, and its `_headers`."""

from __future__ import annotations

import gzip
import json
import re
import shutil
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from webapp.serving import runtime
from webapp.serving.published import published
from webapp.serving.writes import publish
from webapp.static_site import export as static_export
from webapp.static_site import headers as export_headers
from webapp.static_site import paths as export_paths
from webapp.static_site import sync as export_sync

SITE = "https://schedule.example.org"
SESSIONS = ("s1a2b3", "k9x8y7", "q4w5e6")


@pytest.fixture
def out(tmp_path: Path) -> Path:
    return tmp_path / "site"


def export(app, out: Path, **kw) -> export_sync.SyncReport:
    return export_sync.sync(out, static_export.build(app, SITE, **kw).files)


def snapshot(root: Path) -> dict[str, tuple[int, bytes]]:
    return {
        p.relative_to(root).as_posix(): (p.stat().st_mtime_ns, p.read_bytes())
        for p in root.rglob("*")
        if p.is_file()
    }


def test_every_route_is_exported_or_excluded_with_a_reason(app):
    exported = {static_export.endpoint(app, url) for url in static_export.build(app, SITE).urls.values()}
    routes = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert routes - exported - static_export.EXCLUDED.keys() == set()
    assert static_export.EXCLUDED.keys() <= routes, "an exclusion names a route that no longer exists"


def test_the_shell_is_written_at_every_deep_link(app, client, out):
    export(app, out)
    app.config["PUBLIC_URL"] = SITE  # the exported shell names the site's address, for the scanner
    shell = client.get("/shell.html").data
    deep = ["my", "now", "rooms", "speakers", "map", "scan", "share", "room/main", "room/side"]
    deep += ["speaker/ada-lovelace", "speaker/alan-turing"]
    for path in deep:
        assert (out / path / "index.html").read_bytes() == shell, path
    assert (out / "404.html").read_bytes() == shell
    assert (out / "shell.html").read_bytes() == shell  # what the service worker keeps


def test_the_start_page_and_session_pages_are_written_with_their_first_screen(app, out):
    export(app, out)
    start = BeautifulSoup((out / "index.html").read_bytes(), "html.parser")
    assert start.find("main").find("article", attrs={"data-session": True}) is not None
    assert start.find(id="loading") is None
    schedule = published(runtime(app)).schedule
    for sid in SESSIONS:
        page = BeautifulSoup((out / "session" / sid / "index.html").read_bytes(), "html.parser")
        assert page.find("main").find("h1").get_text() == schedule.session(sid).title
        assert page.find("button", attrs={"data-star": sid}) is not None


@pytest.mark.parametrize(
    ("url", "rel"),
    [
        ("/api/v1/schedule.json", "api/v1/schedule.json"),
        ("/api/v1/outline.json", "api/v1/outline.json"),
        ("/api/v1/texts.json", "api/v1/texts.json"),
        ("/api/v1/venue.json", "api/v1/venue.json"),
        ("/sw.js", "sw.js"),
        ("/manifest.webmanifest", "manifest.webmanifest"),
        ("/schedule.ics", "schedule.ics"),
        ("/session/k9x8y7.ics", "session/k9x8y7.ics"),
        ("/room/side.ics", "room/side.ics"),
        ("/session/k9x8y7/qr.svg", "session/k9x8y7/qr.svg"),
        ("/session/k9x8y7/qr.png", "session/k9x8y7/qr.png"),
        ("/export/schedule.json", "export/schedule.json"),
        ("/export/schedule.xml", "export/schedule.xml"),
        ("/print/all", "print/all/index.html"),
    ],
)
def test_files_are_what_the_server_sends_for_the_public_address(app, out, url, rel):
    export(app, out)
    app.config["PUBLIC_URL"] = SITE
    assert (out / rel).read_bytes() == app.test_client().get(url).data


def test_qr_codes_and_calendars_carry_the_public_address(app, out):
    export(app, out)
    assert f"URL:{SITE}/session/k9x8y7" in (out / "session/k9x8y7.ics").read_text().replace("\r\n ", "")
    assert "localhost" not in (out / "schedule.ics").read_text()


def test_every_hashed_asset_is_written_under_its_tree_hash(app, out):
    export(app, out)
    tree = runtime(app).tree()
    for path, asset in tree.files.items():
        written = out / "assets" / tree.tree_hash / path
        if path.endswith(".map"):  # source maps stay on the server (developer tools only)
            assert not written.exists()
        else:
            assert written.read_bytes() == asset.body
    assert any(p.endswith(".map") for p in tree.files)


def test_door_sign_links_with_a_day_point_at_files_that_exist(app, out):
    export(app, out)
    index = (out / "print/index.html").read_text()
    links = re.findall(r'href="(/print/[^"]*)"', index)
    assert any("day-2026-04-07.html" in link for link in links)
    assert not [link for link in links if "?" in link]
    for link in links:
        target = out / link.strip("/")
        assert (target / "index.html" if target.is_dir() else target).is_file(), link
    assert "Opening" in (out / "print/room/main/day-2026-04-07.html").read_text()


def test_changes_feed_holds_every_correction_since_the_last_import(app, out):
    publish(runtime(app), {"kind": "move", "session": "s1a2b3", "room": "side", "force": True})
    publish(runtime(app), {"kind": "cancel", "session": "q4w5e6"})
    export(app, out)
    doc = json.loads((out / "api/v1/changes").read_text())
    assert (doc["version"], doc["since"], doc["reload"]) == (2, 0, False)
    assert [c["version"] for c in doc["changes"]] == [1, 2]
    assert json.loads((out / "api/v1/schedule.json").read_text())["version"] == 2


def test_changes_feed_starts_at_a_new_import(app, data_dir, out):
    publish(runtime(app), {"kind": "cancel", "session": "q4w5e6"})
    doc = json.loads((data_dir / "schedule.json").read_text())
    doc["event"]["name"] = "MiniCon 2026 (second import)"
    (data_dir / "schedule.json").write_text(json.dumps(doc))
    export(app, out)
    changes = json.loads((out / "api/v1/changes").read_text())
    assert (changes["version"], changes["since"], changes["changes"]) == (2, 2, [])


def test_a_second_export_with_nothing_new_writes_nothing(app, out):
    export(app, out)
    before = snapshot(out)
    report = export(app, out)
    assert report.written == () and report.removed == ()
    assert snapshot(out) == before


def test_after_a_correction_only_the_files_it_changes_are_rewritten(app, out):
    export(app, out)
    before = snapshot(out)
    publish(
        runtime(app),
        {
            "kind": "retime",
            "session": "k9x8y7",
            "start": "2026-04-07T11:00:00+02:00",
            "end": "2026-04-07T11:10:00+02:00",
            "force": True,  # after the day's last session
        },
    )
    report = export(app, out)
    after = snapshot(out)
    changed = {rel for rel in after if after[rel] != before.get(rel)}
    assert changed - {export_sync.MARKER} == set(report.written)
    assert {"api/v1/schedule.json", "api/v1/changes", "session/k9x8y7.ics", "schedule.ics"} <= changed
    # The start page and the session's own page show its new time in their first screen.
    assert {"index.html", "session/k9x8y7/index.html"} <= changed
    untouched = ("sw.js", "shell.html", "session/s1a2b3.ics", "manifest.webmanifest")
    assert not changed & set(untouched)
    assert not [rel for rel in changed if rel.startswith("assets/")]
    assert json.loads(after["api/v1/schedule.json"][1])["version"] == 1
    # The app's two documents move with it: the outline and the texts of the same version.
    assert {"api/v1/outline.json", "api/v1/texts.json"} <= changed
    assert json.loads(after["api/v1/outline.json"][1])["version"] == 1
    assert json.loads(after["api/v1/texts.json"][1])["version"] == 1


def test_files_of_a_session_no_longer_in_the_schedule_are_removed(app, data_dir, out):
    export(app, out)
    doc = json.loads((data_dir / "schedule.json").read_text())
    doc["sessions"] = [s for s in doc["sessions"] if s["id"] != "q4w5e6"]
    (data_dir / "schedule.json").write_text(json.dumps(doc))
    report = export(app, out)
    assert {"session/q4w5e6/index.html", "session/q4w5e6.ics", "session/q4w5e6/qr.svg"} <= set(report.removed)
    assert not (out / "session/q4w5e6").exists() and not (out / "session/q4w5e6.ics").exists()
    assert (out / "session/k9x8y7/index.html").is_file()


def test_a_directory_not_written_by_the_export_is_refused_and_left_alone(app, tmp_path):
    site = tmp_path / "home"
    site.mkdir()
    (site / "notes.txt").write_text("mine")
    with pytest.raises(export_sync.ExportDirError, match="not empty"):
        export(app, site)
    assert [p.name for p in site.iterdir()] == ["notes.txt"]


@pytest.mark.parametrize(
    "listed", [["../outside.txt"], ["a/../../outside.txt"], ["/etc/passwd"], "not a list"]
)
def test_a_tampered_marker_never_deletes_outside_the_export(app, tmp_path, listed):
    site = tmp_path / "site"
    site.mkdir()
    (tmp_path / "outside.txt").write_text("keep")
    (site / export_sync.MARKER).write_text(json.dumps({"files": listed}))
    with pytest.raises((export_sync.ExportDirError, export_paths.ExportPathError)):
        export(app, site)
    assert (tmp_path / "outside.txt").read_text() == "keep"


def test_a_symlink_out_of_the_export_is_not_written_through(app, tmp_path):
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    export(app, site)
    elsewhere.mkdir()
    for p in (site / "session").rglob("*"):
        if p.is_file():
            p.unlink()
    for d in sorted((site / "session").glob("*"), reverse=True):
        d.rmdir()
    (site / "session").rmdir()
    (site / "session").symlink_to(elsewhere)
    with pytest.raises(export_paths.ExportPathError, match="outside"):
        export(app, site)
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize(
    ("url", "is_html", "rel"),
    [
        ("/", True, "index.html"),
        ("/session/abc", True, "session/abc/index.html"),
        ("/print/all?day=2026-04-07", True, "print/all/day-2026-04-07.html"),
        ("/print/room/main?day=2026-04-07", True, "print/room/main/day-2026-04-07.html"),
        ("/session/abc.ics", False, "session/abc.ics"),
        ("/api/v1/schedule.json", False, "api/v1/schedule.json"),
    ],
)
def test_urls_map_to_files_a_static_host_serves_at_that_url(url, is_html, rel):
    assert export_paths.target(url, is_html) == rel
    if "?" not in url:
        assert export_paths.public_path(rel) in (url, url + "/")


@pytest.mark.parametrize(
    "url",
    [
        "/session/../../etc/passwd",
        "/session/..",
        "/.hidden/index.html",
        "/session/%2e%2e/x",
        "//evil.example/x",
        "https://evil.example/x",
        "/print/all?day=../../x",
        "/print/all?day=",
        "/" + "/".join(["a"] * 20),
        "/session/a b",
    ],
)
def test_unsafe_urls_are_refused(url):
    with pytest.raises(export_paths.ExportPathError):
        export_paths.target(url, True)


def test_feeds_cannot_be_exported_with_a_query():
    with pytest.raises(export_paths.ExportPathError, match="query"):
        export_paths.target("/api/v1/changes?since=3", False)


def test_public_url_must_be_a_site_root(app):
    for bad in ("schedule.example.org", "ftp://x.org", "https://x.org/sub/", "https://x.org/?a=1"):
        with pytest.raises(static_export.ExportError):
            static_export.build(app, bad)


def rules(text: str) -> list[tuple[str, dict[str, str]]]:
    parsed: list[tuple[str, dict[str, str]]] = []
    for line in text.splitlines():
        if line.startswith("/"):
            parsed.append((line, {}))
        elif line.startswith("  "):
            name, _, value = line.strip().partition(": ")
            parsed[-1][1][name] = value
    return parsed


def matches(pattern: str, path: str) -> bool:
    if pattern.endswith("/*"):
        return path.startswith(pattern[:-1])
    return path == pattern


def test_headers_file_caches_assets_forever_and_revalidates_the_rest(app, out):
    export(app, out)
    parsed = rules((out / "_headers").read_text())
    for rel in snapshot(out):
        if rel == export_sync.MARKER or rel.startswith("_"):  # server configuration, not the site
            continue
        path = export_paths.public_path(rel)
        sent: dict[str, list[str]] = {}
        for pattern, headers in parsed:
            if pattern == "/*" or matches(pattern, path):
                for name, value in headers.items():
                    sent.setdefault(name, []).append(value)
        assert all(len(v) == 1 for v in sent.values()), f"{path}: headers set twice {sent}"
        cache = sent["Cache-Control"][0]
        assert cache == (export_headers.IMMUTABLE if rel.startswith("assets/") else "no-cache"), path
        assert "default-src 'self'" in sent["Content-Security-Policy"][0]
        assert sent["X-Content-Type-Options"] == ["nosniff"]
    assert ("/api/v1/changes", {"Content-Type": "application/json"}) in parsed


def test_headers_that_differ_inside_one_top_level_entry_are_refused():
    files = {"a/x.html": {"Cache-Control": "no-cache"}, "a/y.png": {"Cache-Control": "max-age=60"}}
    with pytest.raises(export_headers.HeadersError, match="/a"):
        export_headers.render(files, {})


def test_precompressed_files_hold_the_same_bytes(app, out):
    export(app, out, precompress=True)
    gz = out / "api/v1/schedule.json.gz"
    assert gzip.decompress(gz.read_bytes()) == (out / "api/v1/schedule.json").read_bytes()
    assert (out / "index.html.br").is_file()
    assert not (out / "session/k9x8y7/qr.png.gz").exists()


def test_cli_exports_and_says_what_it_did(runner, out):
    result = runner.invoke(args=["export", str(out), "--public-url", SITE])
    assert result.exit_code == 0, result.output
    assert re.search(r"exported version 0 to .*: \d+ files written, 0 unchanged, 0 removed", result.output)
    again = runner.invoke(args=["export", str(out), "--public-url", SITE])
    assert re.search(r" 0 files written, \d+ unchanged", again.output)


def test_cli_needs_the_public_address(runner, out):
    result = runner.invoke(args=["export", str(out)])
    assert result.exit_code != 0 and "--public-url" in result.output
    assert not out.exists()


def test_cli_reports_a_refused_directory_without_a_traceback(runner, tmp_path):
    (tmp_path / "keep.txt").write_text("x")
    result = runner.invoke(args=["export", str(tmp_path), "--public-url", SITE])
    assert result.exit_code == 1 and "not empty" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_correction_published_during_the_export_is_not_half_exported(app, monkeypatch):
    walk = static_export._walk
    calls = []

    def walk_while_publishing(app_, base):
        result = walk(app_, base)
        if not calls:
            publish(runtime(app), {"kind": "cancel", "session": "q4w5e6"})
        calls.append(result.version)
        return result

    monkeypatch.setattr(static_export, "_walk", walk_while_publishing)
    out = static_export.build(app, SITE)
    assert calls == [0, 1] and out.version == 1
    assert json.loads(out.files["api/v1/schedule.json"])["version"] == 1


def test_an_export_that_never_settles_is_refused(app, monkeypatch):
    walk = static_export._walk
    counter = iter(range(100))

    def walk_while_publishing(app_, base):
        result = walk(app_, base)
        note = f"n{next(counter)}"
        publish(runtime(app), {"kind": "edit", "session": "q4w5e6", "title": note})
        return result

    monkeypatch.setattr(static_export, "_walk", walk_while_publishing)
    with pytest.raises(static_export.ExportError, match="run it again"):
        static_export.build(app, SITE)


def test_nginx_and_caddy_snippets_carry_the_same_security_headers(app, out):
    export(app, out)
    common = dict(rules((out / "_headers").read_text()))["/*"]
    nginx = (out / export_headers.NGINX_FILE).read_text()
    caddy = (out / export_headers.CADDY_FILE).read_text()
    for name, value in common.items():
        assert f'add_header {name} "{value}" always;' in nginx
        assert f'\t{name} "{value}"' in caddy
    assert "style-src 'self' 'sha256-" in nginx


def test_a_header_value_that_cannot_be_quoted_is_refused():
    with pytest.raises(export_headers.HeadersError):
        export_headers.render_nginx({"X-Test": 'a "quoted" value'})


def test_headers_file_stays_within_cloudflare_pages_limit_of_100_rules(app, data_dir, out):
    # The shipped event has more rooms, speakers and sessions than the fixture: rules do not grow with them.
    shutil.copy(Path(__file__).parents[3] / "data" / "schedule.json", data_dir / "schedule.json")
    export(app, out)
    text = (out / "_headers").read_text()
    assert len([line for line in text.splitlines() if line.startswith("/")]) <= 100


def test_an_https_site_tells_browsers_to_keep_to_https_in_every_host_configuration(app, out):
    export(app, out)
    parsed = dict(rules((out / "_headers").read_text()))
    assert parsed["/*"]["Strict-Transport-Security"] == "max-age=31536000"
    assert (
        'add_header Strict-Transport-Security "max-age=31536000" always;' in (out / "_nginx.conf").read_text()
    )
    assert '\tStrict-Transport-Security "max-age=31536000"' in (out / "_caddy.conf").read_text()


def test_a_plain_http_site_does_not(app, tmp_path):
    files = static_export.build(app, "http://schedule.example.org").files
    for name in (export_headers.FILE_NAME, export_headers.NGINX_FILE, export_headers.CADDY_FILE):
        assert b"Strict-Transport-Security" not in files[name], name
