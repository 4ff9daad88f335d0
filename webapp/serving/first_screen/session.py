"""A session's page as static/js/views/session.js draws it from the outline (the description
and bios come later with the texts, and are drawn then): title, place, time, the star, the
folded QR code, the source's links, the speakers, the facts and the sessions around it."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import unquote, urlsplit

from markupsafe import Markup

from ..texts import session_links
from .cards import facts, session_card, star_button, star_hint, text_lang
from .markup import h
from .outline import Outline, Session, iso
from .voice import Voice

SLIDES = {True: "Slides attached", False: "No slides"}  # msgids


def _site(host: str) -> str:
    return host.removeprefix("www.")


def source_links(v: Voice, session: Session) -> Markup | None:
    """ui/source-links.js: only http(s) addresses become links; the session's own page at its
    source first, as the app gets its links (serving/texts.py)."""
    items = []
    for link in session_links(session.raw):
        url = link.get("url") if isinstance(link, dict) else None
        parts = urlsplit(url) if isinstance(url, str) else None
        if not parts or parts.scheme not in ("http", "https") or not parts.hostname:
            continue
        site = _site(parts.hostname)
        title = link.get("title").strip() if isinstance(link.get("title"), str) else ""
        file = unquote(([p for p in parts.path.split("/") if p] or [""])[-1])
        name = title or (
            (v._("Attachment: {file}", file=file) if file else v._("Attachment"))
            if link.get("kind") == "attachment"
            else site
        )
        items.append(
            h(
                "li",
                {},
                h("a", {"href": url, "rel": "noopener noreferrer", "target": "_blank"}, name),
                name != site and [" ", h("span", {"class": "site"}, site)],
            )
        )
    if not items:
        return None
    return h(
        "section",
        {"class": "source-links", "aria-labelledby": "links"},
        h("h2", {"id": "links"}, v._("Links")),
        h("ul", {}, items),
    )


def speaker(person: dict[str, Any]) -> Markup:
    line = ", ".join(x for x in (person.get("role"), person.get("company")) if x)
    return h(
        "li",
        {"class": "person"},
        h("h3", {}, h("a", {"href": f"/speaker/{person['id']}"}, person["name"])),
        line and h("p", {"class": "sub"}, line),
    )


def neighbours(data: Outline, session: Session) -> tuple[Session | None, Session | None]:
    room, day = session.raw.get("room"), session.day
    same = [s for s in data.sessions if s.raw.get("room") == room and s.day == day and s.id != session.id]
    before = [s for s in same if s.start < session.start]
    after = [s for s in same if s.start >= session.start]
    return (before[-1] if before else None), (after[0] if after else None)


def session_page(v: Voice, data: Outline, session: Session, now: datetime) -> str:
    raw = session.raw
    room = data.rooms.get(raw.get("room"))
    track = data.tracks.get(raw.get("track"))
    before, after = neighbours(data, session) if room else (None, None)
    place = (track or room) and h(
        "p",
        {"class": "place"},
        track
        and h(
            "span",
            {"class": "track-of"},
            v.sentence(
                v._("Track: {track}"), track=h("a", {"href": f"/?track={track['id']}"}, track["name"])
            ),
        ),
        room
        and h(
            "span",
            {"class": "where-link"},
            v.sentence(v._("Where: {room}"), room=h("a", {"href": f"/room/{room['id']}"}, room["name"])),
            # What the room's page shows ("(map and directions)", "(where it is)") comes from the
            # venue, which the app reads after this drawing: it fills the line in then.
            h("span", {"class": "sub"}),
        ),
    )
    cancelled = session.cancelled and h(
        "div",
        {"class": "cancel-notice", "role": "note"},
        h("p", {"class": "flag"}, v._("This session is cancelled.")),
        h("p", {}, v._("The organizers have not said why.")),
    )
    when = h(
        "p",
        {"class": "when big"},
        v.sentence(
            v._("{day}, {start}–{end} {zone} · {duration}"),
            day=v.day(session.day),
            start=h("time", {"datetime": iso(session.start)}, v.clock(data.local(session.start))),
            end=h("time", {"datetime": iso(session.end)}, v.clock(data.local(session.end))),
            zone=data.zone_label(session.start),
            duration=v.length(session.start, session.end),
        ),
    )
    actions = not session.cancelled and h(
        "div",
        {"class": "actions"},
        star_button(v, session),
        h("span", {"class": "hint", "data-star-hint": session.id}, star_hint(v)),
        h("a", {"href": f"/session/{session.id}.ics", "class": "ics"}, v._("Add to calendar")),
    )
    people = session.people and h(
        "section",
        {"aria-labelledby": "who"},
        h("h2", {"id": "who"}, v.ngettext("Speaker", "Speakers", len(session.people))),
        h("ul", {"class": "people"}, [speaker(p) for p in session.people]),
    )
    slides = raw.get("slides")
    around = (
        room
        and (before or after)
        and h(
            "section",
            {"aria-labelledby": "around"},
            h("h2", {"id": "around"}, v._("Also in {room}", room=room["name"])),
            before and session_card(v, before, data, now, note=v.pgettext("room", "Before")),
            after and session_card(v, after, data, now, note=v.pgettext("room", "After")),
        )
    )
    node = h(
        "article",
        {"class": "detail" + (" cancelled" if session.cancelled else "")},
        h("h1", {"tabindex": "-1", "lang": text_lang(v, session.lang)}, session.title),
        place,
        cancelled,
        when,
        actions,
        # features/qr/qr-view.js: folded, drawn when opened; its summary is the first paint.
        h(
            "details",
            {"class": "session-qr", "data-panel": "qr"},
            h("summary", {}, v._("QR code of this session")),
        ),
        source_links(v, session),
        people,
        h(
            "p",
            {"class": "facts"},
            facts(v, session, data, always=True),
            slides in SLIDES and h("span", {}, v._(SLIDES[slides])),
        ),
        around,
    )
    return str(node)
