"""The worker script revalidates: the browser asks for it at every navigation and update check."""

from __future__ import annotations


def test_worker_answers_not_modified_to_its_own_etag(client) -> None:
    first = client.get("/sw.js")
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    again = client.get("/sw.js", headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""


def test_worker_etag_follows_its_body(client) -> None:
    body = client.get("/sw.js").data
    stale = client.get("/sw.js", headers={"If-None-Match": '"0000000000000000"'})
    assert stale.status_code == 200 and stale.data == body
