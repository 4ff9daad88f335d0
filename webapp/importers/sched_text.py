"""Sched pages as their visible text (what a browser's "select all, copy" gives).

Three kinds of page: a list view (time headers, then per session a heading line, a date
line, the description, speaker blocks, the date line again, the room and optional track,
"Audience Level" and "Slides Attached" lines), a session's own page (the same block without
the heading) and a fragment of a session page (description and bio paragraphs only).
"""

from __future__ import annotations

import re

from .aside import none_left, set_aside
from .people import heading_people, reconcile, split_heading
from .problems import where
from .raw import (
    RawPage,
    RawSession,
    RawSpeaker,
    SourceError,
    kind_beside,
    split_role,
    strip_read_more,
)
from .sched_page import DATE_LINE, date_range, read_preamble

TIME_HEADER = re.compile(r"^\d{1,2}:\d{2}\s*(?:[ap]m)? [A-Z]{2,5}$")
_INITIALS = re.compile(r"^[A-Z]{1,3}$")
# Sched's own sentences around a session, never part of its description or a bio.
_BOILERPLATE = (
    "The Sched app allows",
    "This schedule is automatically displayed",
    "Sign up or log in",
    "Loading",
)
_FOOTERS = ("Filter By Date", "Share Modal")


def looks_like(text: str) -> bool:
    dated = any(DATE_LINE.match(line.strip()) for line in text.splitlines())
    return dated or any(marker in text for marker in _BOILERPLATE[:2])


def parse(text: str, source: str) -> RawPage:
    lines = text.replace("\r\n", "\n").split("\n")
    page = RawPage(source=source, kind="list")
    read_preamble(lines, page)
    dates = [i for i, line in enumerate(lines) if DATE_LINE.match(line.strip())]
    headers = [i for i, line in enumerate(lines) if TIME_HEADER.match(line.strip())]
    if not dates:
        return _fragment(lines, page)
    if not headers:
        page.kind = "detail"
        session, used = _session_block(lines, dates[0], None, page)
    else:
        used = set()
        for h in headers:
            heading_at = _next_filled(lines, h + 1)
            if heading_at is None or heading_at + 1 >= len(lines) or heading_at + 1 not in dates:
                raise SourceError(source, "a time header not followed by a session heading and date", h + 1)
            _, consumed = _session_block(lines, heading_at + 1, lines[heading_at].strip(), page)
            used |= consumed
    stray = [i for i in dates if i not in used]
    if stray:
        raise SourceError(source, "a session date line outside any session (garbled page?)", stray[0] + 1)
    if not any(f in line for line in lines[max(used) :] for f in _FOOTERS):
        raise SourceError(source, "the page ends before Sched's footer (Share Modal): truncated?", len(lines))
    if not page.sessions:
        raise none_left(source, page.problems, len(page.problems))
    return page


def _session_block(
    lines: list[str], at: int, heading: str | None, page: RawPage
) -> tuple[RawSession | None, set[int]]:
    """The session whose (opening) date line is `lines[at]`, added to `page`; also the date
    lines it used. A date line that does not read ("February 30") sets the session aside."""
    source = page.source
    date_text = lines[at].strip()
    close = next((i for i in range(at + 1, len(lines)) if lines[i].strip() == date_text), None)
    if close is None:
        raise SourceError(source, "a session is cut off before its closing date line (truncated?)", at + 1)
    body = [line.rstrip() for line in lines[at + 1 : close]]
    if "Speakers" in (line.strip() for line in body):
        split = [line.strip() for line in body].index("Speakers")
        desc, blocks = body[:split], _speakers(body[split + 1 :])
    else:
        desc, blocks = body, []
    try:
        start, end = date_range(date_text, source, at + 1)
    except SourceError as exc:
        set_aside(
            page.problems,
            "unreadable date or time",
            exc,
            where(source, at + 1, heading[:60] if heading else None),
        )
        return None, {at, close}
    session = RawSession(source=source, title=None, start=start, end=end, line=at + 1)
    session.description = tuple(p.strip() for p in desc if p.strip())
    profiles = [b.name for b in blocks]
    if heading is not None:
        title, people = split_heading(heading, profiles)
        session.kind, session.title = kind_beside(title)
        session.heading_people = heading_people(people, profiles)
    session.speakers = reconcile(session.heading_people, blocks)
    _trailer(lines, close + 1, session)
    page.sessions.append(session)
    return session, {at, close}


def _trailer(lines: list[str], i: int, session: RawSession) -> None:
    """Room, then indented track / "• Audience Level X" / "• Slides Attached Yes" lines."""
    if i < len(lines) and lines[i].strip() and not lines[i][:1].isspace():
        if not TIME_HEADER.match(lines[i].strip()):
            session.room = lines[i].strip()
            i += 1
    while i < len(lines) and lines[i].strip() and lines[i][:1].isspace():
        item = lines[i].strip()
        if item.startswith("•"):
            label = item.lstrip("• ").strip()
            if label.startswith("Audience Level "):
                session.level = label.removeprefix("Audience Level ").strip()
            elif label.startswith("Slides Attached "):
                session.slides = label.removeprefix("Slides Attached ").strip().lower() == "yes"
        elif session.track is None:
            session.track = item
        i += 1


def _speakers(lines: list[str]) -> list[RawSpeaker]:
    starts = [i for i in range(len(lines)) if _is_block_start(lines, i)]
    # Initials whose "name" is the next block's avatar line ("AW", "", "avatar for Danielle
    # Pintz"): a person the page names nowhere, not a block of its own.
    starts = [i for n, i in enumerate(starts) if n + 1 == len(starts) or starts[n + 1] >= i + 3]
    speakers = []
    for n, i in enumerate(starts):
        chunk = lines[i : starts[n + 1] if n + 1 < len(starts) else len(lines)]
        name = chunk[2].strip()
        role, company = split_role(chunk[4] if len(chunk) > 4 else "", name)
        bio_text = "\n".join(line.strip() for line in chunk[5:] if line.strip())
        bio, cut = strip_read_more(bio_text)
        speakers.append(RawSpeaker(name=name, role=role, company=company, bio=bio or None, bio_truncated=cut))
    return speakers


def _is_block_start(lines: list[str], i: int) -> bool:
    """An avatar line ("avatar for X", or initials when there is no photo), a blank, the name."""
    if i + 2 >= len(lines) or lines[i + 1].strip():
        return False
    line, name = lines[i].strip(), lines[i + 2].strip()
    if line.startswith("avatar for "):
        return line.removeprefix("avatar for ").strip() == name
    return bool(_INITIALS.match(line)) and name[:1].upper() == line[0]


def _fragment(lines: list[str], page: RawPage) -> RawPage:
    """Paragraphs of a session page with no heading: which session they belong to is for
    merging to find out; the ones Sched cut short are bios."""
    page.kind = "fragment"
    paragraphs = [
        line.strip() for line in lines if line.strip() and not line.strip().startswith(_BOILERPLATE)
    ]
    if not paragraphs:
        raise SourceError(page.source, "a Sched page with no sessions and no session text")
    fragment = RawSession(source=page.source, title=None, line=1)
    for p in paragraphs:
        bio, cut = strip_read_more(p)
        if cut:
            page.loose_bios.append((bio, True))
        else:
            fragment.description += (p,)
    page.sessions.append(fragment)
    return page


def _next_filled(lines: list[str], i: int) -> int | None:
    return next((j for j in range(i, len(lines)) if lines[j].strip()), None)
