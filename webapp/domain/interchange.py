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


# A Hallway calendar (`/schedule.ics`) names itself and says, in properties other calendars
# ignore, what its LOCATION, CATEGORIES and DESCRIPTION mix for people to read: the room
# apart from the venue, the kind apart from the track, the speakers apart from the text.
ICAL_PRODID = "-//Hallway//Conference schedule//EN"
ICAL_ROOM = "X-HALLWAY-ROOM"
ICAL_KIND = "X-HALLWAY-KIND"
ICAL_TRACK = "X-HALLWAY-TRACK"
ICAL_SPEAKER = "X-HALLWAY-SPEAKER"
ICAL_URL = "X-HALLWAY-URL"  # the session's own page at its source (URL is its page here)
ICAL_SPEAKER_ID = "X-ID"  # a parameter of ICAL_SPEAKER: the speaker's id
