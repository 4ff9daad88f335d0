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
