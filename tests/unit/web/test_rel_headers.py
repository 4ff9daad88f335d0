"""Headers on every response of every route, found ones and refused ones alike: a strict
Content-Security-Policy (this origin only, no 'unsafe-inline', no framing), nosniff, a
Referrer-Policy; hashed assets cached immutable, the service worker and the feeds never.
Paths from outside never reach a file outside static/ (see also
tests/e2e/reliability/test_write_path_and_files_are_guarded.py, which sends the same paths
unnormalized to gunicorn)."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from webapp.serving import runtime

# A real value for each URL parameter, per route, and one that names nothing.
GOOD = {"sid": "s1a2b3", "session_id": "s1a2b3", "room_id": "main", "filename": "js/app.js"}
SID_BY_KIND = {
    "session": "s1a2b3",
    "s": "s1a2b3",  # a short link to a session
    "speaker": "ada-lovelace",
    "room": "main",
    "track": "compilers",
}
QUERY = {
    "/my.ics": "?s=s1a2b3,k9x8y7",
    "/print/room/<room_id>": "?day=2026-04-07",
    "/api/v1/changes": "?since=0",
}
NEVER_CACHED = ("/sw.js", "/api/v1/", "/export/", ".ics", "/healthz")


def urls(app) -> list[tuple[str, str]]:
    """(rule, url) for every GET route: once with good values, once with an unknown id."""
    tree = runtime(app).tree()
    out = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        for good in (True, False):
            url = rule.rule
            for name in rule.arguments:
                if name == "tree_hash":
                    value = tree.tree_hash if good else "0" * 12
                elif name == "name":
                    value = sorted(tree.files)[0] if good else "no/such.js"
                elif name == "sid":
                    value = SID_BY_KIND[rule.rule.split("/")[1]] if good else "nope"
                else:
                    value = GOOD[name] if good else "nope"
                url = re.sub(rf"<(?:[a-z]+:)?{name}>", value, url)
            if good or rule.arguments:
                out.append((rule.rule, url + QUERY.get(rule.rule, "")))
    return out


def check_security_headers(url: str, headers) -> None:
    csp = headers.get("Content-Security-Policy", "")
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives.get("default-src") == ["'self'"], (url, csp)
    assert directives.get("frame-ancestors") == ["'none'"], (url, csp)
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, (url, csp)
    sources = [s for values in directives.values() for s in values]
    others = [s for s in sources if not (s.startswith("'") or s in ("data:", "blob:"))]
    assert others == [], f"{url}: a host other than this one is allowed: {others}"
    assert headers.get("X-Content-Type-Options") == "nosniff", url
    assert headers.get("Referrer-Policy") in ("no-referrer", "same-origin", "strict-origin"), url


def test_every_route_sends_the_security_headers_found_or_not(client, app) -> None:
    statuses: Counter[int] = Counter()
    for _rule, url in urls(app):
        resp = client.get(url)
        statuses[resp.status_code] += 1
        assert resp.status_code < 500, (url, resp.status_code)
        check_security_headers(url, resp.headers)
    print(f"\nheaders checked on {sum(statuses.values())} responses: {dict(sorted(statuses.items()))}")
    assert statuses[200] >= 25 and statuses[404] >= 8  # both sides of every route were reached


@pytest.mark.parametrize(
    ("method", "url", "status"),
    [("POST", "/", 405), ("GET", "/no/such/page", 404), ("POST", "/api/v1/corrections", 403),
     ("GET", "/api/v1/changes?since=x", 400), ("PUT", "/api/v1/schedule.json", 405)],
)  # fmt: skip
def test_errors_carry_the_security_headers_too(client, method, url, status) -> None:
    resp = client.open(url, method=method)
    assert resp.status_code == status
    check_security_headers(url, resp.headers)


def test_hashed_assets_are_immutable_and_the_worker_and_feeds_are_never_cached(client, app) -> None:
    tree = runtime(app).tree()
    for name in sorted(tree.files):
        cache = client.get(tree.url(name)).headers["Cache-Control"]
        assert "immutable" in cache and "max-age=31536000" in cache, (name, cache)
    checked = 0
    for rule, url in urls(app):
        if any(marker in rule for marker in NEVER_CACHED):
            resp = client.get(url)
            if resp.status_code == 200:
                cache = resp.headers.get("Cache-Control", "")
                assert "no-cache" in cache or "no-store" in cache, (url, cache)
                assert "immutable" not in cache and "max-age" not in cache.replace("max-age=0", ""), url
                checked += 1
    print(f"\n{len(tree.files)} hashed assets immutable; {checked} worker/feed/export answers never cached")
    assert checked >= 9


SECRETS = {
    "pyproject.toml": "[build-system]",
    "webapp/settings.py": "PROJECT_ROOT",
    "/etc/passwd": "root:x:0:0",
    "corrections store": "SQLite format 3",
}


def traversal_paths(tree_hash: str) -> list[str]:
    up = [
        "../",
        "..%2f",
        "%2e%2e/",
        "%2e%2e%2f",
        "..%5c",
        "%252e%252e%252f",
        "....//",
        "..;/",
        "%c0%ae%c0%ae/",
    ]
    targets = ["pyproject.toml", "webapp/settings.py", "data/corrections.sqlite3", "etc/passwd"]
    out = []
    for prefix in (f"/assets/{tree_hash}/", "/static/", "/session/", "/print/room/", "/room/", "/"):
        for u in up:
            for depth in (1, 2, 6):
                for t in targets:
                    out.append(prefix + u * depth + t)
    out += ["/static//etc/passwd", "/static/%2fetc%2fpasswd", "//etc/passwd", "/static/js/app.js%00.py",
            f"/assets/{tree_hash}//etc/passwd", "/session/s1a2b3%2f..%2f..%2fpyproject.toml/qr.svg",
            "/room/..%2fdata%2fcorrections.sqlite3.ics", "/session/.%2e/.%2e/pyproject.toml.ics"]  # fmt: skip
    return out


def leaked(body: bytes) -> list[str]:
    return [name for name, marker in SECRETS.items() if marker.encode() in body]


def test_no_path_reaches_a_file_outside_static(client, app) -> None:
    paths = traversal_paths(runtime(app).tree().tree_hash)
    statuses: Counter[int] = Counter()
    for path in paths:
        resp = client.get(path)
        statuses[resp.status_code] += 1
        assert resp.status_code < 500, (path, resp.status_code)
        assert leaked(resp.data) == [], f"{path} served {leaked(resp.data)}"
        if resp.status_code == 200:  # only the app shell may answer a path it does not know
            assert resp.mimetype == "text/html" and b"<!doctype html>" in resp.data[:100].lower(), path
    print(f"\n{len(paths)} traversal paths: {dict(sorted(statuses.items()))}, nothing outside static/ served")


def test_static_files_come_only_from_the_static_directory(client, app) -> None:
    tree = runtime(app).tree()
    for name in ("js/app.js", "sw.js", "manifest.webmanifest"):
        if name in tree.files:
            assert client.get(tree.url(name)).data == tree.files[name].body
    assert client.get(tree.url("js/app.js").replace("js/app.js", "../static/js/app.js")).status_code == 404
