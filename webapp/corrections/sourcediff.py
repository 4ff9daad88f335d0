"""What a new import changed, as feed entries: the pure part of "a source change reaches phones
as a delta".

Two schedule documents (the one attendees saw just before an import and the one just after
it, both with every correction on top) are compared by stable id: sessions added, removed or
with changed fields, and the rooms, tracks and speakers those need. A phone applies the
entries in order, like corrections, and holds exactly the document the server serves. What a
phone cannot patch (the event itself: its zone, days, name; a language it has no name for)
gives a reason instead: it takes the schedule whole.
"""

from __future__ import annotations

from typing import Any

ORIGIN = "source"
# The lists a phone patches by id, in the order it applies them (sessions refer to the others).
LISTS = (("rooms", "room"), ("tracks", "track"), ("speakers", "speaker"))
ORDERED = ("room", "track")  # lists whose order a phone shows

Entry = dict[str, Any]


def entries(before: dict[str, Any], after: dict[str, Any]) -> list[Entry] | str:
    """The changes from schedule document `before` to `after` (schedule.json shapes, without
    version): entries without version and time (the caller adds them), or why a phone must
    take `after` whole."""
    reason = _whole(before, after)
    if reason is not None:
        return reason
    out: list[Entry] = []
    for key, kind in LISTS:
        out += _items(kind, before[key], after[key])
    return out + _sessions(before["sessions"], after["sessions"])


def _whole(before: dict[str, Any], after: dict[str, Any]) -> str | None:
    if before["event"] != after["event"]:
        names = sorted(
            k for k in {*before["event"], *after["event"]} if before["event"].get(k) != after["event"].get(k)
        )
        return f"the event itself changed ({', '.join(names)})"
    # The outline names the languages its sessions use; a new one is named only in a whole copy.
    had = {s.get("language") for s in before["sessions"]}
    new = {s.get("language") for s in after["sessions"]} - had
    if new:
        return f"sessions in a new language ({', '.join(sorted(map(str, new)))})"
    return None


def _items(kind: str, before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[Entry]:
    """Rooms, tracks or speakers added, removed or changed (a new one follows the same one as
    in `after`), then, when rooms or tracks come in another order, the new order: a room's
    place is its column in the grid, and an importer orders rooms by their first session, so
    a retimed talk can reorder them. The app lists speakers by name: their order is not sent."""
    old = {x["id"]: x for x in before}
    new = {x["id"]: x for x in after}
    out: list[Entry] = []
    previous: str | None = None
    for item_id, item in new.items():
        was = old.get(item_id)
        if was is None:
            out.append(_entry(kind, None, {}, item, id=item_id, follows=previous))
        elif was != item:
            keys = [k for k in {**was, **item} if was.get(k) != item.get(k)]
            out.append(
                _entry(kind, None, {k: was.get(k) for k in keys}, {k: item.get(k) for k in keys}, id=item_id)
            )
        previous = item_id
    out += [_entry(kind, None, was, {}, id=item_id) for item_id, was in old.items() if item_id not in new]
    kept_old = [i for i in old if i in new]
    kept_new = [i for i in new if i in old]
    if kind in ORDERED and kept_old != kept_new:
        out.append(_entry("order", None, {"ids": list(old)}, {"ids": list(new)}, list=f"{kind}s"))
    return out


def _sessions(before: list[dict[str, Any]], after: list[dict[str, Any]]) -> list[Entry]:
    old = {s["id"]: s for s in before}
    out: list[Entry] = []
    for session in after:
        was = old.pop(session["id"], None)
        if was is None:
            out.append(_entry("add", session["id"], {}, session))
            continue
        keys = [k for k in {**was, **session} if k != "id" and was.get(k) != session.get(k)]
        if keys:
            before_values = {k: was.get(k) for k in keys}
            out.append(_entry("update", session["id"], before_values, {k: session.get(k) for k in keys}))
    # A removed session keeps its title and time, to be named and found on a phone that starred it.
    return out + [
        _entry("remove", sid, {k: was[k] for k in ("title", "start", "end", "room")}, {})
        for sid, was in old.items()
    ]


def _entry(
    kind: str, session: str | None, before: dict[str, Any], after: dict[str, Any], **extra: Any
) -> Entry:
    return {"kind": kind, "session": session, **extra, "before": before, "after": after, "origin": ORIGIN}
