"""deploy/nginx-proxy.conf, as shipped, in front of gunicorn: pages the app never made (gunicorn's
own 414 for a request line past its limit, nginx's own 400/414) still carry the security
headers, and the app's own answers keep exactly one policy, its own (issue 16, break 6)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.harness.gunicorn import Gunicorn
from tests.harness.net import Answer, request
from tests.harness.static import NginxProxy

SECURITY = (
    "Content-Security-Policy",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[NginxProxy, Gunicorn]]:
    base = tmp_path_factory.mktemp("proxy")
    server = Gunicorn(base / "app", workers=1, env={"HALLWAY_PROXY_HOPS": "1"}).start()
    proxy = NginxProxy(base / "nginx", server)
    try:
        yield proxy.start(), server
    finally:
        proxy.stop()
        server.stop()


def get(proxy: NginxProxy, path: str, headers: dict[str, str] | None = None) -> Answer:
    return request(proxy, "GET", path, headers={"Host": "127.0.0.1", **(headers or {})})


def values(headers, name: str) -> list[str]:
    return headers.get_all(name) or []


def test_the_apps_own_pages_keep_exactly_its_own_policy(proxied) -> None:
    proxy, server = proxied
    status, headers, _ = get(proxy, "/")
    assert status == 200
    own = request(server, "GET", "/").headers
    for name in SECURITY:
        assert values(headers, name) == [own[name]], name  # one header, the app's


def test_gunicorns_own_414_page_gets_the_security_headers(proxied) -> None:
    proxy, _ = proxied
    # Past gunicorn's default request-line limit (4094) and within nginx's (8k): gunicorn refuses.
    status, headers, body = get(proxy, "/?" + "a" * 6000)
    assert status in (400, 414)
    assert b"Request Line is too large" in body  # gunicorn's page, not the app's nor nginx's
    for name in SECURITY:
        assert len(values(headers, name)) == 1, name
    assert values(headers, "Content-Security-Policy")[0].startswith("default-src 'none'")


@pytest.mark.parametrize(
    ("path", "headers"),
    [("/?" + "a" * 9000, {}), ("/", {"X-Big": "b" * 9000})],
    ids=["uri-too-long", "header-too-large"],
)
def test_nginxs_own_error_pages_get_the_security_headers(proxied, path, headers) -> None:
    proxy, _ = proxied
    status, got, body = get(proxy, path, headers)
    assert status in (400, 414) and b"nginx" in body
    for name in SECURITY:
        assert len(values(got, name)) == 1, name


def test_a_host_nobody_configured_is_refused_by_the_app_with_its_headers(proxied) -> None:
    proxy, _ = proxied
    status, headers, body = get(proxy, "/session/s1a2b3/qr.png", {"Host": "evil.example"})
    assert status == 400 and b"HALLWAY_TRUSTED_HOSTS" in body
    assert "public" not in (values(headers, "Cache-Control") or [""])[0]
    for name in SECURITY:
        assert len(values(headers, name)) == 1, name


def test_the_health_check_through_the_proxy_names_a_trusted_host(proxied) -> None:
    proxy, _ = proxied
    status, _, body = get(proxy, "/healthz")
    assert status == 200, body


def test_over_plain_http_no_one_is_told_to_keep_to_https(proxied) -> None:
    proxy, server = proxied
    # The proxy says the scheme it was asked with, whatever a client claims.
    _, headers, _ = get(proxy, "/", {"X-Forwarded-Proto": "https"})
    assert values(headers, "Strict-Transport-Security") == []
    # The app behind it, told https by its one trusted hop, says it once.
    own = request(server, "GET", "/", headers={"X-Forwarded-Proto": "https"}).headers
    assert values(own, "Strict-Transport-Security") == ["max-age=31536000"]
