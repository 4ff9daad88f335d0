"""Where each URL of the static export is written, and the links between exported pages.

Plain Python. A URL becomes a file that any static host serves at that URL: an HTML page
without an extension becomes `<path>/index.html` (hosts serve `/session/x` or redirect it to
`/session/x/`), other files keep their path. A page with a query string (door signs for one
day) cannot be a file at that URL, so it is saved as `<path>/<key>-<value>.html` and the links
to it in exported pages are rewritten. Every path is checked: ids come from data, and a path
that could leave the export directory is refused.
"""

from __future__ import annotations

import html
import re
from urllib.parse import parse_qsl, urlsplit

SEGMENT = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}")
QUERY_PART = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_DEPTH = 8
# href="..." and src="..." in HTML we rendered ourselves (Jinja quotes attributes with ").
LINK = re.compile(r'\b(href|src)="([^"]*)"')


class ExportPathError(ValueError):
    """A URL or a file name that cannot be part of the export (unsafe or unmappable)."""


def check_relpath(rel: str) -> str:
    """`rel` if it is a safe relative file path (no traversal, no hidden or odd names)."""
    parts = rel.split("/")
    if len(parts) > MAX_DEPTH or not all(SEGMENT.fullmatch(p) and ".." not in p for p in parts):
        raise ExportPathError(f"unsafe file path in the export: {rel[:200]!r}")
    return rel


def target(url: str, is_html: bool) -> str:
    """The file (relative to the export directory) that serves `url` (a path and query)."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path.startswith("/"):
        raise ExportPathError(f"not a local URL: {url[:200]!r}")
    path = parts.path.strip("/")
    if not is_html:
        if parts.query or not path:
            raise ExportPathError(f"{url[:200]!r}: only HTML pages can be exported with a query string")
        return check_relpath(path)
    if parts.query:
        pairs = parse_qsl(parts.query, keep_blank_values=True, strict_parsing=True)
        if not pairs or not all(QUERY_PART.fullmatch(k) and QUERY_PART.fullmatch(v) for k, v in pairs):
            raise ExportPathError(f"{url[:200]!r}: query values must be letters, digits, - or _")
        name = "-".join(f"{k}-{v}" for k, v in pairs) + ".html"
        return check_relpath(f"{path}/{name}" if path else name)
    if path.endswith(".html"):
        return check_relpath(path)
    return check_relpath(f"{path}/index.html" if path else "index.html")


def public_path(rel: str) -> str:
    """The URL path a static host serves `rel` at (index.html files at their directory)."""
    if rel == "index.html":
        return "/"
    if rel.endswith("/index.html"):
        return "/" + rel[: -len("index.html")]
    return "/" + rel


def local_links(page: bytes) -> list[str]:
    """The same-site URLs (path and query, no fragment) an HTML page links to or loads."""
    found = []
    for _, raw in LINK.findall(page.decode("utf-8", errors="replace")):
        url = html.unescape(raw).split("#", 1)[0]
        if url.startswith("/") and not url.startswith("//"):
            found.append(url)
    return found


def rewrite_links(page: bytes, moved: dict[str, str]) -> bytes:
    """`page` with every link to a URL in `moved` pointing at its new URL instead."""
    if not moved:
        return page

    def swap(m: re.Match[str]) -> str:
        url, hash_, fragment = html.unescape(m.group(2)).partition("#")
        if url not in moved:
            return m.group(0)
        return f'{m.group(1)}="{html.escape(moved[url] + hash_ + fragment)}"'

    return LINK.sub(swap, page.decode("utf-8")).encode("utf-8")
