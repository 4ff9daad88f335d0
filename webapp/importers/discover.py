"""Reading a source given by the page that publishes it: a pretalx event's address
(`https://host/event/`) is read as its schedule export (`pretalx_page`), said once, and a
follower keeps the export's address so that its conditional requests go to the export.

Everything else reads exactly as `fetch.read_source` reads it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..net import Deadline
from .fetch import NOT_MODIFIED_UNASKED, Fetched, FetchError, fetch, is_url, read_source, shown
from .pretalx_page import export_address


@dataclass(frozen=True)
class Read:
    fetched: Fetched
    export: str | None = None  # the export read in the place of the page given
    requests: int = 1


def fetch_schedule(
    url: str,
    *,
    timeout: float,
    max_bytes: int,
    etag: str | None = None,
    last_modified: str | None = None,
    export: str | None = None,
) -> Read:
    """`fetch.fetch`, except that an event page's export is read in its place, within the same
    `timeout`; `export`, found before, is asked for directly (with the validators, which are
    the export's)."""
    if export is not None:
        got = _export(url, export, timeout, max_bytes, etag, last_modified)
        return Read(got, export)
    deadline = Deadline(timeout)
    got = fetch(url, timeout=timeout, max_bytes=max_bytes, etag=etag, last_modified=last_modified)
    found = export_address(url, got.body) if got.body is not None else None
    if found is None:
        return Read(got)
    try:
        left = deadline.remaining()
    except TimeoutError:
        raise FetchError(
            url, f"no time left within {timeout:g} s to read its export {shown(found)}"
        ) from None
    return Read(_export(url, found, left, max_bytes, None, None), found, requests=2)


def _export(
    url: str, export: str, timeout: float, max_bytes: int, etag: str | None, last_modified: str | None
) -> Fetched:
    try:
        return fetch(export, timeout=timeout, max_bytes=max_bytes, etag=etag, last_modified=last_modified)
    except FetchError as exc:  # named by the page given, the source the organizer knows
        raise FetchError(url, f"a pretalx event page; reading its export {exc}") from None


def reading_export(url: str, export: str) -> str:
    """What an import or a follower says once when it reads a page's export."""
    return f"{shown(url)} is a pretalx event page; reading its export {shown(export)}"


def read_schedule(location: str, *, timeout: float, max_bytes: int, say: Callable[[str], None]) -> bytes:
    """`fetch.read_source`, with an event page read as its export (`say` told so)."""
    if not is_url(location):
        return read_source(location, timeout=timeout, max_bytes=max_bytes)
    read = fetch_schedule(location, timeout=timeout, max_bytes=max_bytes)
    if read.fetched.body is None:  # no validators were sent: a 304 is the server's mistake, not news
        raise FetchError(read.export or location, NOT_MODIFIED_UNASKED)
    if read.export is not None:
        say(reading_export(location, read.export))
    return read.fetched.body
