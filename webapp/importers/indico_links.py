"""A contribution's slides, papers and links, as Indico's exports list them: the event export in
`folders` of `attachments` (and again, older, in `material`), the timetable in `attachments`
(`files` and `folders`), an old Indico's timetable in `material` of `resources`. Only absolute
http(s) addresses are kept: the timetable's own are relative to a server it does not name."""

from __future__ import annotations

from typing import Any

from ..domain.model import Link
from .indico_fields import text
from .markup import safe_url


def links(item: dict[str, Any]) -> tuple[Link, ...]:
    found: list[dict[str, Any]] = []
    for folder in _dicts(item.get("folders")):
        if folder.get("is_protected") is not True:
            found += _dicts(folder.get("attachments"))
    attachments = item.get("attachments")
    if isinstance(attachments, dict):
        found += _dicts(attachments.get("files"))
        for folder in _dicts(attachments.get("folders")):
            found += _dicts(folder.get("attachments"))
    if not found and not _dicts(item.get("folders")):
        # The legacy listing repeats the folders (without saying which are protected): read
        # only when there are none.
        for material in _dicts(item.get("material")):
            found += _dicts(material.get("resources"))
    out: list[Link] = []
    for a in found:
        # The export lists what its API key may read; a protected one is not for the public.
        if a.get("is_protected") is True:
            continue
        is_link = a.get("type") == "link" or a.get("_type") == "Link"
        url = safe_url(
            a.get("link_url") if a.get("type") == "link" else a.get("download_url") or a.get("url")
        )
        if url is None:
            continue
        name = text(a.get("title")) or text(a.get("name")) or text(a.get("filename"))
        link = Link(url=url, title=name, kind="link" if is_link else "attachment")
        if link not in out:
            out.append(link)
    return tuple(out)


def _dicts(value: Any) -> list[dict[str, Any]]:
    return [x for x in value if isinstance(x, dict)] if isinstance(value, list) else []


def page(item: dict[str, Any]) -> str | None:
    """The contribution's own page on the Indico server (`url`), an absolute web address only."""
    url = text(item.get("url"))
    return url if url and url.lower().startswith(("https://", "http://")) else None
