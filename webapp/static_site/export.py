"""The attendee side as plain files for any static host (`hallway export DIR`, commands/export.py).

The export asks the app itself, through Flask's test client, for every page, asset, feed,
calendar file, QR code and door sign, so the files are byte for byte what the server would
send. Door-sign pages are followed link by link. A static host cannot read `?since=N`, so the
changes feed is written once, at `/api/v1/changes`, with every change since the import before
the last (the last import's own, `origin: source`, among them), or since the last one when
phones must take that one whole (`since` says from where): a client applies those newer than
its own version, and reloads the schedule when its version is older than `since`.

`/` and each session's page carry their first screen as the server draws it at export time
(webapp/serving/first_page.py): the day at that moment. Most exports are made before the event,
when that is the first day, exactly what the app draws then; one made during the event is drawn
at its minute, and a phone opening it later keeps what still holds (static/js/ui/dom.js, adopt)
and draws what has moved since. The export's requests name no language, so those pages are
drawn in the event's language (webapp/views/pages.py, reader_language): a static host cannot
choose by Accept-Language, and a reader in another language gets the app's drawing in theirs
once it starts. Every other page is the plain shell, as is `404.html`.
"""

from __future__ import annotations

import hashlib
import mimetypes
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.exceptions import HTTPException

from .. import settings
from ..domain import jsontext
from ..serving import runtime
from ..serving.published import published
from ..serving.venue import current_venue
from ..views.pages import APP_ROUTES
from ..web import codings, mangle, security
from . import headers as export_headers
from . import paths as export_paths

# Routes not exported, with the reason. A guard test checks every route is exported or here.
EXCLUDED: dict[str, str] = {
    "api_write.post_correction": "the write path: organizers publish on their own server, then export again",
    "api_write.check_correction": "part of the write path (a dry run of a correction)",
    "api_write.whoami": "an organizer's sign-in check: a static host has no organizers",
    "api_write.follow_status": "how the server follows its sources (organizers): a static host follows none",
    "exports.starred": "built from each visitor's stars (?s=...), which only a server can read",
    "health.healthz": "the state of a server process; a static host has none",
    "push.key": "Web Push needs a server that stores subscriptions and sends; a static host cannot",
    "push.put_subscription": "Web Push: a device's subscription is stored by a server",
    "push.delete_subscription": "Web Push: a device's subscription is stored by a server",
    "venue_write.put_venue": "the venue editor's write path: organizers save on a server, then export again",
    "venue_write.post_image": "the venue editor's plan upload, part of its write path",
    "venue_osm.import_osm": "an OpenStreetMap import into the venue, part of the venue editor's write path",
    "venue_source.venue_source": "the organizer's venue document, read by the venue editor with a token",
    # Not crawled: the plan images the venue names are seeded (seed_urls), the others left out.
    "venue.plan_image": "only the plan images the venue names are exported (seed_urls)",
}
CHANGES_FILE = "api/v1/changes"
NOT_FOUND_FILE = "404.html"  # Netlify and Cloudflare Pages answer unknown paths with it
COMPRESS = {".html", ".js", ".mjs", ".css", ".svg", ".json", ".webmanifest", ".ics", ".xml", ".md", ""}
MAX_URLS = 200_000
ATTEMPTS = 3
# Strict-Transport-Security is sent for an https public URL (webapp/web/security.py).
SECURITY_HEADERS = ("Content-Security-Policy", *security.HEADERS, security.HSTS[0])


class ExportError(Exception):
    """The export could not be built; nothing was written."""


@dataclass
class Export:
    files: dict[str, bytes] = field(default_factory=dict)
    headers: dict[str, dict[str, str]] = field(default_factory=dict)
    content_types: dict[str, str] = field(default_factory=dict)
    urls: dict[str, str] = field(default_factory=dict)  # file -> the URL it was fetched from
    version: int = 0


