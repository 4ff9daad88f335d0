"""The HTML of `/` and of a session's page with their first screen inside <main>
(serving/first_screen/), so the sessions are in the first round trip; every other route gets
the plain shell (serving/shell.py). The first screen is drawn in the reader's language, in
the app's own words and dates (first_screen/voice.py), the pseudo-locales' included.

Built once per (asset tree, event, public URL, outline ETag, path, moment, reader's language,
the ?hl= its links keep) and kept, so a request costs the outline's lookup (the feed's own,
cached per version and notices) and a dict lookup. The moment is the minute while the event
is near (the "now" line, live and ended cards move with it), else "before" or "after": a
drawing made then stays right until the event nears.
The ETag is the body's hash, so a phone's 304 follows the version, the day and the minute.
"""

from __future__ import annotations

import hashlib
from datetime import datetime, timedelta
from urllib.parse import parse_qsl

from ..i18n import catalogs
from ..i18n.choose import offered
from .feed import built_etag_at, outline_rows
from .first_screen import Outline, first_screen, spoken
from .language import event_language
from .published import Published
from .runtime import Document, Runtime
from .shell import built_shell_etag, shell_html

MOST_KEPT = 512  # drawings a process keeps (the pages of a congress's sessions, a minute each)
NEAR = timedelta(days=2)  # how long before its first session the event's days may start showing


def drawn_path(path: str, query: bytes, lang: str) -> bool:
    """Whether the server draws this page's first screen: `/` and a session's page, as the
    app shows them with no query but ?hl= (a filter, a search or a pinned ?now= draws another
    page), for a reader (`lang`, the reader's language, which ?hl= chose) in a language the
    renderer speaks."""
    drawn = path == "/" or (path.startswith("/session/") and path.count("/") == 2)
    return drawn and kept_query(query) is not None and spoken(lang)


def kept_query(query: bytes) -> str | None:
    """The query the app keeps in the links it draws (the day tabs: "hl=de"), "" for none;
    None for a query that draws another page.

    ?hl= is kept as the language it chose ("hl=DE" is "hl=de"), and one that names no language
    offered is dropped: the reader gets the page of the language chosen without it, the same
    drawing and bytes. Kept as asked, every made-up value was a drawing of its own (12 pages a
    second against 144), and a stream of them pushed everyone's drawings out (MOST_KEPT)."""
    asked = parse_qsl(query.decode("latin-1"), keep_blank_values=True)
    if not asked:
        return ""
    if len(asked) == 1 and asked[0][0] == "hl":
        lang = offered(asked[0][1], catalogs.languages(), pseudo=True)
        return f"hl={lang}" if lang else ""
    return None


def moment(bounds: tuple[datetime, datetime] | None, now: datetime) -> str:
    if bounds is None or now > bounds[1]:
        return "after"
    if now < bounds[0]:
        return "before"
    return now.replace(second=0, microsecond=0).isoformat()


def _bounds(data: Outline) -> tuple[datetime, datetime] | None:
    sessions = data.sessions
    if not sessions:
        return None
    return min(s.start for s in sessions) - NEAR, max(s.end for s in sessions)


def _key(
    rt: Runtime, data: Outline, event_lang: str, etag: str, path: str, at: str, lang: str, kept: str
) -> tuple[str, ...]:
    """What a drawing is kept by: the asset tree, the event and its language (the shell's
    data-event-lang), the public URL, the outline's ETag, the path, the moment (`moment`), the
    reader's language, in which it is written, and the query its links keep (`kept_query`)."""
    event = (data.event["name"], event_lang)
    return (rt.tree().tree_hash, *event, rt.config.get("PUBLIC_URL") or "", etag, path, at, lang, kept)


def page(rt: Runtime, path: str, lang: str, query: bytes = b"") -> Document | None:
    """(ETag, body) of the page at `path` with its first screen in `lang` (a language `spoken`),
    asked with `query` (one `drawn_path` allows); None: the plain shell."""
    links = kept_query(query) or ""
    (etag, _), rows = outline_rows(rt)  # the one look at the store this request makes
    tree = rt.tree()
    public_url = rt.config.get("PUBLIC_URL") or ""
    held = rt.first_outline.get(etag)
    if held is None:
        data = Outline(rows())  # indexed once per version and notices, not per page
        held = rt.first_outline.put(etag, (data, _bounds(data)))
    data, bounds = held
    now = rt.now()
    key = _key(rt, data, event_language(rt), etag, path, moment(bounds, now), lang, links)
    kept = rt.first_pages
    found = kept.get(key)
    if found is not None:
        return found or None
    screen = first_screen(data, path, now, lang, links)
    value: Document | tuple[()] = ()
    if screen is not None:
        html = shell_html(tree, key[1], public_url, lang, key[2], main=screen)
        value = ('"' + hashlib.sha256(html).hexdigest()[:16] + '"', html)
    if len(kept) >= MOST_KEPT:
        kept.clear()
    kept[key] = value
    return value or None


def built_page_etag(
    rt: Runtime, pub: Published, event_lang: str, path: str, query: bytes, lang: str
) -> str | None:
    """The ETag `/` or any page of the app would be answered with now for `pub` (the schedule
    the caller looked at, whose event's language is `event_lang`), when this process has built
    that answer (None: not built), from the same keys as `page` and the shell's: for the fast
    path in front of Flask (webapp/web/fastpath.py), which keys its answers on the path and the
    ETag, so a drawn page and the plain shell never stand in for each other. A drawn page whose
    minute has passed is not built yet: Flask draws it."""
    if not drawn_path(path, query, lang):
        return built_shell_etag(rt, pub, lang, event_lang)
    etag = built_etag_at(rt, "outline", pub)
    held = None if etag is None else rt.first_outline.get(etag)
    if held is None:
        return None
    data, bounds = held
    links = kept_query(query) or ""
    found = rt.first_pages.get(_key(rt, data, event_lang, etag, path, moment(bounds, rt.now()), lang, links))
    if found is None:
        return None
    return found[0] if found else built_shell_etag(rt, pub, lang, event_lang)
