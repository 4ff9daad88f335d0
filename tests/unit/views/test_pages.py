"""The shell on every app route, hashed assets, the manifest."""

from __future__ import annotations

import gzip
import io

import brotli
import pytest
from bs4 import BeautifulSoup
from PIL import Image

from webapp.serving import runtime
from webapp.serving.shell import short_name

APP_PATHS = ["/", "/my", "/now", "/rooms", "/speakers", "/session/s1a2b3", "/speaker/ada-lovelace"]
DRAWN_PATHS = {"/", "/session/s1a2b3"}  # their first screen in the HTML (serving/first_page.py)


def shell_soup(client, path: str = "/") -> BeautifulSoup:
    return BeautifulSoup(client.get(path).data, "html.parser")


@pytest.mark.parametrize("path", APP_PATHS)
def test_every_app_route_serves_the_shell(client, path) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.mimetype == "text/html"
    assert response.headers["Cache-Control"] == "no-cache"
    soup = BeautifulSoup(response.data, "html.parser")
    assert bool(soup.select("main article.card, main [data-star]")) == (path in DRAWN_PATHS)
    assert soup.title.string == "MiniCon 2026"


@pytest.mark.parametrize("path", APP_PATHS)
def test_a_drawn_page_runs_the_app_after_its_paint_and_the_plain_shell_at_once(client, path) -> None:
    soup = shell_soup(client, path)
    scripts = [
        (s["src"].split("/", 3)[3], s.has_attr("defer"), s.has_attr("data-app")) for s in soup("script")
    ]
    preloads = [(link["href"].split("/", 3)[-1], link["as"]) for link in soup.find_all("link", rel="preload")]
    assert soup.find_all("link", rel="modulepreload") == []
    if path in DRAWN_PATHS:
        # js/start.js runs the app's script, fetched with the page, once the page is painted.
        assert scripts == [("js/start.js", True, False)]
        assert preloads == [("js/app.bundle.js", "script")]
        assert soup.find("link", rel="preload")["fetchpriority"] == "low"
    else:
        assert scripts == [("js/app.bundle.js", True, True)]
        assert preloads == [("outline.json", "fetch")]  # /api/v1/outline.json


@pytest.mark.parametrize(
    "path", ["/session/nosuch", "/speaker/nobody", "/session/a%20b", "/speaker/" + "x" * 65]
)
def test_unknown_or_malformed_id_gets_the_shell_with_404(client, path) -> None:
    response = client.get(path)
    assert response.status_code == 404
    assert BeautifulSoup(response.data, "html.parser").find("main") is not None


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/s/S1A2B3", 200),
        ("/s/s1a2b3", 200),
        ("/s/nosuch", 404),
        ("/s", 200),
        ("/s?c=anything%20at%20all", 200),
    ],
)
def test_a_short_link_gets_the_shell_404_only_for_an_id_no_session_has_in_any_case(
    client, path, status
) -> None:
    # The app opens the session it names (js/views/code.js); the status tells crawlers and
    # link checkers the same.
    response = client.get(path)
    assert response.status_code == status
    assert BeautifulSoup(response.data, "html.parser").find("main") is not None


def test_shell_is_revalidated_with_its_etag(client) -> None:
    first = client.get("/")
    again = client.get("/", headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_every_asset_the_shell_names_is_served(client) -> None:
    soup = shell_soup(client)
    links = soup.find_all("link", href=True)
    # rel=expect names an element of the page itself (rendering waits for it), not a file.
    for link in links:
        if link.get("rel") == ["expect"]:
            assert soup.find(id=link["href"].removeprefix("#")) is not None, link
    files = [t["href"] for t in links if t.get("rel") != ["expect"]]
    urls = files + [t["src"] for t in soup.find_all(src=True)]
    assert any(u.startswith("/assets/") for u in urls)
    for url in urls:
        assert client.get(url).status_code == 200, url


def test_shell_with_its_css_fits_the_first_round_trip(client) -> None:
    body = client.get("/").data
    assert len(gzip.compress(body, 9)) <= 14 * 1024


def asset_url(app, path: str) -> str:
    with app.app_context():
        return runtime(app).tree().url(path)


@pytest.mark.parametrize(
    ("accept", "coding", "decode"),
    [("gzip, br", "br", brotli.decompress), ("gzip", "gzip", gzip.decompress), ("", None, lambda b: b)],
)
def test_assets_are_immutable_and_compressed_as_accepted(app, client, accept, coding, decode) -> None:
    response = client.get(asset_url(app, "js/data/store.js"), headers={"Accept-Encoding": accept})
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert response.headers["Vary"] == "Accept-Encoding"
    assert response.headers.get("Content-Encoding") == coding
    assert response.mimetype == "text/javascript"
    plain = (runtime(app).tree().files["js/data/store.js"]).body
    assert decode(response.data) == plain


def test_png_is_sent_as_is(app, client) -> None:
    response = client.get(asset_url(app, "icons/icon-192.png"), headers={"Accept-Encoding": "gzip, br"})
    assert response.headers.get("Content-Encoding") is None
    assert response.mimetype == "image/png"


@pytest.mark.parametrize("suffix", ["js/nope.js", "../webapp/settings.py", "%2e%2e/pyproject.toml"])
def test_unknown_asset_paths_are_404(app, client, suffix) -> None:
    prefix = asset_url(app, "js/app.js").removesuffix("js/app.js")
    assert client.get(prefix + suffix).status_code == 404


def test_an_old_tree_hash_is_404(app, client) -> None:
    url = asset_url(app, "js/app.js")
    assert client.get(url.replace(runtime(app).tree().tree_hash, "000000000000")).status_code == 404


def test_manifest_makes_the_app_installable(client) -> None:
    response = client.get("/manifest.webmanifest")
    assert response.mimetype == "application/manifest+json"
    doc = response.get_json(force=True)
    assert doc["name"] == "MiniCon 2026" and doc["short_name"] == "MiniCon 2026"
    assert (doc["start_url"], doc["scope"], doc["id"], doc["display"]) == ("/", "/", "/", "standalone")
    assert doc["theme_color"].startswith("#")
    purposes = set()
    for icon in doc["icons"]:
        image = Image.open(io.BytesIO(client.get(icon["src"]).data))
        assert f"{image.width}x{image.height}" == icon["sizes"]
        purposes.add(icon["purpose"])
    assert {"any", "maskable"} <= purposes
    assert {i["sizes"] for i in doc["icons"]} >= {"192x192", "512x512"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("MiniCon 2026", "MiniCon 2026"),
        ("PyTorch Conference Europe 2026", "PyTorch 2026"),
        ("Very Long Conference Name", "Very Long"),
        ("Supercalifragilistic", "Supercalifra"),
    ],
)
def test_short_name_keeps_whole_words_and_the_year(name, expected) -> None:
    assert short_name(name) == expected
    assert len(short_name(name)) <= 12
