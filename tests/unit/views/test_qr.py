"""Routes of the qr blueprint: session codes, link codes, caching and refusals."""

import io

import pytest
import zxingcpp
from PIL import Image


def decoded(png: bytes) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_session_png_encodes_the_session_url_on_the_requests_host(app, client):
    app.config["TRUSTED_HOSTS"] = ["hall.test"]  # a host the operator named (HALLWAY_TRUSTED_HOSTS)
    resp = client.get("/session/s1a2b3/qr.png", base_url="http://hall.test:8080")
    assert resp.status_code == 200
    assert resp.mimetype == "image/png"
    assert decoded(resp.data) == ["http://hall.test:8080/session/s1a2b3"]


def test_public_url_setting_wins_over_the_requests_host(app, client):
    app.config["PUBLIC_URL"] = "https://schedule.example.org/"
    resp = client.get("/session/k9x8y7/qr.png", base_url="http://127.0.0.1:5000")
    assert decoded(resp.data) == ["https://schedule.example.org/session/k9x8y7"]


def test_session_svg_is_served_as_svg(client):
    resp = client.get("/session/q4w5e6/qr.svg")
    assert resp.status_code == 200
    assert resp.mimetype == "image/svg+xml"
    assert resp.data.lstrip().startswith(b"<?xml")


@pytest.mark.parametrize("ext", ["svg", "png"])
def test_codes_are_cacheable_and_answer_304_to_their_etag(client, ext):
    first = client.get(f"/session/s1a2b3/qr.{ext}")
    assert "max-age=" in first.headers["Cache-Control"]
    etag = first.headers["ETag"]
    again = client.get(f"/session/s1a2b3/qr.{ext}", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.data == b""
    other = client.get(f"/session/k9x8y7/qr.{ext}", headers={"If-None-Match": etag})
    assert other.status_code == 200


@pytest.mark.parametrize("ext", ["svg", "png"])
def test_unknown_session_is_404_with_a_message(client, ext):
    resp = client.get(f"/session/nosuch/qr.{ext}")
    assert resp.status_code == 404
    assert b"no session with id nosuch" in resp.data


@pytest.mark.parametrize("bad", ["a.b", "x" * 65, "%3Cscript%3E"])
def test_malformed_session_id_is_400(client, bad):
    resp = client.get(f"/session/{bad}/qr.svg")
    assert resp.status_code == 400
    assert b"malformed session id" in resp.data
    assert b"<script" not in resp.data
