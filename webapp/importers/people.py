"""Sched headings ("Title - Name, Company & Name, Company") against the speaker blocks.

The heading is typed by hand and can misspell a name, drop a comma or name someone who has
no profile; the speaker blocks are the profiles. The blocks win; the heading only adds
people missing from the blocks and companies the blocks lack.
"""

from __future__ import annotations

from dataclasses import replace
from difflib import SequenceMatcher

from .raw import RawSpeaker, normalize

_SIMILAR = 0.85


def same_person(heading_name: str, profile_name: str) -> bool:
    """Whether a name from a heading means the person of a profile.

    Compares the heading's first words with the profile's ("Amir Afzail Meta" is the
    profile "Amir Afzali" with a missing comma; "Daniel Holanda Noronha" is "Daniel Holanda").
    """
    a, b = normalize(heading_name).split(), normalize(profile_name).split()
    if not a or not b:
        return False
    n = min(len(a), len(b))
    if a[:n] == b[:n]:
        return True
    head, prof = " ".join(a[: len(b)]), " ".join(b)
    return SequenceMatcher(None, head, prof).ratio() >= _SIMILAR


def split_heading(heading: str, profiles: list[str]) -> tuple[str, str | None]:
    """(title, people part) of a heading; the title itself may contain " - "."""
    cuts = [i for i in range(len(heading)) if heading.startswith(" - ", i)]
    for i in cuts:
        first = heading[i + 3 :].replace(" & ", ",").split(",")[0]
        if any(same_person(first, p) for p in profiles):
            return heading[:i].strip(), heading[i + 3 :].strip()
    if cuts and (profiles or "," in heading[cuts[-1] :]):
        return heading[: cuts[-1]].strip(), heading[cuts[-1] + 3 :].strip()
    return heading.strip(), None


def heading_people(people: str | None, profiles: list[str]) -> list[tuple[str, str | None]]:
    """(name, company) for each person a heading names, in its order.

    "A & B, Co" puts both at Co; in a part "A, B, C Co" (a dropped comma) only a piece that
    is not a known profile counts as the company.
    """
    if not people:
        return []
    out: list[tuple[str, str | None]] = []
    pending: list[str] = []
    parts = people.split(" & ")
    for index, part in enumerate(parts):
        pieces = [p.strip() for p in part.split(",") if p.strip()]
        company = None
        if len(pieces) > 1 and not any(same_person(pieces[-1], p) for p in profiles):
            company = pieces.pop()
        pending.extend(pieces)
        if company is not None or index == len(parts) - 1:
            out.extend((name, company) for name in pending)
            pending = []
    return out


def reconcile(heading: list[tuple[str, str | None]], blocks: list[RawSpeaker]) -> list[RawSpeaker]:
    """The session's speakers: the blocks in their order, then heading-only people."""
    speakers = []
    for block in blocks:
        company = next((c for n, c in heading if c and same_person(n, block.name)), None)
        speakers.append(block if block.company or not company else replace(block, company=company))
    # "Name, Aalto University & Mind Lab": a piece of a company is nobody.
    companies = " | ".join(normalize(f"{b.role} {b.company}") for b in blocks)
    for name, company in heading:
        if not any(same_person(name, b.name) for b in blocks) and normalize(name) not in companies:
            speakers.append(RawSpeaker(name=name, company=company))
    return speakers
