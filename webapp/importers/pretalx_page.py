"""A pretalx event's own address (`https://host/event/`) stands for its schedule: on an HTML
page pretalx wrote, the address of the event's frab JSON export.

What pretalx writes, and what this reads of it: every page it serves carries
`<meta name="generator" content="pretalx">`; the event's front page links its schedule
(`/event/schedule/`, "View schedule"), the schedule page links each export
(`/event/schedule/export/schedule.json`, `schedule.xml`, `schedule.ics`) and names the event's
address in `<pretalx-schedule event-url="/event/">`, its other pages link `/event/schedule/`
or `/event/schedule/feed.xml`. The export is `<event>/schedule/export/schedule.json`. Any other
HTML page counts when it links an export (`.../schedule/export/schedule.json` or `.xml`).
Only addresses on the page's own origin are taken: a page must not send the importer to
another server. Plain Python, no network: `discover` fetches.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit, urlunsplit

from .fetch import origin, shown
from .raw import SourceError

EXPORT = "schedule/export/schedule.json"
# An export a page links: pretalx's (or frab's) schedule.json or schedule.xml.
EXPORT_PATH = re.compile(r"/schedule/export/schedule\.(json|xml)$")
# A link into the event's schedule pages, whose prefix is the event's address.
SCHEDULE_PATH = re.compile(r"^(.*/)schedule/(?:feed\.xml|nojs|export/[^/]+)?$")
HEAD = 4000  # an HTML page says so in its first characters
# Before `<!DOCTYPE html>`: white space and comments (pretalx's templates open with a licence one).
LEAD = re.compile(r"(?:\s+|<!--.*?-->)*", re.S)


class PageLinks(HTMLParser):
    """The marks and links of a page: whether pretalx wrote it, every `href`, and the event
    address of pretalx's schedule element."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pretalx = False
        self.hrefs: list[str] = []
        self.event_urls: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {name: value or "" for name, value in attrs}
        if tag == "meta" and values.get("name", "").lower() in ("generator", "application-name"):
            self.pretalx = self.pretalx or values.get("content", "").strip().lower().startswith("pretalx")
        elif tag in ("a", "link") and values.get("href"):
            self.hrefs.append(values["href"])
        elif tag == "pretalx-schedule" and values.get("event-url"):
            self.event_urls.append(values["event-url"])


def is_html(data: bytes) -> bool:
    """An HTML document (not XML that quotes HTML): its first tag is the doctype or <html>."""
    head = data[:HEAD].decode("utf-8", "replace").lstrip("\ufeff")
    lead = LEAD.match(head)
    return head[lead.end() if lead else 0 :].lower().startswith(("<!doctype html", "<html"))


def export_address(url: str, data: bytes) -> str | None:
    """The export to read in the place of the page `data` fetched from `url`; None when the
    page is no event page (it is then refused as any page that is not a schedule is).
    SourceError when pretalx wrote the page but it links no published schedule."""
    if not is_html(data):
        return None
    page = PageLinks()
    page.feed(data.decode("utf-8", "replace"))
    page.close()
    hrefs = _same_origin(url, page.hrefs)
    exports = [h for h in hrefs if EXPORT_PATH.search(h)]
    if exports:  # the JSON first: pretalx writes both, and the JSON is its newer, fuller shape
        return min(exports, key=lambda h: not h.endswith(".json"))
    if not page.pretalx:
        return None
    for event in _same_origin(url, page.event_urls):
        return urljoin(event if event.endswith("/") else event + "/", EXPORT)
    for href in hrefs:
        found = SCHEDULE_PATH.match(urlsplit(href).path)
        if found:
            return urljoin(href, found.group(1) + EXPORT)
    raise SourceError(
        shown(url),
        "a pretalx page that links no published schedule; once the event's schedule is public, "
        f"give the event's address (https://<host>/<event>/) or its export (<event>/{EXPORT})",
    )


def _same_origin(url: str, hrefs: list[str]) -> list[str]:
    """Each address resolved against the page's, without query or fragment, when it is on the
    page's own scheme, host and port."""
    home = origin(url)
    found = []
    for href in hrefs:
        parts = urlsplit(urljoin(url, href.strip()))
        address = urlunsplit((parts.scheme, parts.netloc, parts.path, "", ""))
        if parts.scheme in ("http", "https") and origin(address) == home:
            found.append(address)
    return found
