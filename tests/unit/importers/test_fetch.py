"""Fetching a source over HTTP: conditional requests, and every failure a clear FetchError that
names the address without its query (where a Sched API key lives)."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest

from tests.unit.importers.source_server import Source
from webapp.importers.fetch import FetchError, fetch, read_source, shown

BODY = b'{"schedule": "not really"}'


@pytest.fixture
def source() -> Iterator[Source]:
    s = Source(BODY)
    yield s
    s.stop()


def get(url: str, **kw: object):
    return fetch(url, timeout=kw.pop("timeout", 5.0), max_bytes=kw.pop("max_bytes", 1000), **kw)  # type: ignore[arg-type]


def test_a_plain_get_returns_the_body_and_its_validators(source: Source) -> None:
    got = get(source.url)
    assert got.body == BODY
    assert got.etag == source.etag and got.last_modified == source.modified
    assert "If-None-Match" not in source.requests[0]


def test_a_conditional_get_of_an_unchanged_source_is_a_304_without_body(source: Source) -> None:
    got = get(source.url, etag=source.etag, last_modified=source.modified)
    assert got.body is None and got.etag == source.etag
    assert source.not_modified == 1
    assert source.requests[0]["If-Modified-Since"] == source.modified


def test_a_changed_source_answers_a_conditional_get_in_full(source: Source) -> None:
    old = source.etag
    source.set(b"[1]")
    assert get(source.url, etag=old).body == b"[1]"


@pytest.mark.parametrize(
    ("status", "said"), [(404, "HTTP 404 Not Found"), (500, "HTTP 500 Internal Server Error")]
)
def test_an_error_status_is_named(source: Source, status: int, said: str) -> None:
    source.status = status
    with pytest.raises(FetchError, match=said) as caught:
        get(source.url)
    assert "SECRET" not in str(caught.value) and "/schedule?…" in str(caught.value)


def test_a_server_that_stalls_is_given_up_after_the_timeout(source: Source) -> None:
    source.stall = True
    with pytest.raises(FetchError, match=r"no answer within 0\.3 s"):
        get(source.url, timeout=0.3)


@pytest.mark.parametrize("no_length", [False, True], ids=["declared", "streamed"])
def test_a_body_over_the_limit_is_refused(source: Source, no_length: bool) -> None:
    source.no_length = no_length
    with pytest.raises(FetchError, match="too large"):
        get(source.url, max_bytes=len(BODY) - 1)
    assert get(source.url, max_bytes=len(BODY)).body == BODY


def test_tls_to_a_server_that_speaks_none_is_a_tls_error(source: Source) -> None:
    with pytest.raises(FetchError, match="TLS"):
        get(source.url.replace("http://", "https://"))


def test_nothing_listening_is_a_refused_connection() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with pytest.raises(FetchError, match="refused"):
        get(f"http://127.0.0.1:{port}/x")


def test_only_http_and_https_are_fetched() -> None:
    with pytest.raises(FetchError, match="only http"):
        get("file:///etc/passwd")


def test_a_path_is_read_as_a_file_and_a_missing_one_named(tmp_path) -> None:
    (tmp_path / "a.json").write_bytes(BODY)
    assert read_source(str(tmp_path / "a.json"), timeout=1, max_bytes=1000) == BODY
    with pytest.raises(FetchError, match="b.json: cannot read"):
        read_source(str(tmp_path / "b.json"), timeout=1, max_bytes=1000)


def test_an_address_is_shown_without_its_credentials() -> None:
    assert shown("https://user:pw@sched.example:8443/api/session/export?api_key=k&x=1") == (
        "https://sched.example:8443/api/session/export?…"
    )
