"""Merged groups of sightings -> the model: pick each field, record who said it, assign ids."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..domain.ids import SessionKey, named_ids, normalize, session_ids, slug
from ..domain.model import Event, Room, Schedule, Session, Speaker, Track
from ..domain.timeutil import zone
from .frab_days import source_days
from .raw import RawPage, RawSpeaker

if TYPE_CHECKING:
    from .merge import Group, Overrides

# Kept as the source gave them (frab), without provenance: no other source says them.
_KEPT = ("guid", "number", "language", "subtitle", "url")


def build_schedule(
    name: str,
    tz: str,
    pages: Sequence[RawPage],
    overrides: Overrides,
    groups: list[Group],
    previous: Schedule | None,
) -> Schedule:
    groups = sorted(groups, key=lambda g: (g.seen[0].start, g.seen[0].room or "", g.seen[0].title or ""))
    people, named = _people(groups)
    fields = [_fields(g, people, named) for g in groups]
    prev = previous or Schedule(event=Event(id="", name="", timezone=tz))
    # In the order the sources list them (a congress's main hall first, as its own apps show
    # it), then any only a session names; one listed with nothing in it yet is a room all the
    # same, after those that have sessions.
    used = _unique(f["room"] for f in fields if f["room"])
    listed = _unique(n for p in pages for n, _ in p.rooms)
    room_names = _unique([n for n in listed if n in used] + used + listed)
    room_guids = {n: g for p in pages for n, g in reversed(p.rooms) if g}
    track_names = sorted(_unique(f["track"] for f in fields if f["track"]))
    # A track's colour from the first source that gives one (pretalx, frab, Indico).
    track_colors = {n: c for p in reversed(pages) for n, c in p.track_colors.items()}
    room_ids = dict(zip(room_names, named_ids(room_names, [(r.id, r.name) for r in prev.rooms]), strict=True))
    track_ids = dict(
        zip(track_names, named_ids(track_names, [(t.id, t.name) for t in prev.tracks]), strict=True)
    )
    person_ids = _person_ids(people, prev)
    # A guid the previous import kept names the same session, whatever else changed.
    by_guid = {s.guid: s.id for s in prev.sessions if s.guid}
    # A guid two of the new sessions share (a source that repeats its ids) names neither.
    said = Counter(f["guid"] for f in fields if f["guid"])
    fixed = {
        i: by_guid[f["guid"]] for i, f in enumerate(fields) if said[f["guid"]] == 1 and f["guid"] in by_guid
    }
    rest = [i for i in range(len(fields)) if i not in fixed]
    keys = [
        SessionKey(fields[i]["title"], fields[i]["start"], fields[i]["room"], groups[i].seen[0].proposed_id)
        for i in rest
    ]
    old = [
        (s.id, SessionKey(s.title, s.start, _room_name(prev, s.room)))
        for s in prev.sessions
        if s.id not in fixed.values()
    ]
    ids = {**fixed, **dict(zip(rest, session_ids(keys, old, fixed.values()), strict=True))}
    sessions = []
    for sid, f in zip((ids[i] for i in range(len(fields))), fields, strict=True):
        f["room"] = room_ids.get(f["room"])
        f["track"] = track_ids.get(f["track"])
        f["speakers"] = tuple(person_ids[k] for k in f["speakers"])
        sessions.append(Session(id=sid, **f))
    same_event = normalize(prev.event.name) == normalize(name)
    event = Event(
        id=prev.event.id
        if same_event
        else next((p.event_id for p in pages if p.event_id), None) or slug(name),
        name=name,
        timezone=tz,
        venue=overrides.venue or next((p.venue for p in pages if p.venue), None),
        city=overrides.city or next((p.city for p in pages if p.city), None),
        url=next((p.url for p in pages if p.url), None),
        day_ranges=source_days(pages, [(s.start, s.end) for s in sessions], zone(tz)),
        language=overrides.language
        or next((p.language for p in pages if p.language), None)
        or (prev.event.language if same_event else None),
    )
    days = {d.date for d in event.day_ranges} | {event.day_of(s.start) for s in sessions}
    event = replace(event, days=tuple(sorted(days)))
    return Schedule(
        event=event,
        rooms=tuple(Room(room_ids[n], n, room_guids.get(n)) for n in room_names),
        tracks=tuple(Track(track_ids[n], n, track_colors.get(n)) for n in track_names),
        speakers=tuple(
            Speaker(person_ids[k], p.name, p.role, p.company, p.bio, p.bio_truncated, p.guid)
            for k, p in people.items()
        ),
        sessions=tuple(sessions),
    )


def _fields(group: Group, people: dict[str, RawSpeaker], named: dict[str, list[str]]) -> dict[str, Any]:
    """Each field from the sightings that say it; filters only where no sighting does."""
    seen, out, said = group.seen, {}, {}
    for name in _FIELDS:
        values = [(s.source, getattr(s, name)) for s in seen if getattr(s, name) is not None]
        if not values:
            values = [(src, value) for src, f, value in group.filters if f == name]
        if name == "slides":
            values.sort(key=lambda v: not v[1])  # "Yes" on any page beats no line elsewhere
        out[name] = values[0][1] if values else None
        said[name] = _agreeing(values, out[name])
    descriptions = [(s.source, s.description) for s in seen if s.description]
    best = max((d for _, d in descriptions), key=lambda d: sum(map(len, d)), default=())
    out["description"] = best
    out["status"] = next((s.status for s in seen if s.status), "confirmed")
    said["description"] = tuple(src for src, d in descriptions if _within(d, best))
    order: list[str] = []
    for s in sorted(seen, key=lambda s: -len(s.speakers)):
        # A person a source lists twice on one session (a moderator who also speaks) stays
        # twice; one that two sources list is one.
        mine: list[str] = []
        for k in (_key(p, people, named) for p in s.speakers):
            mine.append(k)
            if mine.count(k) > order.count(k):
                order.append(k)
    out["speakers"] = order
    said["speakers"] = tuple(sorted({s.source for s in seen if s.speakers}))
    out["links"] = next((s.links for s in seen if s.links), ())
    out["sources"] = {k: v for k, v in said.items() if v and k not in _KEPT}
    return out


def _key(sp: RawSpeaker, people: dict[str, RawSpeaker], named: dict[str, list[str]]) -> str:
    """Who `sp` is: what its source says (a guid), else the name, which may name a person
    another source identified (exactly one of that name; never a guess between two).
    `named`: normalized name -> keys of the identified people of that name."""
    if sp.identity:
        return sp.identity
    name = normalize(sp.name)
    known = named.get(name, [])
    return known[0] if name not in people and len(known) == 1 else name


def _person_ids(people: dict[str, RawSpeaker], prev: Schedule) -> dict[str, str]:
    """A person keeps the id of the previous import's person of the same guid; the others
    are matched by name, as before guids were kept."""
    by_guid = {p.guid: p.id for p in prev.speakers if p.guid}
    ids = {k: by_guid[p.guid] for k, p in people.items() if p.guid in by_guid}
    rest = [k for k in people if k not in ids]
    taken = set(ids.values())
    free = [(p.id, p.name) for p in prev.speakers if p.id not in taken]
    names = named_ids([people[k].name for k in rest], free, fuzzy=0.9)
    was = {p.id: p.guid for p in prev.speakers}
    # named_ids keeps clear of the ids it was given, not of those matched by guid; and a name
    # alike is no reason to hand one guid's id to another guid.
    for k, pid in zip(rest, names, strict=True):
        fresh = bool(people[k].guid and was.get(pid) and was[pid] != people[k].guid)
        if fresh:
            pid = slug(people[k].name)[:56].rstrip("-") or "x"
        base, n = pid, 1
        while pid in taken or (fresh and (pid in was or pid in names)):
            n += 1
            pid = f"{base}-{n}"
        ids[k] = pid
        taken.add(pid)
    return ids


def _people(groups: list[Group]) -> tuple[dict[str, RawSpeaker], dict[str, list[str]]]:
    """Everyone once, keyed by who they are (see `_key`), with the fullest details any page
    gives; and each spelling of an identified person's name -> the keys of those so written.

    One guid is one person with one name, however the sub-schedules spell it: the spelling
    written most, ties to the first seen; any spelling, given alone elsewhere, names them.
    """
    named: dict[str, list[str]] = {}
    for sp in (sp for g in groups for s in g.seen for sp in s.speakers if sp.identity):
        keys = named.setdefault(normalize(sp.name), [])
        keys += [sp.identity] if sp.identity not in keys else []
    people: dict[str, RawSpeaker] = {}
    spellings: dict[str, Counter[str]] = {}
    for group in groups:
        for sp in (sp for s in group.seen for sp in s.speakers):
            key = _key(sp, people, named)
            spellings.setdefault(key, Counter())[sp.name] += 1
            known = people.setdefault(key, RawSpeaker(name=sp.name, guid=sp.guid, identity=sp.identity))
            known.guid, known.identity = known.guid or sp.guid, known.identity or sp.identity
            known.role = known.role or sp.role
            known.company = known.company or sp.company
            _better_bio(known, sp.bio, sp.bio_truncated)
        for _source, bio, cut in group.bios:
            for sp in (people[_key(x, people, named)] for s in group.seen for x in s.speakers):
                if sp.bio and (_within((sp.bio,), (bio,)) or _within((bio,), (sp.bio,))):
                    _better_bio(sp, bio, cut)
    for key, person in people.items():
        person.name = spellings[key].most_common(1)[0][0]  # ties: the first counted
    return people, named


_FIELDS = ("title", "kind", "start", "end", "room", "track", "level", "slides", *_KEPT)


def _better_bio(known: RawSpeaker, bio: str | None, cut: bool) -> None:
    if not bio:
        return
    if known.bio is None or (known.bio_truncated, -len(known.bio)) > (cut, -len(bio)):
        known.bio, known.bio_truncated = bio, cut


def _agreeing(values: list[tuple[str, Any]], chosen: Any) -> tuple[str, ...]:
    same = (
        (lambda v: normalize(v) == normalize(chosen)) if isinstance(chosen, str) else (lambda v: v == chosen)
    )
    return tuple(sorted({src for src, v in values if same(v)}))


def _within(part: tuple[str, ...], whole: tuple[str, ...]) -> bool:
    """Whether text `part` is all in `whole` (a cut-short copy counts: it is a prefix)."""
    return normalize(" ".join(whole)).startswith(normalize(" ".join(part)))


def _room_name(schedule: Schedule, room_id: str | None) -> str | None:
    room = schedule.room(room_id) if room_id else None
    return room.name if room else None


def _unique(items: Any) -> list[str]:
    return list(dict.fromkeys(items))
