"""Fetching a source over HTTP: conditional requests, and every failure a clear FetchError that
names the address without its query (where a Sched API key lives)."""

from __future__ import annotations

import socket
import time
from collections.abc import Iterator

import pytest

from tests.unit.importers.source_server import DRIPS, Source
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


@pytest.mark.parametrize("part", DRIPS)
def test_a_source_dripping_its_answer_is_given_up_at_the_deadline(source: Source, part: str) -> None:
    source.drip, source.drip_every = part, 0.5  # a byte every half second: each socket read in time
    began = time.monotonic()
    with pytest.raises(FetchError, match=r"no (complete )?answer within 2 s"):
        get(source.url, timeout=2.0)
    assert time.monotonic() - began < 4.0  # one deadline for the whole answer, not per read
    assert source.drip_ended.wait(5.0)  # and the connection was dropped: nothing left running


def test_a_redirect_within_the_named_server_is_followed(source: Source) -> None:
    port = source.server.server_address[1]
    source.redirects = {
        "/schedule": (301, "/moved?api_key=SECRET"),  # relative: the same scheme, host and port
        "/moved": (302, f"http://127.0.0.1:{port}/final"),
    }
    assert get(source.url).body == BODY
    assert len(source.requests) == 3


@pytest.fixture
def internal() -> Iterator[Source]:
    s = Source(b"internal page")
    yield s
    s.stop()


def test_a_redirect_to_another_internal_address_is_refused_unasked(source: Source, internal: Source) -> None:
    port = internal.server.server_address[1]
    source.redirects = {"/schedule": (302, f"http://127.0.0.1:{port}/ok?secret=1")}
    with pytest.raises(FetchError, match=r"redirect to http://127\.0\.0\.1:\d+/ok\?…: refused: .*loopback"):
        get(source.url)
    assert internal.requests == []


@pytest.mark.parametrize("to", ["ftp://127.0.0.1/schedule.xml", "file:///etc/passwd", "gopher://x/"])
def test_a_redirect_to_another_scheme_is_refused(source: Source, to: str) -> None:
    source.redirects = {"/schedule": (302, to)}
    with pytest.raises(FetchError, match=r"redirected to a \w+: address; only http and https"):
        get(source.url)


def test_a_redirect_loop_stops_after_a_few_hops(source: Source) -> None:
    source.redirects = {"/schedule": (302, "/schedule?again")}
    with pytest.raises(FetchError, match="more than 5 redirects"):
        get(source.url)
    assert len(source.requests) == 6
