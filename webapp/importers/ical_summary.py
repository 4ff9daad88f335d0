"""Speakers written into the title (SUMMARY), as two exporters do, told apart by PRODID.

- pretalx (`-//pretalx//host//...`) writes `f"{title} - {speakers}"` for every session, the
  speakers' display names joined by ", " (empty when there are none: `Title - `); some events
  give each name its organisation in brackets (`Name [Org]`), which may contain " - " too.
  Every title of the file carries the separator, or the file is not that export and nothing
  is split.
- Sched (`-//Sched.com Event name//EN`) writes its heading, `Title - Name, Company & Name,
  Company` (company optional; people of one company share it: `A & B, Co`). A title may
  contain " - " itself, and a session without speakers has no separator at all (or a
  dangling one), so a cut is taken only where what follows it reads as people: a name that
  recurs as a speaker elsewhere in the file, or else every name shaped like a person's.

Any other calendar's title is kept whole: " - " there is the title's own.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from ..domain.ids import normalize
from .affiliation import name_and_org
from .ical_people import clean_name
from .ical_sched import first_names, like_a_name
from .ical_sched import people as sched_people

People = list[tuple[str, str | None, str | None]]  # (name, role, company)

_BRACKETED = re.compile(r"\s*[(\[][^()\[\]]*[)\]]")


def split_titles(titles: Iterable[str], exporter: str | None) -> dict[str, tuple[str, People]]:
    """title -> (title without the speakers, the speakers), for the titles that have some."""
    titles = list(dict.fromkeys(titles))
    if exporter == "pretalx" and titles and all(_cuts(t) for t in titles):
        split = {t: _pretalx(t, _cuts(t)[-1]) for t in titles}
    elif exporter == "sched":
        known = _recurring(titles)
        split = {t: _sched(t, known) for t in titles}
    else:
        return {}
    return {t: (title, people) for t, (title, people) in split.items() if title and title != t}


def _cuts(title: str) -> list[tuple[int, int]]:
    """(start, end) of each " - " outside brackets, and of a dangling " -" at the end."""
    out, depth = [], 0
    for i, char in enumerate(title):
        depth += {"[": 1, "(": 1, "]": -1, ")": -1}.get(char, 0)
        if depth <= 0 and title.startswith(" - ", i):
            out.append((i, i + 3))
    if title.endswith(" -") and depth <= 0:
        out.append((len(title) - 2, len(title)))
    return out


def _pretalx(title: str, cut: tuple[int, int]) -> tuple[str, People]:
    people: People = []
    for piece in _split_outside_brackets(title[cut[1] :]):
        name, org = name_and_org(piece)
        org = clean_name(org) or None if org else None
        if clean_name(name):
            people.append((clean_name(name), None, org))
    return title[: cut[0]].strip(), people


def _split_outside_brackets(text: str) -> list[str]:
    pieces, depth, start = [], 0, 0
    for i, char in enumerate(text):
        depth += {"[": 1, "]": -1}.get(char, 0)
        if char == "," and depth <= 0:
            pieces.append(text[start:i])
            start = i + 1
    return [p.strip() for p in [*pieces, text[start:]] if p.strip()]


def _sched(title: str, known: set[str]) -> tuple[str, People]:
    cuts = _cuts(title)
    if cuts and cuts[-1][1] == len(title):  # "Title -": a session without speakers
        return title[: cuts[-1][0]].strip(), []
    readings = [(cut, _sched_people(title[cut[1] :], known)) for cut in reversed(cuts)]
    for (start, _), people in readings:  # a speaker of another session: surely people
        names = [normalize(n) for n, _, _ in people]
        if people and any(n in known for n in names):
            if all(n in known or _like_a_name(p) for n, (p, _, _) in zip(names, people, strict=True)):
                return title[:start].strip(), people
    for (start, _), people in readings:  # the rightmost cut where all read as names
        if people and all(_like_a_name(name) for name, _, _ in people):
            return title[:start].strip(), people
    return title, []


def _sched_people(text: str, known: set[str]) -> People:
    """The people `ical_sched` reads, their names and affiliations cleaned."""
    found = sched_people(text, known)
    return [
        (clean_name(n), clean_name(r) if r else None, clean_name(c) if c else None)
        for n, r, c in found
        if clean_name(n)
    ]


def _recurring(titles: list[str]) -> set[str]:
    """Names that follow a cut in the titles of two or more different sessions. Headings that
    differ only in brackets ("Main Concert (Gold Team)", "(Red Team)") are one show twice, and
    what holds a colon (a show's own title: '"Alexa: Play..."') is no name."""
    heads: dict[str, set[str]] = defaultdict(set)
    for title in titles:
        for start, end in _cuts(title):
            for name in first_names(title[end:]):
                if ":" not in name:
                    heads[normalize(name)].add(normalize(_BRACKETED.sub("", title[:start])))
    return {name for name, seen in heads.items() if name and len(seen) > 1}


def _like_a_name(name: str) -> bool:
    """A person's name by its shape, and no word a title uses ("Welcome - Opening Remarks")."""
    return like_a_name(name) and not any(w.lower().strip(".,") in _TITLE_WORDS for w in name.split())


# Words of titles that are not parts of people's names ("Welcome - Opening Remarks").
_TITLE_WORDS = {
    "a", "an", "the", "of", "and", "or", "to", "for", "with", "in", "on", "at", "by", "from",
    "into", "your", "our", "my", "how", "why", "what", "when", "is", "are", "vs", "remarks",
    "break", "lunch", "coffee", "breakfast", "keynote", "welcome", "opening", "closing", "panel",
    "session", "sessions", "talk", "talks", "workshop", "party", "reception", "registration",
    "networking", "introduction", "tutorial", "demo", "office", "hours", "update", "updates",
    "overview", "meeting", "forum", "lab", "labs", "track", "q&a", "ama",
}  # fmt: skip
