"""The schedule's first screen (static/js/views/schedule.js at `/` with no query): the day at
`now`, its heading and tabs, the find form, and the first batch of cards the app draws."""

from __future__ import annotations

from datetime import datetime

from markupsafe import Markup

from .cards import session_card
from .markup import h
from .outline import Outline, Session
from .voice import Voice

FIRST = 8  # views/schedule.js: the first batch reaches FIRST cards past the "now" line


def phase(data: Outline, now: datetime) -> str:
    live = [s for s in data.sessions if not s.cancelled]
    if not live:
        return "before"
    if now < live[0].start and data.conference_day(now) not in data.days:
        return "before"
    if all(s.end <= now for s in live):
        return "after"
    return "before" if now < live[0].start else "during"


def chosen_day(data: Outline, now: datetime, state: str) -> str:
    if state == "after" and len(data.days) > 1:
        return "all"
    if state == "during":
        for d in data.days:
            if any(s.day == d and s.end > now and not s.cancelled for s in data.sessions):
                return d
    today = data.conference_day(now)
    return today if today in data.days else data.days[0]


def filter_form(v: Voice) -> Markup:
    """The search box and the filters' disclosure, closed: its fields are built by the app when
    it opens (views/schedule.js, `filterForm`), so they are not in the first screen either."""
    search = h("input", {"id": "f-q", "name": "q", "type": "search", "value": "", "autocomplete": "off"})
    return h(
        "form",
        {"class": "find", "role": "search", "aria-label": v._("Find sessions")},
        h(
            "div",
            {"class": "field search"},
            h("label", {"for": "f-q"}, v._("Search titles, descriptions, speakers, tracks")),
            search,
        ),
        h(
            "details",
            {"data-panel": "filters"},
            h("summary", {}, v._("Filters")),
            h("div", {"class": "fields"}),
        ),
    )


def results(
    v: Voice, data: Outline, sessions: list[Session], day: str, now: datetime | None, flag_at: datetime
) -> list[Markup]:
    """The pieces of the list's first batch (views/schedule.js, `list`)."""
    if not sessions:
        return [h("p", {"class": "empty"}, v._("No sessions match. Try fewer filters or other words."))]
    upcoming = next((i for i, s in enumerate(sessions) if s.start > now), -1) if now else -1
    reach = 0 if not now else len(sessions) if upcoming < 0 else upcoming
    size = max(FIRST, reach + FIRST)
    at = now and v.clock(data.local(now))
    now_line = now and h(
        "div",
        {
            "class": "nowmark",
            "id": "now-line",
            "role": "separator",
            "aria-label": v._("Now, {time}", time=at),
        },
        h("span", {}, v._("Now · {time} {zone}", time=at, zone=data.zone_label(now))),
    )
    pieces: list[Markup] = []
    slot: tuple[str, str, list[Markup]] | None = None  # (class, heading, cards) of the open slot
    marked, last_day, last_slot = not now, None, None

    def close() -> None:
        if slot:
            level = "h3" if day == "all" else "h2"
            pieces.append(
                h(
                    "section",
                    {"class": slot[0]},
                    h(level, {"class": "slothead"}, slot[1]),
                    h("div", {"class": "cards"}, slot[2]),
                )
            )

    for i, s in enumerate(sessions[:size]):
        if not marked and now and s.start > now:
            close()
            slot, marked, last_slot = None, True, None
            pieces.append(now_line)
        if day == "all" and s.day != last_day:
            close()
            slot, last_day, last_slot = None, s.day, None
            pieces.append(h("h2", {"class": "dayhead"}, v.day(s.day)))
        slot_at = v.clock(data.local(s.start))
        if slot_at != last_slot:
            close()
            state = now and ("" if s.start > now else "ended" if s.end <= now else "current")
            slot, last_slot = (f"slot {state or ''}".strip(), slot_at, []), slot_at
        past = bool(now and s.end <= now)
        live = bool(now and not past and s.start <= now and not s.cancelled)
        far = i >= FIRST and abs(i - reach) >= FIRST
        extra = " ".join(c for c in ("past" if past else "live" if live else "", far and "far") if c)
        assert slot is not None
        slot[2].append(
            session_card(v, s, data, flag_at, note=v._("Ended") if past else None, extra_class=extra)
        )
    close()
    if not marked and size >= len(sessions):
        pieces.append(now_line)
    if size < len(sessions):
        pieces.append(h("div", {"class": "more", "aria-hidden": "true"}))
    return pieces


def schedule_page(v: Voice, data: Outline, now: datetime, kept: str = "") -> str | None:
    if not data.days:
        return None
    state = phase(data, now)
    day = chosen_day(data, now, state)
    title = v._("All days") if day == "all" else v.day(day)
    base = f"/?{kept}&" if kept else "/?"  # ui/page-parts.js dayTabs: the address's query kept
    tabs = h(
        "nav",
        {"class": "days", "aria-label": v._("Days")},
        [
            h(
                "a",
                {
                    "href": f"{base}day={d}",
                    "aria-current": "page" if d == day else None,
                },
                v._("All days") if d == "all" else v.day(d, "short"),
            )
            for d in [*data.days, "all"]
        ],
    )
    shown = [s for s in data.sessions if day == "all" or s.day == day]
    timed = state == "during" and (day == "all" or day == data.conference_day(now))
    sessions = [s for s in shown if not s.end <= now] if timed else shown
    folded = len(shown) - len(sessions)
    lead = folded > 0 and h(
        "button",
        {"type": "button", "class": "linkish fold"},
        v.ngettext("Show {n} earlier session", "Show {n} earlier sessions", folded),
    )
    first = shown[0].start if shown else data.sessions[0].start if data.sessions else now
    note = {
        "after": v._("The event is over: here is the whole programme."),
        "before": v._("The event starts {day}.", day=v.day(data.days[0])),
    }.get(state)
    count = v.ngettext("{n} session", "{n} sessions", len(shown))
    node = h(
        "section",
        {"class": "schedule"},
        h("div", {"class": "top-of-view"}, h("h1", {"tabindex": "-1"}, title), tabs),
        note and h("p", {"class": "note phase"}, note),
        filter_form(v),
        h(
            "div",
            {"class": "bar"},
            h("p", {"class": "count", "aria-live": "polite"}, count),
            h("span", {}, h("p", {"class": "zone"}, v._("Times in {zone}", zone=data.zone_label(first)))),
        ),
        h("div", {"class": "hidden-at"}),
        h("button", {"type": "button", "class": "jumpnow", "hidden": True}, v._("Jump to now")),
        h("div", {"class": "results"}, lead, results(v, data, sessions, day, now if timed else None, now)),
    )
    return str(node)
