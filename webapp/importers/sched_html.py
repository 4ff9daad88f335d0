"""Sched's HTML pages: the list view (`/list/descriptions`) and a session's page
(`/event/<id>/<slug>`), which share the same blocks per session.

What public scrapers of Sched rely on: `a.name` (the heading), `.sched-event-details-
timeandplace` (date line; its link is the room), `.sched-event-type a` (track),
`div.tip-description`, `div.sched-person-session` (`h2 a`, role and company in
`.sched-event-details-role-company`), `a.file-uploaded` (slides).
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from bs4 import BeautifulSoup, Tag
from bs4.exceptions import ParserRejectedMarkup

from .aside import none_left, set_aside
from .bounds import check_html
from .markup import safe_url
from .people import heading_people, reconcile, split_heading
from .problems import where
from .raw import RawPage, RawSession, RawSpeaker, SourceError, kind_beside, split_role, strip_read_more
from .sched_page import date_range, read_preamble

# Sched's own marks on its pages, sessions or not: its host (x.sched.com), its class names
# (sched-event-details), its name. "schedule" is no mark: every site's page may say it.
_SCHED_MARK = re.compile(r"\bsched\b", re.IGNORECASE)
_BLOCK_TAGS = ["p", "div", "li", "ul", "ol", "h1", "h2", "h3", "h4", "section", "article", "tr"]


def looks_like(text: str) -> bool:
    head = text.lstrip()[:2000].lower()
    return head.startswith("<") and (
        "<html" in head or "<!doctype" in head or "sched" in text[:20000].lower()
    )


class NotSched(SourceError):
    """An HTML page with no Sched sessions and no mark of Sched: some other site's page, which
    the caller names as a file this importer does not read, in its one sentence for those."""


def parse(text: str, source: str) -> RawPage:
    check_html(text, source)
    try:
        soup = as_lines(BeautifulSoup(text, "html.parser"))
    except ParserRejectedMarkup as exc:  # e.g. a broken <![ ... ]> section
        raise SourceError(source, f"HTML the parser cannot read: {exc}") from exc
    page = RawPage(source=source, kind="list")
    read_preamble(_lines(soup), page)
    headings = soup.select("a.name")
    base = _base(soup, source)
    for a in headings:
        try:
            page.sessions.append(_session(_block(a), a, source))
            page.sessions[-1].url = _page(a, base)
        except SourceError as exc:  # one odd session never refuses the rest
            title = _text(a)[:60] or None
            set_aside(page.problems, "unreadable date or time", exc, where(source, exc.line, title))
    if not headings and _SCHED_MARK.search(text):
        raise SourceError(source, "a Sched page with no sessions on it (no a.name headings)")
    if not headings:
        raise NotSched(source, "an HTML page with no Sched sessions (no a.name headings)")
    if not page.sessions:
        raise none_left(source, page.problems, len(headings))
    if len(page.sessions) == 1 and soup.select_one('link[rel="canonical"][href*="/event/"]'):
        page.kind = "detail"
    return page


def _base(soup: BeautifulSoup, source: str) -> str | None:
    """The page's own address, which its relative links (`event/3c4d/slug`) are under: its
    `<base>`, canonical link or og:url as Sched writes them, else the address it was read from."""
    for tag, attr in (
        ("base[href]", "href"),
        ('link[rel="canonical"]', "href"),
        ('meta[property="og:url"]', "content"),
    ):
        found = soup.select_one(tag)
        if found is not None and safe_url(found.get(attr)):
            return str(found.get(attr)).strip()
    return source if safe_url(source) else None


def _page(a: Tag, base: str | None) -> str | None:
    """The session's own page on Sched, its heading's link, absolute: a session's page is
    always `/event/<id>/<slug>` at the root of the event's host, whatever page links it."""
    href = a.get("href")
    if not isinstance(href, str) or "event/" not in href:
        return None
    href = href.strip()
    if safe_url(href) or base is None:
        return safe_url(href)
    parts = urlsplit(base)
    return safe_url(f"{parts.scheme}://{parts.netloc}/" + href[href.index("event/") :])


def _block(a: Tag) -> Tag:
    """The largest ancestor of a heading that holds no other session's heading."""
    block = a
    while isinstance(block.parent, Tag) and len(block.parent.select("a.name")) == 1:
        block = block.parent
    return block


def _session(block: Tag, a: Tag, source: str) -> RawSession:
    line = getattr(a, "sourceline", None)
    where = block.select_one(".sched-event-details-timeandplace")
    if where is None:
        raise SourceError(source, "no date line", line)
    start, end = date_range(_lines(where)[0] if _lines(where) else "", source, line)
    session = RawSession(source=source, title=None, start=start, end=end, line=line)
    room = where.find("a")
    session.room = _text(room) or None if room else None
    track = block.select_one(".sched-event-type a")
    session.track = _text(track) or None if track else None
    description = block.select_one("div.tip-description")
    session.description = tuple(_lines(description)) if description else ()
    if block.select_one("a.file-uploaded"):
        session.slides = True
    for item in _lines(block):
        if item.startswith("Audience Level "):
            session.level = item.removeprefix("Audience Level ").strip() or None
    blocks = [_speaker(p) for p in block.select("div.sched-person-session")]
    profiles = [b.name for b in blocks if b.name]
    title, people = split_heading(_text(a), profiles)
    session.kind, session.title = kind_beside(title)
    session.heading_people = heading_people(people, profiles)
    session.speakers = reconcile(session.heading_people, [b for b in blocks if b.name])
    return session


def _speaker(person: Tag) -> RawSpeaker:
    name_tag = person.select_one("h2 a") or person.select_one("h2")
    name = _text(name_tag) if name_tag else ""
    role_tag = person.select_one(".sched-event-details-role-company")
    role, company = split_role(_text(role_tag), name) if role_tag else (None, None)
    # The bio is what is left once the avatar, name and role are taken out.
    for used in [name_tag, role_tag, *person.select("img, [class*=avatar], a.sched-read-more")]:
        if used is not None and used.name == "a" and "sched-read-more" in (used.get("class") or []):
            used.replace_with(" Read More →")
        elif used is not None:
            used.decompose()
    bio, cut = strip_read_more("\n".join(_lines(person)))
    return RawSpeaker(name=name, role=role, company=company, bio=bio or None, bio_truncated=cut)


def as_lines(soup: BeautifulSoup) -> BeautifulSoup:
    """Mark line breaks as a browser shows them, so text rules apply to the markup."""
    for br in soup.find_all("br"):
        br.replace_with("\n")
    for tag in soup.find_all(_BLOCK_TAGS):
        tag.append("\n")
    return soup


def _lines(tag: Tag | BeautifulSoup) -> list[str]:
    return [" ".join(line.split()) for line in tag.get_text("").split("\n") if line.strip()]


def _text(tag: Tag | None) -> str:
    return re.sub(r"\s+", " ", tag.get_text(" ")).strip() if tag is not None else ""
