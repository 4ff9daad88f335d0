"""What the parts of a Sessionize session mean in Hallway: categories by their titles, plain
text as paragraphs, times, ids, links and speakers. Shared by every shape of the export."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from ..domain.ids import is_id, normalize
from ..domain.languages import tag_of
from ..domain.model import Link
from ..domain.text import clean
from ..domain.timeutil import check_readable
from .frab_json import short_hash
from .markup import paragraphs, safe_url
from .raw import RawSpeaker, SourceError

_UUID = re.compile(r"^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$")
# A category's field, told by the words of its title ("Session format", "Audience level");
# the first that matches wins, so "Session language" is a language and not a kind.
_FIELD_WORDS = (
    ("language", {"language", "languages", "lang"}),
    ("level", {"level", "levels", "difficulty", "experience"}),
    ("kind", {"format", "formats", "type", "types", "kind"}),
    ("track", {"track", "tracks", "topic", "topics", "theme", "themes", "stream"}),
)
_LINKS = (("liveUrl", "Live stream"), ("recordingUrl", "Recording"))
Categories = list[tuple[str, list[str]]]  # (category title, the names of the session's items)


def text(value: Any) -> str | None:
    """A one-line text (a title, a name, a room), its runs of white space made one space.
    Cleaned first: a title of control characters alone is no title, not an empty one."""
    return " ".join(clean(value).split()) or None if isinstance(value, str) else None


def text_paragraphs(value: Any) -> tuple[str, ...]:
    """Sessionize's descriptions and bios are plain text whose line breaks its pages show, one
    by one: each line is a paragraph (Hallway's paragraphs are its only line breaks)."""
    return tuple(line for p in paragraphs(value, markup=False) for line in p.split("\n") if line)


def speaker(pid: Any, name: Any, tagline: Any = None, bio: Any = None) -> RawSpeaker | None:
    """A speaker told apart by Sessionize's id (a GUID), whatever their name; None: no name."""
    full = text(name)
    if full is None:
        return None
    guid = str(pid).strip().lower() if isinstance(pid, str) and _UUID.match(pid.strip()) else None
    # The tag line is the speaker's own words ("Developer Advocate at Acme"): shown as written,
    # on the line under the name, rather than cut into a role and a company by guesswork.
    return RawSpeaker(
        name=full,
        role=text(tagline),
        bio="\n\n".join(text_paragraphs(bio)) or None,
        guid=guid,
        identity=f"guid:{guid}" if guid else None,
    )


def session_ids(value: Any) -> tuple[str, str, int | None]:
    """(proposed id, guid, number) from a session's id: numeric ("175963") for talks, a GUID
    for service sessions. The guid is what later imports and other apps key the session on."""
    sid = str(value).strip()
    if _UUID.match(sid):
        return short_hash(sid.lower()), sid.lower(), None
    guid = str(uuid.uuid5(uuid.NAMESPACE_URL, f"sessionize-session:{sid}"))
    number = int(sid) if sid.isdigit() and len(sid) <= 15 and int(sid) > 0 else None
    return (sid.lower() if is_id(sid.lower()) else short_hash(sid)), guid, number


def when(value: Any, what: str, source: str) -> datetime:
    """A time as Sessionize writes it: the venue's wall clock, naive ("2020-03-28T08:00:00").
    One with an offset or "Z" is an instant, taken as given."""
    if not isinstance(value, str):
        raise SourceError(source, f"{what} is not a time: {value!r}"[:300])
    try:
        parsed = datetime.fromisoformat(value.strip())
        check_readable(parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC))
    except ValueError as exc:
        raise SourceError(source, f"{what} {value[:40]!r} is not a usable time ({exc})") from None
    return parsed


def links(session: dict[str, Any], answers: Iterable[tuple[str | None, Any]]) -> tuple[Link, ...]:
    """The live stream and the recording, then each answer to an organizer's question that is a
    web address ("YouTube Video", "Streaming URL"), titled by the question."""
    found = [(safe_url(session.get(key)), title) for key, title in _LINKS]
    found += [(safe_url(answer), text(question)) for question, answer in answers]
    out: list[Link] = []
    for url, title in found:
        if url and all(link.url != url for link in out):
            out.append(Link(url=url, title=title))
    return tuple(out)


@dataclass
class Plan:
    """Which category (by title) fills which field for the whole export; `extra` are the
    categories Hallway has no field for, and `fallback` the one taken as the track."""

    fields: dict[str, str] = field(default_factory=dict)  # normalized title -> field
    extra: list[str] = field(default_factory=list)
    fallback: str | None = None


def plan(categories: Iterable[tuple[str, list[str]]]) -> Plan:
    """Decided once for the export (from every session's categories), so that one session's
    "Tags" never becomes its track because it happens to have no Track item."""
    out = Plan()
    unplaced: list[str] = []
    most: dict[str, int] = {}  # title -> the most items one session has
    for title, names in categories:
        most[title] = max(most.get(title, 0), len(names))
    for title in most:
        words = set(normalize(title).split())
        role = next((name for name, said in _FIELD_WORDS if words & said), None)
        if role is None or role in out.fields.values():  # a second "Track": no second field
            unplaced.append(title)
        else:
            out.fields[normalize(title)] = role
    # An export with no Track or Topic category often sorts its talks by another, one per talk
    # ("Category"): that is what the schedule's track filter is for. Tags, several per talk,
    # are not.
    if "track" not in out.fields.values():
        out.fallback = next((t for t in unplaced if most[t] == 1), None)
        if out.fallback:
            unplaced.remove(out.fallback)
            out.fields[normalize(out.fallback)] = "track"
    out.extra = [t for t in unplaced if most[t] > 0]
    return out


def categorize(categories: Categories, how: Plan) -> tuple[dict[str, str], tuple[str, ...]]:
    """The session's fields from its categories, and paragraphs for what has no field
    ("Tags: Kotlin, Compose"), so that nothing the organizers said is lost."""
    fields: dict[str, str] = {}
    extra: list[str] = []
    for title, names in categories:
        role = how.fields.get(normalize(title))
        if not names:
            continue
        if role in ("level", "kind"):  # free text: several items are said together
            fields.setdefault(role, ", ".join(names))
            continue
        if role == "track":
            fields.setdefault(role, names[0])
        elif role == "language":
            fields.setdefault(role, language_tag(names[0]))
        if role is None or len(names) > 1:  # one track, one language: the others are told
            extra.append(f"{title}: {', '.join(names)}")
    return fields, tuple(extra)


def language_tag(name: str) -> str:
    """A language's tag ("German" -> "de"); a name the table does not know is kept as written,
    and the app shows it as such."""
    return tag_of(name) or name
