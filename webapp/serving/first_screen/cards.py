"""A session as a card, as static/js/ui/session-card.js draws it on a phone with no star yet
and no change seen: stars and the changes a phone has seen live on the phone, which restyles
only what differs when it takes the page over. `v`: the reader's language (voice.py)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from markupsafe import Markup

from .markup import h
from .outline import Outline, Session, _when, iso
from .voice import Voice

STATUS_TEXT = {"open": "Room open", "full": "Room full", "closed": "Room closed"}  # msgids


def star_button(v: Voice, session: Session) -> Markup:
    attrs = {
        "type": "button",
        "class": "star",
        "data-star": session.id,
        "aria-pressed": "false",
        "aria-label": v._("Star: {title}", title=session.title),
    }
    return h("button", attrs, h("span", {"aria-hidden": "true"}, "☆"))


def text_lang(v: Voice, tag: str | None) -> str | None:
    """The `lang` of an imported text in `tag` on a page in the reader's language (<html lang>):
    None when they are the same (ui/session-card.js, textLang)."""
    return tag if tag and tag != v.lang else None


def star_hint(v: Voice) -> str:
    return v._("Star it to add it to My schedule.")


def facts(v: Voice, session: Session, data: Outline, *, always: bool = False) -> list[Markup]:
    raw = session.raw
    room = data.rooms.get(raw.get("room"))
    track = data.tracks.get(raw.get("track"))
    lang = session.lang if session.lang and (always or len(data.languages) > 1) else None
    return [
        x
        for x in (
            room and h("span", {"class": "room"}, room["name"]),
            track and h("span", {"class": "track"}, track["name"]),
            raw.get("level") and h("span", {"class": "level"}, raw["level"]),
            raw.get("kind") and h("span", {"class": "kind"}, v.kind_name(data.kind_name(raw["kind"]))),
            lang and h("span", {"class": "lang"}, v.language_name(data.language_name(lang), lang)),
        )
        if x
    ]


def room_notice(doc: dict[str, Any], room: Any, now: datetime) -> str | None:
    """The status of `room` now when full or closed (ui/room-notices.js, roomNotice)."""
    notices = doc.get("notices") if isinstance(doc.get("notices"), dict) else {}
    rooms = notices.get("rooms") if isinstance(notices.get("rooms"), dict) else {}
    raw = rooms.get(room) if isinstance(room, str) else None
    if not isinstance(raw, dict) or raw.get("status") not in ("full", "closed"):
        return None
    until = _when(raw.get("until"))
    return None if until and now >= until else raw["status"]


def card_flag(v: Voice, data: Outline, session: Session, now: datetime) -> Markup | None:
    if session.cancelled or not (session.start <= now < session.end):
        return None
    status = room_notice(data.doc, session.raw.get("room"), now)
    return h("strong", {"class": f"flag room-status {status}"}, v._(STATUS_TEXT[status])) if status else None


def session_card(
    v: Voice,
    session: Session,
    data: Outline,
    now: datetime,
    *,
    note: str | None = None,
    extra_class: str = "",
) -> Markup:
    classes = " ".join(c for c in ("card", session.cancelled and "cancelled", extra_class) if c)
    track = session.raw.get("track") if session.raw.get("track") in data.tracks else None
    lang = text_lang(v, session.lang)
    return h(
        "article",
        {"class": classes, "data-session": session.id, "data-track": track},
        h(
            "p",
            {"class": "when"},
            h("time", {"datetime": iso(session.start)}, v.clock(data.local(session.start))),
            h(
                "span",
                {"class": "len"},
                v.npgettext(
                    "hour",
                    "to {end} · {duration}",
                    "to {end} · {duration}",
                    v.hour(data.local(session.end)),
                    end=v.clock(data.local(session.end)),
                    duration=v.length(session.start, session.end),
                ),
            ),
            session.cancelled and h("strong", {"class": "flag"}, v._("Cancelled")),
            card_flag(v, data, session, now),
        ),
        h("h3", {"lang": lang}, h("a", {"href": f"/session/{session.id}"}, session.title)),
        session.people and h("p", {"class": "who"}, ", ".join(p["name"] for p in session.people)),
        h("p", {"class": "facts"}, facts(v, session, data)),
        note and h("p", {"class": "note"}, note),
        star_button(v, session),
    )