def seed_urls(app: Flask) -> list[str]:
    """Every URL of the export except those reached by following links (door signs)."""
    schedule = published(runtime(app)).schedule
    ids = {
        "session": [s.id for s in schedule.sessions],
        # Short links: a file per session would double the export for a link a static host
        # cannot match in any case anyway; /s?c=<id> is a file, and once the app is installed
        # its worker serves /s/<id> itself.
        "s": [],
        "speaker": [s.id for s in schedule.speakers],
        "room": [r.id for r in schedule.rooms],
        "track": [t.id for t in schedule.tracks],
    }
    urls = [rule for rule in APP_ROUTES if "<" not in rule]
    for rule in (r for r in APP_ROUTES if "<" in r):
        kind = rule.strip("/").split("/")[0]
        if kind not in ids:
            raise ExportError(f"app route {rule}: no list of ids to export it for")
        urls += [rule.split("<")[0] + i for i in ids[kind]]
    urls += [f"/session/{i}{suffix}" for i in ids["session"] for suffix in (".ics", "/qr.svg", "/qr.png")]
    urls += [f"/room/{i}.ics" for i in ids["room"]]
    urls += ["/sw.js", "/shell.html", "/manifest.webmanifest", "/api/v1/schedule.json", "/api/v1/venue.json"]
    urls += ["/api/v1/outline.json", "/api/v1/texts.json"]  # what the app itself loads
    urls += venue_images(app)
    urls += ["/schedule.ics", "/export/schedule.json", "/export/schedule.xml", "/print", "/print/all"]
    tree = runtime(app).tree()
    # Source maps stay on the server: a static host would need a Content-Type rule for each
    # (Cloudflare Pages allows 100), and only developer tools fetch them.
    return urls + [tree.url(p) for p in tree.files if not p.endswith(mangle.MAP)]


def venue_images(app: Flask) -> list[str]:
    """The floor plan images the served venue draws on (/venue/<file>), for phones offline."""
    floors = jsontext.loads(current_venue(runtime(app)).body.decode("utf-8"))["floors"]
    return [f["image"] for f in floors if isinstance(f.get("image"), str)]


def endpoint(app: Flask, url: str) -> str | None:
    try:
        return app.url_map.bind("export").match(urlsplit(url).path)[0]
    except HTTPException:
        return None


def _check_base(public_url: str) -> str:
    parts = urlsplit(public_url)
    if (
        parts.scheme not in ("http", "https")
        or not parts.netloc
        or parts.path not in ("", "/")
        or parts.query
    ):
        raise ExportError(
            f"public URL {public_url!r}: give the site's root, like https://schedule.example.org"
        )
    return f"{parts.scheme}://{parts.netloc}"


def render(app: Flask, public_url: str) -> Export:
    """Every file of the export, in memory. ExportError names the first URL that failed."""
    base = _check_base(public_url)
    saved = app.config.get("PUBLIC_URL"), app.config.get("TRUSTED_HOSTS")
    app.config["PUBLIC_URL"] = base  # QR codes and calendar links carry the site's address
    app.config["TRUSTED_HOSTS"] = settings.trusted_hosts(app.config)  # and its pages are asked for there
    try:
        for _ in range(ATTEMPTS):
            out = _walk(app, base)
            if published(runtime(app)).version == out.version:
                return out
            # A correction was published meanwhile: the files would mix two versions.
        raise ExportError(f"corrections kept arriving during {ATTEMPTS} exports; run it again")
    finally:
        app.config["PUBLIC_URL"], app.config["TRUSTED_HOSTS"] = saved


