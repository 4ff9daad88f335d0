"""Headers on every response: a strict CSP (inline style only by hash) and friends."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup
from flask import Response

from webapp.web import assets
from webapp.web.security import policy

PATHS = ["/", "/session/nosuch", "/api/v1/schedule.json", "/sw.js", "/manifest.webmanifest", "/no/such/page"]


@pytest.mark.parametrize("path", PATHS)
def test_every_response_carries_the_security_headers(client, path) -> None:
    headers = client.get(path).headers
    csp = headers["Content-Security-Policy"]
    for directive in ("default-src 'self'", "base-uri 'none'", "object-src 'none'", "frame-ancestors 'none'"):
        assert directive in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert "http:" not in csp and "https:" not in csp and "*" not in csp
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def test_the_only_inline_code_is_the_shells_style_allowed_by_its_hash(client) -> None:
    response = client.get("/")
    soup = BeautifulSoup(response.data, "html.parser")
    styles = soup.find_all("style")
    assert len(styles) == 1
    assert assets.csp_hash(styles[0].string) in response.headers["Content-Security-Policy"]
    assert all(script.get("src") for script in soup.find_all("script"))
    assert not soup.find_all(style=True)


def test_a_view_that_sets_its_own_policy_keeps_it(app) -> None:
    @app.get("/relaxed-for-test")
    def relaxed() -> Response:
        return Response("ok", headers={"Content-Security-Policy": "default-src 'self'; img-src data:"})

    headers = app.test_client().get("/relaxed-for-test").headers
    assert headers["Content-Security-Policy"] == "default-src 'self'; img-src data:"
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_policy_without_inline_style_has_no_style_src() -> None:
    assert "style-src" not in policy(None)
    assert policy("'sha256-abc'").endswith("style-src 'self' 'sha256-abc'")


HSTS = "max-age=31536000"


def _hsts(app, path: str = "/", **kw) -> str | None:
    return app.test_client().get(path, **kw).headers.get("Strict-Transport-Security")


@pytest.mark.parametrize("path", PATHS)
def test_answers_over_https_tell_the_browser_to_keep_to_https(app, path) -> None:
    assert _hsts(app, path, base_url="https://localhost") == HSTS
    assert _hsts(app, path, base_url="http://localhost") is None


def test_the_shells_304_from_the_fast_path_keeps_it(app) -> None:
    client = app.test_client()
    first = client.get("/", base_url="https://localhost")
    etag = first.headers["ETag"]
    for _ in range(3):  # the first 304 is Flask's, then the fast path replays it
        again = client.get("/", base_url="https://localhost", headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.headers["Strict-Transport-Security"] == HSTS
    plain = client.get("/", base_url="http://localhost", headers={"If-None-Match": etag})
    assert plain.status_code == 304 and "Strict-Transport-Security" not in plain.headers


def test_behind_a_trusted_proxy_the_forwarded_scheme_decides(data_dir) -> None:
    from webapp import create_app

    https = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.9"}
    proxied = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PROXY_HOPS": 1})
    assert _hsts(proxied, headers=https) == HSTS
    assert _hsts(proxied) is None
    direct = create_app({"TESTING": True, "DATA_DIR": str(data_dir)})  # a client cannot ask for it
    assert _hsts(direct, headers=https) is None


def test_an_https_public_url_sends_it_whatever_the_proxy_says(data_dir) -> None:
    from webapp import create_app

    app = create_app({"TESTING": True, "DATA_DIR": str(data_dir), "PUBLIC_URL": "https://localhost"})
    assert _hsts(app) == HSTS
