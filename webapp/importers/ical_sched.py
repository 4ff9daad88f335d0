"""The people a Sched calendar's heading names after its title, read as organizers write them.

Sched writes `Title - Name, Affiliation & Name, Affiliation`, and organizers fill the people
part by hand: groups of one affiliation apart by `;` (`A & B, Isovalent at Cisco; C & D,
Google`), people by `&`, `and` or `,`, and after a name its job title, its organization or
both (`Ricardo Rocha, Lead Platforms Infrastructure, CERN`). A name is the first piece of each
part; a later piece is a person only when the file names that person elsewhere, or it reads as
a name and is not the last piece; a piece with a job or organization word (Founder, Lead,
Engineer, University, Inc) is an affiliation, never a person. People without an affiliation
of their own share the next one in their group (`A & B, Co`).
"""

from __future__ import annotations

import re

from ..domain.ids import normalize

Person = tuple[str, str | None, str | None]  # (name, role, company)

# Words of job titles and organizations: a piece holding one is an affiliation.
_JOB_WORDS = {
    "founder", "cofounder", "co-founder", "ceo", "cto", "cfo", "coo", "cio", "ciso", "vp", "svp",
    "evp", "president", "chief", "head", "lead", "leader", "director", "manager", "engineer",
    "engineering", "architect", "developer", "maintainer", "principal", "senior", "staff",
    "officer", "scientist", "researcher", "professor", "student", "consultant", "advocate",
    "evangelist", "specialist", "analyst", "partner", "owner", "chair", "member", "fellow",
    "distinguished", "product", "program", "programme", "project", "technical", "software",
    "platform", "platforms", "infrastructure", "devops", "sre", "intern", "contributor",
    "ambassador", "coordinator", "administrator", "editor", "author", "speaker", "emeritus",
}  # fmt: skip
_ORG_WORDS = {
    "inc", "inc.", "ltd", "ltd.", "llc", "gmbh", "ag", "sa", "sas", "bv", "b.v.", "corp", "corp.",
    "corporation", "company", "co.", "university", "universität", "université", "universidad",
    "institute", "foundation", "labs", "lab", "group", "technologies", "systems", "solutions",
    "services", "consulting", "cloud", "networks", "college", "school", "agency",
    "ministry", "council", "association", "society", "plc", "org",
}  # fmt: skip
_PARTICLES = {
    "van", "von", "de", "der", "den", "da", "di", "du", "del", "della", "la", "le", "bin", "al",
    "el", "y", "dos", "das", "ter", "zu", "af",
}  # fmt: skip
_NAME_WORD = re.compile(r"^[^\W\d_][\w'’.-]*$")
_AND = re.compile(r"\s+and\s+")


def people(text: str, known: set[str]) -> list[Person]:
    """Everyone the people part of a heading names, in order; `known`: normalized names the
    file gives as people elsewhere."""
    out: list[Person] = []
    for group in (g for g in re.split(r"\s*;\s*", text) if g.strip()):
        entries: list[tuple[list[str], list[str]]] = []  # (names, their affiliation's pieces)
        for part in re.split(r"\s+&\s+", group):
            pieces = [p.strip() for p in part.split(",") if p.strip()]
            if not pieces:
                continue
            names, affiliation = _and_split(pieces[0], known), []
            rest = pieces[1:]
            for k, piece in enumerate(rest):
                if not affiliation and _is_person(piece, known, last=k == len(rest) - 1):
                    names.append(piece)
                else:
                    affiliation.append(piece)
            entries.append((names, affiliation))
        entries = _continued(entries, known)
        pending: list[str] = []
        for names, affiliation in entries:
            pending += names
            if affiliation:
                role, company = _role_and_company(affiliation)
                out += [(name, role, company) for name in pending]
                pending = []
        out += [(name, None, None) for name in pending]
    return out


def first_names(text: str) -> list[str]:
    """The pieces that are surely names: the first of each part (for `known`)."""
    parts = (p for g in text.split(";") for p in re.split(r"\s+&\s+", g))
    firsts = (p.split(",")[0].strip() for p in parts)
    return [n for first in firsts if first for n in _AND.split(first) if n.strip()]


def like_a_name(name: str) -> bool:
    """Shaped like a person's name: two to five words, each capitalised, an initial or a
    particle (van, de...), no digits, no job or organization word."""
    words = name.split()
    if not 2 <= len(words) <= 5:
        return False
    for word in words:
        lower = word.lower().strip(".,")
        if lower in _JOB_WORDS or lower in _ORG_WORDS or not _NAME_WORD.match(word):
            return False
        if not (word[0].isupper() or lower in _PARTICLES):
            return False
    return True


def _affiliation_words(piece: str) -> bool:
    words = {w.lower().strip(".,()") for w in piece.split()}
    return bool(words & (_JOB_WORDS | _ORG_WORDS))


def _is_person(piece: str, known: set[str], last: bool) -> bool:
    if normalize(piece) in known:
        return True
    return not last and not _affiliation_words(piece) and like_a_name(piece)


def _and_split(first: str, known: set[str]) -> list[str]:
    """ "Nick Young and James Strong": two people when each side reads as one."""
    sides = [s.strip() for s in _AND.split(first)]
    if len(sides) > 1 and all(normalize(s) in known or like_a_name(s) for s in sides):
        return sides
    return [first]


def _continued(
    entries: list[tuple[list[str], list[str]]], known: set[str]
) -> list[tuple[list[str], list[str]]]:
    """ "Name, Aalto University & Mind Lab": a last part of one unknown piece after an
    affiliation, and not a person's name, continues that affiliation."""
    if len(entries) < 2 or not entries[-2][1] or entries[-1][1] or len(entries[-1][0]) != 1:
        return entries
    piece = entries[-1][0][0]
    if normalize(piece) in known or (like_a_name(piece) and not _affiliation_words(piece)):
        return entries
    names, affiliation = entries[-2]
    return [*entries[:-2], (names, [*affiliation[:-1], f"{affiliation[-1]} & {piece}"])]


def _role_and_company(pieces: list[str]) -> tuple[str | None, str | None]:
    """A job title then an organization; one piece is a role when it holds a job word."""
    if len(pieces) > 1:
        return ", ".join(pieces[:-1]), pieces[-1]
    words = {w.lower().strip(".,()") for w in pieces[0].split()}
    return (pieces[0], None) if words & _JOB_WORDS and not words & _ORG_WORDS else (None, pieces[0])
