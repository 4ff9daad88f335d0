"""Names the frab/c3voc formats carry that our importer and our exporter must agree on.

A Hallway export names itself (`generator`), keeps what the formats have no field for under
one extension key, and links every event to `<base_url>/session/<id>`: that link is how an
import of our own export gets each session's id back.
"""

from __future__ import annotations

import re

GENERATOR = "Hallway"
EXTENSION = "hallway"
SESSION_PATH = "/session/"


def slugify(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")
