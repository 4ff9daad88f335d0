"""Reading a source over HTTP(S): bounded in time and size, conditional when asked, every
failure a FetchError that names the address and what went wrong. What the bytes are is
`sources.parse_source`'s question, exactly as for a file.

One GET over `webapp.net` (http.client on a socket connected to a checked address), redirects
followed here: the whole exchange, every hop included, has ONE deadline a server dripping a
byte at a time cannot stretch. The organizer named the source, so its own server may be on a
private or loopback address; a redirect elsewhere may only go to a public address over http
or https (a source must not be a way to make the server fetch, and publish, an internal page).
No session or retries to keep: the follower's next cycle is the retry.
"""

from __future__ import annotations

import http.client
import ssl
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urljoin, urlsplit, urlunsplit

from ..net import AddressPolicy, Connection, Deadline, Refused, connect, read_at_most

USER_AGENT = "Hallway schedule importer (+https://github.com/hallway)"
NOT_MODIFIED_UNASKED = "the server answered 304 Not Modified to a request without validators"
MAX_REDIRECTS = 5
REDIRECTS = frozenset({301, 302, 303, 307, 308})
DEFAULT_PORTS = {"http": 80, "https": 443}
OWN_SERVER = AddressPolicy(allow_private=True)  # the address the organizer named, and its redirects home
ELSEWHERE = AddressPolicy()  # a redirect to another server: public addresses only


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
    """GET `url`, all of it (redirects included) within `timeout` seconds; with `etag` /
    `last_modified` a conditional GET whose 304 is `Fetched(None)`."""
    if not is_url(url):
        raise FetchError(url, "only http:// and https:// addresses can be fetched")
    headers = {"User-Agent": USER_AGENT, "Accept": "*/*", "Accept-Encoding": "identity"}
    if etag:
        headers["If-None-Match"] = etag
    if last_modified:
        headers["If-Modified-Since"] = last_modified
    deadline = Deadline(timeout)
    home = origin(url)
    location = url
    for _ in range(MAX_REDIRECTS + 1):
        policy = OWN_SERVER if origin(location) == home else ELSEWHERE
        got = _get(url, location, policy, headers, max_bytes, deadline)
        if isinstance(got, Fetched):
            if got.body is None:  # not modified: the validators sent stay good unless renewed
                return Fetched(None, got.etag or etag, got.last_modified or last_modified)
            return got
        location = got
    raise FetchError(url, f"more than {MAX_REDIRECTS} redirects")


def origin(url: str) -> tuple[str, str, int | None]:
    """Scheme, host and port: a redirect within the organizer's server keeps its trust."""
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    try:
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        port = None
    return scheme, (parts.hostname or "").lower(), port


def _get(
    url: str,
    location: str,
    policy: AddressPolicy,
    headers: dict[str, str],
    max_bytes: int,
    deadline: Deadline,
) -> Fetched | str:
    """One hop: the answer, or where it redirects to (checked to be http or https)."""
    hop = "" if location == url else f"the redirect to {shown(location)}: "
    conn: Connection | None = None
    answered = False
    try:
        conn = connect(location, policy=policy, deadline=deadline)
        conn.request("GET", _target(location), headers=headers)
        response = conn.getresponse()
        answered = True
        if response.status in REDIRECTS:
            return _redirect(url, location, response.getheader("Location"))
        if response.status == 304:
            return Fetched(None, response.getheader("ETag"), response.getheader("Last-Modified"))
        if not 200 <= response.status < 300:
            raise FetchError(url, f"{hop}the server answered HTTP {response.status} {response.reason}")
        body = _read(url, response, max_bytes, deadline)
        return Fetched(body, response.getheader("ETag"), response.getheader("Last-Modified"))
    except Refused as exc:
        raise FetchError(url, f"{hop}refused: {exc}") from None
    except TimeoutError:
        said = "no complete answer" if answered else "no answer"
        raise FetchError(url, f"{hop}{said} within {deadline.seconds:.3g} s") from None
    except ssl.SSLCertVerificationError as exc:
        raise FetchError(url, f"{hop}TLS: the certificate was refused ({exc.verify_message})") from None
    except ssl.SSLError as exc:
        raise FetchError(url, f"{hop}TLS: {exc.reason or exc}") from None
    except (OSError, http.client.HTTPException) as exc:
        if deadline.passed():  # the watchdog's cut reads as a reset or a short body
            raise FetchError(url, f"{hop}no complete answer within {deadline.seconds:.3g} s") from None
        said = "the connection broke" if answered else "cannot connect"
        raise FetchError(url, f"{hop}{said}: {exc or type(exc).__name__}") from None
    finally:
        if conn is not None:
            conn.close()


def _target(location: str) -> str:
    parts = urlsplit(location)
    return (parts.path or "/") + (f"?{parts.query}" if parts.query else "")


def _redirect(url: str, location: str, to: str | None) -> str:
    if not to:
        raise FetchError(url, "the server answered a redirect without a Location")
    target = urljoin(location, to.strip())
    if not is_url(target):
        scheme = urlsplit(target).scheme or "no"
        raise FetchError(url, f"redirected to a {scheme}: address; only http and https are followed")
    return target


def _read(url: str, response: http.client.HTTPResponse, max_bytes: int, deadline: Deadline) -> bytes:
    declared = response.getheader("Content-Length")
    if declared and declared.isdigit() and int(declared) > max_bytes:
        raise FetchError(url, f"too large: {int(declared):,} bytes, the limit is {max_bytes:,}")
    body = read_at_most(response, max_bytes + 1, deadline)
    if len(body) > max_bytes:
        raise FetchError(url, f"too large: more than {max_bytes:,} bytes, the limit")
    return body


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
