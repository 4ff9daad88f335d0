"""The fields of a frab event that other apps key on, kept as the source wrote them.

EventFahrplan and Giggity keep favourites and alarms by an event's guid (or its integer id);
a language, subtitle and links are shown beside the talk. Our own export writes guids and
ids it made up for sessions that had none: those come back as "none" (the `hallway`
extension says which were the source's), so a round trip changes nothing.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..domain.model import Link, Session

_UUID = re.compile(r"^[0-9a-fA-F]{8}(-[0-9a-fA-F]{4}){3}-[0-9a-fA-F]{12}$")
_HTTP = re.compile(r"^https?://\S+$")


def clean_text(value: Any) -> str | None:
    return value.strip() or None if isinstance(value, str) else None


def kept_ids(item: dict[str, Any], extra: dict[str, Any], ours: bool) -> tuple[str | None, int | None]:
    """The event's (guid, integer id) as its source gave them."""
    if ours:
        guid, number = extra.get("guid"), extra.get("number")
    else:
        guid, number = item.get("guid"), item.get("id")
        if isinstance(number, str) and number.strip().isdigit() and len(number.strip()) <= 18:
            number = int(number)
    guid = guid.strip().lower() if isinstance(guid, str) and _UUID.match(guid.strip()) else None
    number = number if isinstance(number, int) and not isinstance(number, bool) and number > 0 else None
    return guid, number


def links(item: dict[str, Any], base: str | None = None) -> tuple[Link, ...]:
    """Links, then attachments; only web addresses (a `javascript:` href is no link). `base`:
    the site an address written as a path is on (pretalx's attachments: "/media/...")."""
    out: list[Link] = []
    for kind, key in (("link", "links"), ("attachment", "attachments")):
        refs = item.get(key)
        for ref in refs if isinstance(refs, list) else ():
            # c3voc's merged files list some links as bare addresses.
            url = ref.get("url") if isinstance(ref, dict) else ref
            if isinstance(url, str) and base and url.startswith("/") and not url.startswith("//"):
                url = base.rstrip("/") + url
            if isinstance(url, str) and _HTTP.match(url.strip()):
                title = clean_text(ref.get("title")) if isinstance(ref, dict) else None
                link = Link(url=url.strip(), title=title, kind=kind)
                if link not in out:
                    out.append(link)
    return tuple(out)


def page_url(item: dict[str, Any]) -> str | None:
    """The event's own page at its source (frab's and pretalx's `url`), a web address only."""
    url = clean_text(item.get("url"))
    return url if url and _HTTP.match(url) else None


def main_language(sessions: Iterable[Session]) -> str | None:
    """The language most sessions are in: what an event without one falls back to."""
    counts = Counter(s.language for s in sessions if s.language)
    return counts.most_common(1)[0][0] if counts else None


def track_of(item: dict[str, Any], title: str, ours: bool) -> str | None:
    """Our XML export names the event as the track of a session that has none (the XSD
    wants one, and an empty one makes readers invent a track per talk): that is no track."""
    track = clean_text(item.get("track"))
    return None if ours and track == title.strip() else track
