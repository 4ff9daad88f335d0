"""The `_headers` file of a static export (Netlify and Cloudflare Pages read it).

Plain Python. When several rules match a path, those hosts send every matching rule's
headers and join repeated ones with commas, so two rules must never set the same header
for one path: headers every file shares go in one `/*` rule, the others in one rule per
top-level entry (`/assets/*`, `/session/*`, `/sw.js`...), which never overlap.
"""

from __future__ import annotations

from collections import defaultdict

FILE_NAME = "_headers"
IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"


class HeadersError(ValueError):
    """Files under one top-level entry need different values of a header."""


def cache_control(served: str | None) -> str:
    """What a static host should send: hashed files stay cached for good, everything else
    (HTML, the worker, the feeds, calendar files) is revalidated on every use."""
    return IMMUTABLE if served and "immutable" in served else REVALIDATE


def _patterns(entry: str, is_dir: bool) -> list[str]:
    if is_dir:
        return [f"/{entry}", f"/{entry}/*"]
    return ["/", "/index.html"] if entry == "index.html" else [f"/{entry}"]


def render(files: dict[str, dict[str, str]], content_types: dict[str, str]) -> str:
    """The `_headers` text for `files` (relative path -> headers to send) plus a Content-Type
    for the files whose name does not tell it (`content_types`)."""
    names = {name for headers in files.values() for name in headers}
    shared = {
        name: value
        for name in sorted(names)
        if len(values := {h.get(name) for h in files.values()}) == 1 and (value := values.pop()) is not None
    }
    groups: dict[tuple[str, bool], list[dict[str, str]]] = defaultdict(list)
    for rel, headers in files.items():
        entry, sep, _ = rel.partition("/")
        groups[(entry, bool(sep))].append(headers)
    lines = ["# Written by `flask --app webapp export`: edit the app, not this file.", "/*"]
    lines += [f"  {name}: {value}" for name, value in shared.items()]
    for (entry, is_dir), members in sorted(groups.items()):
        own: dict[str, str] = {}
        for name in sorted(names - shared.keys()):
            values = {h.get(name) for h in members}
            if len(values) > 1:
                raise HeadersError(
                    f"files under /{entry} need different {name} headers: {sorted(map(str, values))}"
                )
            if (value := values.pop()) is not None:
                own[name] = value
        for pattern in _patterns(entry, is_dir) if own else ():
            lines.append(pattern)
            lines += [f"  {name}: {value}" for name, value in own.items()]
    for rel, mimetype in sorted(content_types.items()):
        lines += [f"/{rel}", f"  Content-Type: {mimetype}"]
    return "\n".join(lines) + "\n"
