"""deploy/nginx-proxy.conf, as shipped, in front of gunicorn: pages the app never made (gunicorn's
own 414 for a request line past its limit, nginx's own 400/414) still carry the security
headers, and the app's own answers keep exactly one policy, its own (issue 16, break 6)."""

from __future__ import annotations

import http.client
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from e2e_support import ROOT, free_port
from rel_support import Gunicorn

CONFIG = ROOT / "deploy" / "nginx-proxy.conf"
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)
SECURITY = (
    "Content-Security-Policy",
    "X-Content-Type-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
)


class Proxy:
    def __init__(self, base: Path, upstream: int) -> None:
        prefix = base / "nginx"
        prefix.mkdir()
        self.port = free_port()
        conf = CONFIG.read_text().replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        conf = conf.replace("server 127.0.0.1:8000;", f"server 127.0.0.1:{upstream};")
        (prefix / "site.conf").write_text(conf)
        temp = " ".join(
            f"{k}_temp_path {prefix}/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (prefix / "nginx.conf").write_text(
            f"pid {prefix}/nginx.pid; error_log {prefix}/error.log;\n"
            "events { worker_connections 64; }\n"
            f"http {{ access_log off; {temp} include {prefix}/site.conf; }}\n"
        )
        cmd = [
            str(NGINX),
            "-p",
            str(prefix),
            "-c",
            str(prefix / "nginx.conf"),
            "-g",
            "daemon off; master_process off;",
        ]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 15
        while True:
            try:
                self.get("/")  # any answer: nginx is up (the app's answers are the tests' business)
                break
            except OSError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"nginx did not start: {(prefix / 'error.log').read_text()[-2000:]}")
            time.sleep(0.05)

    def get(
        self, path: str, headers: dict[str, str] | None = None
    ) -> tuple[int, list[tuple[str, str]], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.putrequest("GET", path, skip_host=True)
            for name, value in {"Host": "127.0.0.1", **(headers or {})}.items():
                conn.putheader(name, value)
            conn.endheaders()
            response = conn.getresponse()
            return response.status, response.getheaders(), response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Proxy, Gunicorn]]:
    if NGINX is None:
        pytest.fail("nginx is not installed: scripts/test.sh installs nginx-light")
    base = tmp_path_factory.mktemp("proxy")
    server = Gunicorn(base, workers=1, env={"HALLWAY_PROXY_HOPS": "1"}).start()
    proxy = Proxy(base, server.port)
    yield proxy, server
    proxy.stop()
    server.stop()


def values(headers: list[tuple[str, str]], name: str) -> list[str]:
    return [v for k, v in headers if k.lower() == name.lower()]


def test_the_apps_own_pages_keep_exactly_its_own_policy(proxied) -> None:
    proxy, server = proxied
    status, headers, _ = proxy.get("/")
    assert status == 200
    direct = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    direct.request("GET", "/")
    own = direct.getresponse()
    own.read()
    direct.close()
    for name in SECURITY:
        assert values(headers, name) == [own.getheader(name)], name  # one header, the app's


def test_gunicorns_own_414_page_gets_the_security_headers(proxied) -> None:
    proxy, _ = proxied
    # Past gunicorn's default request-line limit (4094) and within nginx's (8k): gunicorn refuses.
    status, headers, body = proxy.get("/?" + "a" * 6000)
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
    status, got, body = proxy.get(path, headers)
    assert status in (400, 414) and b"nginx" in body
    for name in SECURITY:
        assert len(values(got, name)) == 1, name


def test_a_host_nobody_configured_is_refused_by_the_app_with_its_headers(proxied) -> None:
    proxy, _ = proxied
    status, headers, body = proxy.get("/session/s1a2b3/qr.png", {"Host": "evil.example"})
    assert status == 400 and b"HALLWAY_TRUSTED_HOSTS" in body
    assert "public" not in (values(headers, "Cache-Control") or [""])[0]
    for name in SECURITY:
        assert len(values(headers, name)) == 1, name


def test_the_health_check_through_the_proxy_names_a_trusted_host(proxied) -> None:
    proxy, _ = proxied
    status, _, body = proxy.get("/healthz")
    assert status == 200, body
