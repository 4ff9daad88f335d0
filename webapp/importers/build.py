"""Merged groups of sightings -> the model: pick each field, record who said it, assign ids."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..domain.ids import SessionKey, named_ids, normalize, session_ids, slug
from ..domain.model import Event, Room, Schedule, Session, Speaker, Track
from ..domain.timeutil import local_date
from .raw import RawPage, RawSpeaker

if TYPE_CHECKING:
    from .merge import Group, Overrides


def build_schedule(
    name: str,
    tz: str,
    pages: Sequence[RawPage],
    overrides: Overrides,
    groups: list[Group],
    previous: Schedule | None,
) -> Schedule:
    groups = sorted(groups, key=lambda g: (g.seen[0].start, g.seen[0].room or "", g.seen[0].title or ""))
    people = _people(groups)
    fields = [_fields(g, people) for g in groups]
    prev = previous or Schedule(event=Event(id="", name="", timezone=tz))
    room_names = _unique(f["room"] for f in fields if f["room"])
    track_names = sorted(_unique(f["track"] for f in fields if f["track"]))
    room_ids = dict(zip(room_names, named_ids(room_names, [(r.id, r.name) for r in prev.rooms]), strict=True))
    track_ids = dict(
        zip(track_names, named_ids(track_names, [(t.id, t.name) for t in prev.tracks]), strict=True)
    )
    person_keys = list(people)
    person_ids = dict(
        zip(
            person_keys,
            named_ids(
                [people[k].name for k in person_keys], [(p.id, p.name) for p in prev.speakers], fuzzy=0.9
            ),
            strict=True,
        )
    )
    keys = [
        SessionKey(f["title"], f["start"], f["room"], g.seen[0].proposed_id)
        for f, g in zip(fields, groups, strict=True)
    ]
    old = [(s.id, SessionKey(s.title, s.start, _room_name(prev, s.room))) for s in prev.sessions]
    sessions = []
    for sid, f in zip(session_ids(keys, old), fields, strict=True):
        f["room"] = room_ids.get(f["room"])
        f["track"] = track_ids.get(f["track"])
        f["speakers"] = tuple(person_ids[k] for k in f["speakers"])
        sessions.append(Session(id=sid, **f))
    event = Event(
        id=prev.event.id if normalize(prev.event.name) == normalize(name) else slug(name),
        name=name,
        timezone=tz,
        days=tuple(sorted({local_date(s.start, tz) for s in sessions})),
        venue=overrides.venue or next((p.venue for p in pages if p.venue), None),
        city=overrides.city or next((p.city for p in pages if p.city), None),
    )
    return Schedule(
        event=event,
        rooms=tuple(Room(room_ids[n], n) for n in room_names),
        tracks=tuple(Track(track_ids[n], n) for n in track_names),
        speakers=tuple(
            Speaker(person_ids[k], p.name, p.role, p.company, p.bio, p.bio_truncated)
            for k, p in people.items()
        ),
        sessions=tuple(sessions),
    )


def _fields(group: Group, people: dict[str, RawSpeaker]) -> dict[str, Any]:
    """Each field from the sightings that say it; filters only where no sighting does."""
    seen, out, said = group.seen, {}, {}
    for name in ("title", "kind", "start", "end", "room", "track", "level", "slides"):
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
        order += [k for k in (normalize(p.name) for p in s.speakers) if k not in order]
    out["speakers"] = order
    said["speakers"] = tuple(sorted({s.source for s in seen if s.speakers}))
    out["sources"] = {k: v for k, v in said.items() if v}
    return out


def _people(groups: list[Group]) -> dict[str, RawSpeaker]:
    """Everyone once, keyed by normalized name, with the fullest details any page gives."""
    people: dict[str, RawSpeaker] = {}
    for group in groups:
        for sp in (sp for s in group.seen for sp in s.speakers):
            known = people.setdefault(normalize(sp.name), RawSpeaker(name=sp.name))
            known.role = known.role or sp.role
            known.company = known.company or sp.company
            _better_bio(known, sp.bio, sp.bio_truncated)
        for _source, bio, cut in group.bios:
            for sp in (people[normalize(x.name)] for s in group.seen for x in s.speakers):
                if sp.bio and (_within((sp.bio,), (bio,)) or _within((bio,), (sp.bio,))):
                    _better_bio(sp, bio, cut)
    return people


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
