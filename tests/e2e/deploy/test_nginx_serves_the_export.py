"""deploy/nginx-static.conf, as shipped, serving a real export: deep links without a redirect,
the same security headers as the Flask server, assets immutable, everything else revalidated,
the changes feed as JSON, precompressed files, and the server-configuration files hidden."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.harness.net import Answer, request
from tests.harness.static import NginxSite
from webapp import create_app
from webapp.static_site import headers as export_headers


@pytest.fixture(scope="module")
def nginx(tmp_path_factory: pytest.TempPathFactory) -> Iterator[NginxSite]:
    server = NginxSite(tmp_path_factory.mktemp("nginx")).start()
    yield server
    server.stop()


def get(site: NginxSite, path: str, **headers: str) -> Answer:
    """One request, redirects not followed (a redirect is an answer of its own here)."""
    return request(site, "GET", path, headers=headers)


def test_deep_links_are_served_without_a_redirect_with_the_servers_headers(nginx) -> None:
    flask = (
        create_app({"TESTING": True, "DATA_DIR": str(nginx.data_dir)}).test_client().get("/session/k9x8y7")
    )
    # `/` and a session's page carry their first screen; the other pages are the plain shell.
    files = {"/": "index.html", "/session/k9x8y7": "session/k9x8y7/index.html"}
    files |= {"/session/k9x8y7/": files["/session/k9x8y7"]}
    files |= {"/speaker/ada-lovelace": "shell.html", "/my": "shell.html"}
    for path, file in files.items():
        status, headers, body = get(nginx, path)
        assert status == 200, path  # not a redirect to /session/k9x8y7/
        assert body == (nginx.site / file).read_bytes(), path
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
    status, headers, _ = get(nginx, path)
    assert status == 200
    assert headers["Cache-Control"] == cache
    assert content_type in headers["Content-Type"]


def test_hashed_assets_are_immutable_and_served_precompressed(nginx) -> None:
    app_js = next(nginx.site.glob("assets/*/js/app.bundle.js"))
    path = "/" + app_js.relative_to(nginx.site).as_posix()
    status, headers, body = get(nginx, path, **{"Accept-Encoding": "gzip"})
    assert status == 200 and headers["Cache-Control"] == export_headers.IMMUTABLE
    assert headers["Content-Encoding"] == "gzip"
    assert body == Path(str(app_js) + ".gz").read_bytes()


@pytest.mark.parametrize("path", ["/_headers", "/_nginx.conf", "/_caddy.conf", "/.hallway-export.json"])
def test_server_configuration_files_are_not_served(nginx, path) -> None:
    assert get(nginx, path)[0] == 404


def test_an_unknown_path_gets_the_app_shell_with_a_404(nginx) -> None:
    status, _, body = get(nginx, "/nothing/here")
    assert status == 404 and body == (nginx.site / "404.html").read_bytes()
