"""Reading a source over HTTP(S): bounded in time and size, conditional when asked, every
failure a FetchError that names the address and what went wrong. What the bytes are is
`sources.parse_source`'s question, exactly as for a file.

The standard library's urllib is enough: one GET, two validators and a size bound, no session
or retries to keep (the follower's next cycle is the retry).
"""

from __future__ import annotations

import http.client
import socket
import ssl
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

USER_AGENT = "Hallway schedule importer (+https://github.com/hallway)"
CHUNK = 64 * 1024
NOT_MODIFIED_UNASKED = "the server answered 304 Not Modified to a request without validators"


class FetchError(ValueError):
    """A source could not be read; the message names it (without its query: API keys live there)."""

    def __init__(self, source: str, message: str) -> None:
        super().__init__(f"{shown(source)}: {message}")


@dataclass(frozen=True)
class Fetched:
    body: bytes | None  # None: not modified since the validators sent (a 304)
    etag: str | None = None
    last_modified: str | None = None


def is_url(location: str) -> bool:
    return location[:8].lower().startswith(("http://", "https://"))


def shown(location: str) -> str:
    """An address fit for a log or /healthz: a Sched API key or any token in the query or the
    user part is left out."""
    if not is_url(location):
        return location
    parts = urlsplit(location)
    host = parts.hostname or ""
    if parts.port:
        host = f"{host}:{parts.port}"
    return urlunsplit((parts.scheme, host, parts.path, "…" if parts.query else "", ""))


def source_names(locations: tuple[str, ...] | list[str]) -> list[str]:
    """Each source's name in messages and provenance: a file's name, or the address without
    its query. A page is known by its name and never lists a session twice (`merge`), so two
    files of one name (Indico's export/event/42.json and export/timetable/42.json, saved
    apart) are named by their paths."""
    names = [shown(loc) if is_url(loc) else Path(loc).name for loc in locations]
    return [n if names.count(n) == 1 else loc for n, loc in zip(names, locations, strict=True)]


def fetch(
    url: str,
    *,
    timeout: float,
    max_bytes: int,
    etag: str | None = None,
    last_modified: str | None = None,
) -> Fetched:
    """GET `url`; with `etag`/`last_modified` a conditional GET whose 304 is `Fetched(None)`."""
    if not is_url(url):
        raise FetchError(url, "only http:// and https:// addresses can be fetched")
    headers = {"User-Agent": USER_AGENT, "Accept": "*/*", "Accept-Encoding": "identity"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    request = urllib.request.Request(url, headers=headers)
    deadline = time.monotonic() + timeout
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310 - http(s) only
            body = _read(url, response, max_bytes, deadline, timeout)
            return Fetched(body, response.headers.get("ETag"), response.headers.get("Last-Modified"))
    except urllib.error.HTTPError as exc:
        exc.close()
        if exc.code == 304:
            return Fetched(
                None, exc.headers.get("ETag") or etag, exc.headers.get("Last-Modified") or last_modified
            )
        raise FetchError(url, f"the server answered HTTP {exc.code} {exc.reason}") from None
    except urllib.error.URLError as exc:
        raise FetchError(url, _reason(exc.reason, timeout)) from None
    except TimeoutError:
        raise FetchError(url, f"no answer within {timeout:g} s") from None
    except (OSError, http.client.HTTPException) as exc:
        raise FetchError(url, f"the connection failed: {type(exc).__name__}: {exc}") from None


def _read(
    url: str, response: http.client.HTTPResponse, max_bytes: int, deadline: float, timeout: float
) -> bytes:
    declared = response.headers.get("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise FetchError(url, f"too large: {int(declared):,} bytes, the limit is {max_bytes:,}")
    chunks: list[bytes] = []
    size = 0
    while chunk := response.read(CHUNK):
        size += len(chunk)
        if size > max_bytes:
            raise FetchError(url, f"too large: more than {max_bytes:,} bytes, the limit")
        if time.monotonic() > deadline:  # a server trickling bytes: each read is in time, the whole is not
            raise FetchError(url, f"no complete answer within {timeout:g} s")
        chunks.append(chunk)
    return b"".join(chunks)


def _reason(reason: object, timeout: float) -> str:
    if isinstance(reason, TimeoutError):
        return f"no answer within {timeout:g} s"
    if isinstance(reason, ssl.SSLCertVerificationError):
        return f"TLS: the certificate was refused ({reason.verify_message})"
    if isinstance(reason, ssl.SSLError):
        return f"TLS: {reason.reason or reason}"
    if isinstance(reason, socket.gaierror):
        return f"unknown host ({reason.strerror})"
    if isinstance(reason, ConnectionRefusedError):
        return "the connection was refused (nothing listens there)"
    if isinstance(reason, OSError):
        return f"cannot connect: {reason.strerror or reason}"
    return f"cannot connect: {reason}"


def read_source(location: str, *, timeout: float, max_bytes: int) -> bytes:
    """The bytes of a source given as a URL or a file path; FetchError naming it otherwise."""
    if is_url(location):
        body = fetch(location, timeout=timeout, max_bytes=max_bytes).body
        if body is None:  # no validators were sent: a 304 is the server's mistake, not news
            raise FetchError(location, NOT_MODIFIED_UNASKED)
        return body
    try:
        return Path(location).read_bytes()
    except OSError as exc:
        raise FetchError(location, f"cannot read: {exc.strerror or exc}") from None
