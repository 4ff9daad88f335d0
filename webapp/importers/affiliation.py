"""A person's organisation written after their name in brackets: `Name [Org]`.

Some pretalx events ask speakers to add their organisation to their name that way; pretalx
then writes the same string everywhere (the JSON's and XML's person, the ICS's title), so
every importer reads it alike and one person stays one person.
"""

from __future__ import annotations

import re

_BRACKETED = re.compile(r"^(.*?)\s*\[([^\[\]]*)\]$")


def name_and_org(text: str) -> tuple[str, str | None]:
    """("Name", "Org") for "Name [Org]"; (text, None) when nothing but a name is left."""
    bracketed = _BRACKETED.match(text.strip())
    if not bracketed or not bracketed[1].strip():
        return text.strip(), None
    return bracketed[1].strip(), " ".join(bracketed[2].split()) or None