def _walk(app: Flask, base: str) -> Export:
    out = Export()
    out.version = published(runtime(app)).version  # first: it records a changed schedule file as an import
    client = app.test_client()
    since = _changes_since(app, client, base)
    queue = deque(seed_urls(app))
    seen = set(queue)
    pages: dict[str, bytes] = {}
    moved: dict[str, str] = {}  # URL with a query -> the path its file is served at
    while queue:
        if len(seen) > MAX_URLS:
            raise ExportError(f"more than {MAX_URLS} URLs: the door-sign links do not end")
        url = queue.popleft()
        body, headers, mimetype = _get(client, base, url)
        is_html = mimetype == "text/html"
        rel = export_paths.target(url, is_html)
        if is_html:
            pages[rel] = body
            if urlsplit(url).query:
                moved[url] = export_paths.public_path(rel)
            for link in export_paths.local_links(body):
                if link and link not in seen and endpoint(app, link) not in EXCLUDED:
                    seen.add(link)
                    queue.append(link)
        _add(out, rel, body, headers, mimetype)
        out.urls[rel] = url
    for rel, body in pages.items():
        out.files[rel] = export_paths.rewrite_links(body, moved)
    body, headers, mimetype = _get(client, base, f"/api/v1/changes?since={since}")
    _add(out, CHANGES_FILE, body, headers, mimetype)
    out.urls[CHANGES_FILE] = "/api/v1/changes"
    # The plain shell: an unknown address is drawn by the app ("not found"), not as the start page.
    _add(out, NOT_FOUND_FILE, out.files["shell.html"], out.headers["shell.html"], "text/html")
    return out


def _changes_since(app: Flask, client: object, base: str) -> int:
    """Where the one changes file starts: at the import before the last one when the last one
    is a delta a phone can apply (so a phone from before it patches its copy), else at the last."""
    imports = runtime(app).store.imports()
    for since in imports[-2:]:
        body, _, _ = _get(client, base, f"/api/v1/changes?since={since}")
        if jsontext.loads(body).get("reload") is False:
            return since
    return imports[-1] if imports else 0


def _get(client: object, base: str, url: str) -> tuple[bytes, dict[str, str], str]:
    resp = client.get(url, base_url=base)  # type: ignore[attr-defined]
    try:
        if resp.status_code != 200:
            detail = resp.get_data(as_text=True)[:300].strip()
            raise ExportError(f"{url}: HTTP {resp.status_code} {detail}")
        return resp.get_data(), dict(resp.headers), resp.mimetype
    finally:
        resp.close()


def _add(out: Export, rel: str, body: bytes, headers: dict[str, str], mimetype: str) -> None:
    if rel in out.files and out.files[rel] != body:
        raise ExportError(f"two different URLs would be written to {rel}")
    out.files[rel] = body
    sent = {name: headers[name] for name in SECURITY_HEADERS if name in headers}
    sent["Cache-Control"] = export_headers.cache_control(headers.get("Cache-Control"))
    out.headers[rel] = sent
    if mimetypes.guess_type(rel)[0] != mimetype:
        out.content_types[rel] = mimetype


def compressed(files: dict[str, bytes], known: dict[str, dict[str, bytes]] | None = None) -> dict[str, bytes]:
    """`.gz` and `.br` beside each text file (nginx gzip_static, Caddy precompressed), when
    smaller. `known`: codings already made, by the body's sha256 (the build's assets)."""
    done = {digest: encoded for digest, encoded in (known or {}).items() if encoded}
    extra: dict[str, bytes] = {}
    for rel, body in files.items():
        if Path(rel).suffix not in COMPRESS or rel.startswith("_") or len(body) < 256:
            continue
        key = hashlib.sha256(body).hexdigest()
        if key not in done:  # the shell is the same file at every deep link: compress it once
            # A session's page is a file of its own (its first screen): 1,400 at a congress took
            # ~35 s more at brotli's best level, on every export; the fast level is 10 % larger.
            done[key] = codings.smaller(body, best=not rel.startswith("session/"))
        for coding, packed in done[key].items():
            extra[rel + codings.SUFFIX[coding]] = packed
    return extra


def build(app: Flask, public_url: str, precompress: bool = False) -> Export:
    out = render(app, public_url)
    common = export_headers.shared(out.headers)
    out.files[export_headers.FILE_NAME] = export_headers.render(out.headers, out.content_types).encode()
    out.files[export_headers.NGINX_FILE] = export_headers.render_nginx(common).encode()
    out.files[export_headers.CADDY_FILE] = export_headers.render_caddy(common).encode()
    if precompress:
        built = {asset.digest: asset.encoded for asset in runtime(app).tree().files.values()}
        out.files.update(compressed(out.files, built))
    return out
