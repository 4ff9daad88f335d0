"""Dynamic responses (shell, manifest, feed, worker, calendars) are compressed on the way out."""

from __future__ import annotations

import gzip
import threading
import time

import brotli
import pytest

from webapp.serving import runtime
from webapp.web import compress

DYNAMIC = ["/", "/manifest.webmanifest", "/api/v1/schedule.json", "/sw.js", "/schedule.ics"]


def _plain(client, path: str) -> bytes:
    response = client.get(path, headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    return response.data


@pytest.mark.parametrize("path", DYNAMIC)
def test_brotli_is_served_when_accepted_and_decodes_to_the_same_body(client, path) -> None:
    plain = _plain(client, path)
    response = client.get(path, headers={"Accept-Encoding": "gzip, deflate, br"})
    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert brotli.decompress(response.data) == plain
    assert int(response.headers["Content-Length"]) == len(response.data) < len(plain)


# Every view that answers 304: the shell (drawn and plain), the feed, the changes feed, exports, QR.
REVALIDATED = [*DYNAMIC, "/my", "/shell.html", "/api/v1/changes?since=0", "/export/schedule.xml"]
REVALIDATED += [f"/api/v1/{kind}.json" for kind in ("outline", "texts")]
REVALIDATED += [f"/session/s1a2b3/qr.{kind}" for kind in ("svg", "png")]


@pytest.mark.parametrize("path", REVALIDATED)
def test_a_304_carries_the_vary_its_200_carries(client, path) -> None:
    # RFC 9110 15.4.5: a cache that stored the 200 updates it from the 304, Vary included; a
    # 304 without Accept-Encoding would key a compressed body on nothing.
    whole = client.get(path, headers={"Accept-Encoding": "br, gzip"})
    again = client.get(path, headers={"Accept-Encoding": "br, gzip", "If-None-Match": whole.headers["ETag"]})
    assert whole.status_code == 200 and again.status_code == 304
    assert again.headers.get("Vary") == whole.headers.get("Vary")
    for _ in range(2):  # the fast path in front of Flask replays the 304 it kept: the same Vary
        assert client.get(path, headers={"If-None-Match": whole.headers["ETag"]}).headers.get(
            "Vary"
        ) == again.headers.get("Vary")


def test_gzip_is_served_to_a_client_without_brotli(client) -> None:
    plain = _plain(client, "/api/v1/schedule.json")
    response = client.get("/api/v1/schedule.json", headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.data) == plain


def test_plain_response_still_says_it_varies_by_encoding(client) -> None:
    response = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert "Accept-Encoding" in response.headers["Vary"]


def test_not_modified_has_no_body_and_no_encoding(client) -> None:
    etag = client.get("/api/v1/schedule.json").headers["ETag"]
    response = client.get("/api/v1/schedule.json", headers={"If-None-Match": etag, "Accept-Encoding": "br"})
    assert response.status_code == 304
    assert response.data == b"" and "Content-Encoding" not in response.headers


def test_hashed_assets_are_not_encoded_twice(app, client) -> None:
    url = runtime(app).tree().url("js/app.js")
    response = client.get(url, headers={"Accept-Encoding": "br"})
    assert response.headers["Content-Encoding"] == "br"
    assert brotli.decompress(response.data) == runtime(app).tree().files["js/app.js"].body


def test_error_pages_and_tiny_bodies_stay_plain(client) -> None:
    assert "Content-Encoding" not in client.get("/no/such/page", headers={"Accept-Encoding": "br"}).headers
    tiny = client.get("/api/v1/changes?since=0", headers={"Accept-Encoding": "br"})
    assert len(tiny.data) < compress.MIN_BYTES and "Content-Encoding" not in tiny.headers


def test_a_body_with_an_etag_is_compressed_once_per_coding(client, monkeypatch) -> None:
    calls: list[str] = []
    real = compress.encode

    def counting(body: bytes, coding: str, best: bool = True) -> bytes:
        calls.append(coding)
        return real(body, coding, best)

    monkeypatch.setattr(compress, "encode", counting)
    for _ in range(3):
        client.get("/api/v1/schedule.json", headers={"Accept-Encoding": "br"})
        client.get("/api/v1/schedule.json", headers={"Accept-Encoding": "gzip"})
    assert sorted(calls) == ["br", "gzip"]


def test_memo_forgets_the_least_recently_used_first() -> None:
    memo = compress._Memo(size=2)
    memo.put(("a", 1, "br"), b"A")
    memo.put(("b", 1, "br"), b"B")
    assert memo.get(("a", 1, "br")) == b"A"
    memo.put(("c", 1, "br"), b"C")
    assert memo.get(("b", 1, "br")) is None
    assert memo.get(("a", 1, "br")) == b"A" and memo.get(("c", 1, "br")) == b"C"


def test_a_big_body_is_sent_fast_then_replaced_by_its_best_compression(app, monkeypatch) -> None:
    monkeypatch.setattr(compress, "SMALL", 1024)  # the fixture's feed counts as big here
    client = app.test_client()
    plain = _plain(client, "/api/v1/schedule.json")
    assert len(plain) > compress.SMALL
    first = client.get("/api/v1/schedule.json", headers={"Accept-Encoding": "br"}).data
    assert first == compress.encode(plain, "br", best=False)
    best = compress.encode(plain, "br", best=True)
    deadline = time.monotonic() + 10
    while True:
        later = client.get("/api/v1/schedule.json", headers={"Accept-Encoding": "br"}).data
        if later == best or time.monotonic() > deadline:
            break
        time.sleep(0.02)
    assert later == best and brotli.decompress(later) == plain


def test_best_level_work_is_one_thread_and_a_bounded_queue_however_many_bodies(monkeypatch) -> None:
    # 40 requests with made-up query strings once started 40 brotli-11 threads (load 24, 1.27 GB).
    release, done = threading.Event(), []

    def slow(body: bytes, coding: str, best: bool = True) -> bytes:
        release.wait(10)
        done.append(body)
        return b"z"

    monkeypatch.setattr(compress, "encode", slow)
    before = sum(t.name == "compress-best" for t in threading.enumerate())
    memo = compress._Memo()
    accepted = [memo.upgrade((f"e{i}", 1, "br"), b"x") for i in range(40)]
    assert memo.upgrade(("e0", 1, "br"), b"x") is False  # the same body is never queued twice
    assert sum(t.name == "compress-best" for t in threading.enumerate()) - before == 1
    assert compress.WAITING <= sum(accepted) <= compress.WAITING + 1  # one at work, the rest wait
    release.set()
    deadline = time.monotonic() + 10
    while len(done) < sum(accepted) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(done) == sum(accepted) and memo.get(("e0", 1, "br")) == b"z"
