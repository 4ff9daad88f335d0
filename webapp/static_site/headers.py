"""The `_headers` file of a static export (Netlify and Cloudflare Pages read it).

Plain Python. When several rules match a path, those hosts send every matching rule's
headers and join repeated ones with commas, so two rules must never set the same header
for one path: headers every file shares go in one `/*` rule, the others in one rule per
top-level entry (`/assets/*`, `/session/*`, `/sw.js`...), which never overlap.
"""

from __future__ import annotations

from collections import defaultdict

FILE_NAME = "_headers"  # Netlify, Cloudflare Pages
NGINX_FILE = "_nginx.conf"  # included by deploy/nginx-static.conf
CADDY_FILE = "_caddy.conf"  # imported by deploy/Caddyfile
GENERATED = "Written by `flask --app webapp export`: edit the app, not this file."
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


def shared(files: dict[str, dict[str, str]]) -> dict[str, str]:
    """The headers every file is sent with the same value (the security headers)."""
    names = sorted({name for headers in files.values() for name in headers})
    common = {name: {h.get(name) for h in files.values()} for name in names}
    return {name: values.pop() for name, values in common.items() if len(values) == 1 and None not in values}


def render(files: dict[str, dict[str, str]], content_types: dict[str, str]) -> str:
    """The `_headers` text for `files` (relative path -> headers to send) plus a Content-Type
    for the files whose name does not tell it (`content_types`)."""
    names = {name for headers in files.values() for name in headers}
    shared_ = shared(files)
    groups: dict[tuple[str, bool], list[dict[str, str]]] = defaultdict(list)
    for rel, headers in files.items():
        entry, sep, _ = rel.partition("/")
        groups[(entry, bool(sep))].append(headers)
    lines = [f"# {GENERATED}", "/*"]
    lines += [f"  {name}: {value}" for name, value in shared_.items()]
    for (entry, is_dir), members in sorted(groups.items()):
        own: dict[str, str] = {}
        for name in sorted(names - shared_.keys()):
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


def render_nginx(common: dict[str, str]) -> str:
    """`add_header` lines for nginx's `include` (see deploy/nginx-static.conf)."""
    lines = [f"# {GENERATED}"] + [
        f'add_header {name} "{_quoted(value)}" always;' for name, value in common.items()
    ]
    return "\n".join(lines) + "\n"


def render_caddy(common: dict[str, str]) -> str:
    """A `header` block for Caddy's `import` (see deploy/Caddyfile)."""
    lines = [f"# {GENERATED}", "header {"] + [
        f'\t{name} "{_quoted(value)}"' for name, value in common.items()
    ]
    return "\n".join([*lines, "}"]) + "\n"


def _quoted(value: str) -> str:
    if '"' in value or "\\" in value or "\n" in value:
        raise HeadersError(f"header value {value[:80]!r} cannot be quoted for a server configuration")
    return value
