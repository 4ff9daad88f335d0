"""deploy/nginx-static.conf, as shipped, serving a real export: deep links without a redirect,
the same security headers as the Flask server, assets immutable, everything else revalidated,
the changes feed as JSON, precompressed files, and the server-configuration files hidden."""

from __future__ import annotations

import http.client
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from deploy_support import answers, flask_cli
from e2e_support import FIXTURES, ROOT, free_port

from webapp import create_app
from webapp.static_site import headers as export_headers

CONFIG = ROOT / "deploy" / "nginx-static.conf"
NGINX = shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx",) if Path(p).exists()), None)


class Nginx:
    def __init__(self, base: Path) -> None:
        self.data_dir, self.site, prefix = base / "data", base / "site", base / "nginx"
        self.data_dir.mkdir()
        shutil.copy(FIXTURES / "mini_schedule.json", self.data_dir / "schedule.json")
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        flask_cli(self.data_dir, "export", str(self.site), "--public-url", self.url, "--precompress")
        prefix.mkdir()
        site_conf = CONFIG.read_text().replace("listen 80;", f"listen 127.0.0.1:{self.port};")
        (prefix / "site.conf").write_text(site_conf.replace("/srv/hallway", str(self.site)))
        temp = " ".join(
            f"{k}_temp_path {prefix}/{k};" for k in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (prefix / "nginx.conf").write_text(
            f"pid {prefix}/nginx.pid; error_log {prefix}/error.log;\n"
            "events { worker_connections 64; }\n"
            f"http {{ access_log off; {temp} include {prefix}/site.conf; }}\n"
        )
        # One process running as the test's user: it can read the test's private temp dirs.
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
        while not answers(self.url + "/"):
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"nginx did not start: {(prefix / 'error.log').read_text()[-2000:]}")
            time.sleep(0.05)

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
        """One request, redirects not followed (a redirect is an answer of its own here)."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", path, headers=headers)
            response = conn.getresponse()
            return response.status, dict(response.getheaders()), response.read()
        finally:
            conn.close()

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)


@pytest.fixture(scope="module")
def nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Nginx]:
    if NGINX is None:
        pytest.fail("nginx is not installed: scripts/test.sh installs nginx-light")
    server = Nginx(tmp_path_factory.mktemp("nginx"))
    yield server
    server.stop()


def test_deep_links_are_served_without_a_redirect_with_the_servers_headers(nginx) -> None:
    flask = (
        create_app({"TESTING": True, "DATA_DIR": str(nginx.data_dir)}).test_client().get("/session/k9x8y7")
    )
    for path in ("/", "/session/k9x8y7", "/session/k9x8y7/", "/speaker/ada-lovelace", "/my"):
        status, headers, body = nginx.get(path)
        assert status == 200, path  # not a redirect to /session/k9x8y7/
        assert body == (nginx.site / "index.html").read_bytes()
        assert headers["Content-Security-Policy"] == flask.headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Cache-Control"] == "no-cache"


@pytest.mark.parametrize(
    ("path", "cache", "content_type"),
    [
        ("/sw.js", "no-cache", "javascript"),
        ("/api/v1/schedule.json", "no-cache", "application/json"),
        ("/api/v1/changes?since=0", "no-cache", "application/json"),
        ("/manifest.webmanifest", "no-cache", "application/manifest+json"),
        ("/schedule.ics", "no-cache", "text/calendar"),
        ("/session/k9x8y7/qr.svg", "no-cache", "image/svg+xml"),
    ],
)
def test_feeds_and_documents_are_revalidated_with_their_types(nginx, path, cache, content_type) -> None:
    status, headers, _ = nginx.get(path)
    assert status == 200
    assert headers["Cache-Control"] == cache
    assert content_type in headers["Content-Type"]


def test_hashed_assets_are_immutable_and_served_precompressed(nginx) -> None:
    app_js = next(nginx.site.glob("assets/*/js/app.bundle.js"))
    path = "/" + app_js.relative_to(nginx.site).as_posix()
    status, headers, body = nginx.get(path, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Cache-Control"] == export_headers.IMMUTABLE
    assert headers["Content-Encoding"] == "gzip"
    assert body == Path(str(app_js) + ".gz").read_bytes()


@pytest.mark.parametrize("path", ["/_headers", "/_nginx.conf", "/_caddy.conf", "/.hallway-export.json"])
def test_server_configuration_files_are_not_served(nginx, path) -> None:
    assert nginx.get(path)[0] == 404


def test_an_unknown_path_gets_the_app_shell_with_a_404(nginx) -> None:
    status, _, body = nginx.get("/nothing/here")
    assert status == 404 and body == (nginx.site / "404.html").read_bytes()
